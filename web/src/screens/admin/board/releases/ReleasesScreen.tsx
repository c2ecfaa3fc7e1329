import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, loadQuery, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import type { ReleaseCard_board$key } from '../../../../../__generated__/ReleaseCard_board.graphql.ts';
import type { ReleasesScreenPaginationQuery } from '../../../../../__generated__/ReleasesScreenPaginationQuery.graphql.ts';
import type { ReleasesScreen_board$key } from '../../../../../__generated__/ReleasesScreen_board.graphql.ts';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { redirect, useLoaderData, useSearchParams } from 'react-router-dom';
import type { ReleasesScreenQuery as TQuery } from '../../../../../__generated__/ReleasesScreenQuery.graphql.ts';
import { getEnvironment } from '../../../../relay/environment.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
import { LoadMoreButton } from '../../../../ui/LoadMoreButton.tsx';
import { releaseMessages as messages } from './messages.ts';
import { rowIdOf } from '../../../../relay/row-id.ts';
import { ReleaseCard } from './ReleaseCard.tsx';
import { ReleaseFormModal } from './ReleaseFormModal.tsx';

const FILTERS = {
  all: { value: 'ALL', label: messages.filterAll },
  published: { value: 'PUBLISHED', label: messages.filterPublished },
  unpublished: { value: 'UNPUBLISHED', label: messages.filterUnpublished },
} as const;
type TFilterKey = keyof typeof FILTERS;

function toFilterKey(value: string | null): TFilterKey {
  return value === 'published' || value === 'unpublished' ? value : 'all';
}

/** Releases a page holds: the first page, and each "Load more". */
export const RELEASES_PAGE_SIZE = 20;

export const releasesScreenQuery = graphql`
  query ReleasesScreenQuery($id: ID!, $filter: ReleaseFilter!) {
    board(id: $id) {
      id
      ...ReleasesScreen_board @arguments(filter: $filter)
      ...ReleaseCard_board
    }
  }
`;

/** Preloads the releases the address's filter names. */
export function releasesScreenLoader({ params, request }: LoaderFunctionArgs) {
  if (!getAuthToken()) throw redirect('/login');
  const key = toFilterKey(new URL(request.url).searchParams.get('filter'));
  return loadQuery<TQuery>(
    getEnvironment(),
    releasesScreenQuery,
    { id: params.boardId ?? '', filter: FILTERS[key].value },
    { fetchPolicy: 'store-and-network' },
  );
}

/** /admin/boards/{id}/releases: release notes, newest first, filtered by publication. */
export function ReleasesScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { board } = usePreloadedQuery<TQuery>(releasesScreenQuery, queryRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = toFilterKey(searchParams.get('filter'));
  const [isAdding, setIsAdding] = useState(false);
  const filterId = useId();
  if (!board) return null;

  return (
    <section aria-labelledby="releases-title">
      <header className="section-header">
        <div>
          <h2 id="releases-title" className="section-header__title">
            {intl.formatMessage(messages.title)}
          </h2>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
        <button type="button" className="button button--primary" onClick={() => setIsAdding(true)}>
          <Icon name="plus" size={18} />
          {intl.formatMessage(messages.add)}
        </button>
      </header>
      <div className="toolbar">
        <div className="field">
          <label className="field__label" htmlFor={filterId}>
            {intl.formatMessage(messages.filter)}
          </label>
          <select
            id={filterId}
            className="field__input field__select"
            value={filter}
            onChange={(event) => {
              const next = toFilterKey(event.target.value);
              setSearchParams(next === 'all' ? {} : { filter: next });
            }}
          >
            {(Object.keys(FILTERS) as TFilterKey[]).map((key) => (
              <option key={key} value={key}>
                {intl.formatMessage(FILTERS[key].label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ReleaseList
        board={board}
        cardBoard={board}
        boardId={board.id}
        isAdding={isAdding}
        // A new release is unpublished: it joins the list unless it shows published ones only.
        joinsList={filter !== 'published'}
        onAddClose={() => setIsAdding(false)}
      />
    </section>
  );
}

/**
 * The board's releases a page at a time (RELEASES_PAGE_SIZE, then "Load more"): each card
 * reads its notes' excerpt, not the notes (the whole notes load when a release is edited). The
 * add dialog's new release joins this connection.
 */
function ReleaseList({
  board,
  cardBoard,
  boardId,
  isAdding,
  joinsList,
  onAddClose,
}: {
  board: ReleasesScreen_board$key;
  cardBoard: ReleaseCard_board$key;
  boardId: string;
  isAdding: boolean;
  joinsList: boolean;
  onAddClose: () => void;
}) {
  const intl = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    ReleasesScreenPaginationQuery,
    ReleasesScreen_board$key
  >(
    graphql`
      fragment ReleasesScreen_board on Board
      @refetchable(queryName: "ReleasesScreenPaginationQuery")
      @argumentDefinitions(
        filter: { type: "ReleaseFilter", defaultValue: ALL }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      ) {
        releases(filter: $filter, first: $first, after: $after)
          @connection(key: "ReleasesScreen_releases") {
          __id
          edges {
            node {
              id
              releaseDate
              ...ReleaseCard_release
            }
          }
        }
      }
    `,
    board,
  );
  // Newest release date first, as the server lists them, also for one just added (it goes in at
  // the front of the list whatever its date).
  const releases = [...data.releases.edges].sort(
    (a, b) =>
      b.node.releaseDate.localeCompare(a.node.releaseDate) ||
      Number(rowIdOf(b.node.id)) - Number(rowIdOf(a.node.id)),
  );
  const addModal = (
    <ReleaseFormModal
      isOpen={isAdding}
      onClose={onAddClose}
      boardId={boardId}
      connections={joinsList ? [data.releases.__id] : []}
    />
  );
  if (releases.length === 0) {
    return (
      <>
        <div className="card">
          <EmptyState
            icon="gift"
            headingLevel={3}
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(messages.emptyText)}
          />
        </div>
        {addModal}
      </>
    );
  }
  return (
    <>
      <ul className="release-list" ref={listRef}>
        {releases.map(({ node }) => (
          <li key={node.id}>
            <ReleaseCard release={node} board={cardBoard} />
          </li>
        ))}
      </ul>
      {hasNext ? (
        <div className="release-list__footer">
          <LoadMoreButton
            label={intl.formatMessage(messages.loadMore)}
            isLoading={isLoadingNext}
            onClick={() => {
              // Focus goes on to the first release loaded (the button goes away after the
              // last page): the name of its card.
              const shown = releases.length;
              loadNext(RELEASES_PAGE_SIZE, {
                onComplete: (error) => {
                  if (error) return;
                  requestAnimationFrame(() =>
                    listRef.current?.children[shown]?.querySelector<HTMLElement>('h3')?.focus(),
                  );
                },
              });
            }}
          />
        </div>
      ) : null}
      {addModal}
    </>
  );
}
