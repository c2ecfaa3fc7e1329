import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, loadQuery, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { redirect, useLoaderData, useSearchParams } from 'react-router-dom';
import type { ReleasesScreenQuery as TQuery } from '../../../../../__generated__/ReleasesScreenQuery.graphql.ts';
import { getEnvironment } from '../../../../relay/environment.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
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

export const releasesScreenQuery = graphql`
  query ReleasesScreenQuery($id: ID!, $filter: ReleaseFilter!) {
    board(id: $id) {
      id
      releases(filter: $filter, first: 100) @connection(key: "ReleasesScreen_releases") {
        __id
        edges {
          node {
            id
            releaseDate
            ...ReleaseCard_release
          }
        }
      }
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
  // Newest release date first, as the server lists them, also for one just added (it goes in at
  // the front of the list whatever its date).
  const releases = [...board.releases.edges].sort(
    (a, b) =>
      b.node.releaseDate.localeCompare(a.node.releaseDate) ||
      Number(rowIdOf(b.node.id)) - Number(rowIdOf(a.node.id)),
  );

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
      {releases.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="gift"
            headingLevel={3}
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(messages.emptyText)}
          />
        </div>
      ) : (
        <ul className="release-list">
          {releases.map(({ node }) => (
            <li key={node.id}>
              <ReleaseCard release={node} board={board} />
            </li>
          ))}
        </ul>
      )}
      <ReleaseFormModal
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
        boardId={board.id}
        connections={filter === 'published' ? [] : [board.releases.__id]}
      />
    </section>
  );
}
