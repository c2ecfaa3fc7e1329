import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, loadQuery, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import {
  Link,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
import type { IdeasScreenQuery as TIdeasScreenQuery } from '../../../../../__generated__/IdeasScreenQuery.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { getEnvironment } from '../../../../relay/environment.ts';
import { boardPath, rowIdOf } from '../../../../relay/row-id.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
import { useViewOnlyProps } from '../board-access.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { useIdeaDetailFromAddress } from './useIdeaDetailFromAddress.ts';
import { activeElement, openerOf } from './focus-targets.ts';
import type { TDetailOpener } from './focus-targets.ts';
import { IDEAS_PAGE_SIZE, IdeasList } from './IdeasList.tsx';
import {
  IDEA_FILTERS,
  IDEA_SORTS,
  EMPTY_SEGMENT,
  SEARCH_MAX,
  isNarrowed,
  isSegmentSet,
  segmentInput,
  parseListParams,
  withListParams,
} from './list-params.ts';
import type { TIdeaFilter, TIdeaSort, TListParams } from './list-params.ts';
import { filterMessages, sortMessages } from './messages.ts';
import { EmptyBoard, IdeaDetailModal, SampleIdeasBanner } from './lazy-idea-detail.ts';
import { SegmentFilter } from './SegmentFilter.tsx';
import { useStatusName } from '../statuses/CustomStatusBadge.tsx';
import { TagFilter } from '../tags/TagFilter.tsx';
import { parseTagParam, tagIdsInput, withTagParam } from '../tags/tag-filter-params.ts';

const messages = defineMessages({
  title: { id: 'ideas.title', defaultMessage: 'Ideas' },
  add: { id: 'ideas.add', defaultMessage: 'Add idea' },
  filter: { id: 'ideas.filter.label', defaultMessage: 'Show' },
  sort: { id: 'ideas.sort.label', defaultMessage: 'Sort by' },
  search: { id: 'ideas.search.label', defaultMessage: 'Search ideas' },
  searchPlaceholder: {
    id: 'ideas.search.placeholder',
    defaultMessage: 'Search titles and descriptions',
  },
  capped: {
    id: 'ideas.capped',
    defaultMessage:
      '{count, plural, one {# idea is} other {# ideas are}} hidden from your users because your plan shows fewer ideas; you still see {count, plural, one {it} other {them}} below, locked. <link>Upgrade your plan to show them all.</link>',
  },
  filteredTitle: { id: 'ideas.filtered.title', defaultMessage: 'No ideas match' },
  filteredText: {
    id: 'ideas.filtered.text',
    defaultMessage: 'Try another status or other words, or show every idea.',
  },
  filteredReset: { id: 'ideas.filtered.reset', defaultMessage: 'Show all ideas' },
});

export const ideasScreenQuery = graphql`
  query IdeasScreenQuery(
    $id: ID!
    $filter: IdeaFilter!
    $sort: IdeaSort!
    $search: String
    $segment: IdeaSegment
    $tagIds: [ID!]
    $first: Int!
  ) {
    ...SegmentFilter_query
    ...IdeasList_query
    board(id: $id) {
      id
      name
      isPublic
      canAddSampleIdeas
      sampleIdeaCount
      statuses {
        kind
        nameEn
        namePl
      }
      limits {
        cappedIdeas
        ideaCap
        isIdeaCapReached
      }
      ...TagFilter_board
      ...IdeasList_board
        @arguments(
          filter: $filter
          sort: $sort
          search: $search
          segment: $segment
          tagIds: $tagIds
          first: $first
        )
    }
  }
`;

/** Preloads the view the address names (filter, sort, search). */
export function ideasScreenLoader({ params, request }: LoaderFunctionArgs) {
  if (!getAuthToken()) throw redirect('/login');
  const address = new URL(request.url).searchParams;
  const view = parseListParams(address);
  return loadQuery<TIdeasScreenQuery>(
    getEnvironment(),
    ideasScreenQuery,
    {
      id: params.boardId ?? '',
      filter: view.filter,
      sort: view.sort,
      search: view.search || null,
      segment: segmentInput(view.segment),
      tagIds: tagIdsInput(parseTagParam(address)),
      first: IDEAS_PAGE_SIZE,
    },
    { fetchPolicy: 'store-and-network' },
  );
}

export { shouldRevalidateUnlessOnlyTheIdea as shouldIdeasScreenRevalidate } from './detail-route.ts';

/** The address state of an idea opened from the list: closing it goes back in history. */
type TOpenedState = { isOpenedFromList?: boolean } | null;

/**
 * /admin/boards/{id}/list: the board's ideas, filtered, sorted and searched through the address.
 * /admin/boards/{id}/ideas/{ideaId} shows an idea over the list, so it can be linked and
 * reloaded; Back (or closing it) returns to the list.
 */
export function IdeasScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TIdeasScreenQuery>;
  const data = usePreloadedQuery<TIdeasScreenQuery>(ideasScreenQuery, queryRef);
  const { board } = data;
  const [searchParams, setSearchParams] = useSearchParams();
  const view = parseListParams(searchParams);
  const tag = parseTagParam(searchParams);
  const [searchText, setSearchText] = useState(view.search);
  const [isAdding, setIsAdding] = useState(false);
  const viewOnly = useViewOnlyProps();
  const nameOf = useStatusName();
  const filterId = useId();
  const sortId = useId();
  const searchId = useId();
  const detailOpener = useRef<TDetailOpener | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { ideaId, detailRef } = useIdeaDetailFromAddress(board?.id);

  // The search the box last put in the address. Typing searches after a short pause, without a
  // history entry per key; when the address changes otherwise (the reset button, back and
  // forward), the box follows it. Only typing starts a search, so a search still waiting for
  // its pause cannot overwrite a navigation made meanwhile (it once undid "Show all ideas").
  const typedSearch = useRef(view.search);
  useEffect(() => {
    if (view.search === typedSearch.current) return;
    typedSearch.current = view.search;
    setSearchText(view.search);
  }, [view.search]);
  useEffect(() => {
    const search = searchText.trim();
    if (search === typedSearch.current) return;
    const timer = setTimeout(() => {
      typedSearch.current = search;
      setSearchParams((current) => withListParams(current, { search }), { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, setSearchParams]);

  if (!board) return null;
  const setView = (change: Partial<TListParams>) =>
    setSearchParams((current) => withListParams(current, change));
  const handleOpen = (openedId: string) => {
    const plainId = rowIdOf(openedId, 'Idea') || openedId;
    // Opening another idea from inside the dialog (a duplicate's kept idea) keeps the first
    // opener, and replaces the address: closing goes back to the card and the list it came from.
    const isNested = Boolean(ideaId);
    if (!isNested) detailOpener.current = { ideaId: openedId, element: activeElement() };
    const state: TOpenedState = isNested
      ? ((location.state as TOpenedState | null) ?? { isOpenedFromList: false })
      : { isOpenedFromList: true };
    navigate(
      {
        pathname: `${boardPath(board.id)}/ideas/${encodeURIComponent(plainId)}`,
        search: location.search,
      },
      { state, replace: isNested },
    );
  };
  const handleCloseDetail = () => {
    if ((location.state as TOpenedState | null)?.isOpenedFromList) {
      navigate(-1);
    } else {
      navigate(
        { pathname: `${boardPath(board.id)}/list`, search: location.search },
        { replace: true },
      );
    }
  };
  const limits = board.limits;

  return (
    <section className="ideas-screen" aria-labelledby="ideas-title">
      <header className="section-header">
        <h2 id="ideas-title" className="section-header__title">
          {intl.formatMessage(messages.title)}
        </h2>
        <div className="button-row">
          <ExportButtons boardId={board.id} />
          <button
            type="button"
            className="button button--primary"
            {...viewOnly}
            onClick={() => setIsAdding(true)}
          >
            <Icon name="plus" size={18} />
            {intl.formatMessage(messages.add)}
          </button>
        </div>
      </header>
      {board.limits.cappedIdeas > 0 ? (
        <div className="alert alert--warning" role="note">
          <Icon name="alert" />
          <p>
            {intl.formatMessage(messages.capped, {
              count: board.limits.cappedIdeas,
              link: (chunks) => (
                <Link to="/admin/subscription" className="link">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : null}
      {board.sampleIdeaCount ? (
        <Suspense fallback={null}>
          <SampleIdeasBanner boardId={board.id} count={board.sampleIdeaCount} />
        </Suspense>
      ) : null}
      <div className="toolbar" role="search">
        <div className="field toolbar__search">
          <label className="field__label" htmlFor={searchId}>
            {intl.formatMessage(messages.search)}
          </label>
          <input
            id={searchId}
            type="search"
            className="field__input"
            value={searchText}
            maxLength={SEARCH_MAX}
            placeholder={intl.formatMessage(messages.searchPlaceholder)}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={filterId}>
            {intl.formatMessage(messages.filter)}
          </label>
          <select
            id={filterId}
            className="field__input field__select"
            value={view.filter}
            onChange={(event) => setView({ filter: event.target.value as TIdeaFilter })}
          >
            {IDEA_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {/* The board's own names for a kind where it has them (issue 34, #13). */}
                {board.statuses
                  .filter((status) => status.kind === filter)
                  .map((status) => nameOf(status.nameEn, status.namePl))
                  .join(', ') || intl.formatMessage(filterMessages[filter])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={sortId}>
            {intl.formatMessage(messages.sort)}
          </label>
          <select
            id={sortId}
            className="field__input field__select"
            value={view.sort}
            onChange={(event) => setView({ sort: event.target.value as TIdeaSort })}
          >
            {IDEA_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage(sortMessages[sort])}
              </option>
            ))}
          </select>
        </div>
        <TagFilter
          board={board}
          tag={tag}
          onChange={(next) => setSearchParams((current) => withTagParam(current, next))}
        />
        <SegmentFilter
          query={data}
          segment={view.segment}
          onChange={(segment) => setView({ segment })}
        />
      </div>
      <IdeasList
        board={board}
        boardId={board.id}
        query={data}
        filter={view.filter}
        isSegmented={isSegmentSet(view.segment) || tag !== ''}
        isAdding={isAdding}
        willNewIdeaBeHidden={
          limits.isIdeaCapReached && typeof limits.ideaCap === 'number'
            ? { cap: limits.ideaCap }
            : null
        }
        acceptsNewIdeas={
          (view.filter === 'ALL' || view.filter === 'OPEN') &&
          !isSegmentSet(view.segment) &&
          tag === ''
        }
        onAddClose={() => setIsAdding(false)}
        onOpen={handleOpen}
        renderEmpty={() =>
          isNarrowed(view) || tag !== '' ? (
            <div className="card">
              <EmptyState
                icon="search"
                headingLevel={3}
                title={intl.formatMessage(messages.filteredTitle)}
                description={intl.formatMessage(messages.filteredText)}
                action={
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      setSearchParams((current) =>
                        withListParams(withTagParam(current, ''), {
                          filter: 'ALL',
                          search: '',
                          segment: EMPTY_SEGMENT,
                        }),
                      )
                    }
                  >
                    {intl.formatMessage(messages.filteredReset)}
                  </button>
                }
              />
            </div>
          ) : (
            <Suspense fallback={null}>
              <EmptyBoard
                board={{
                  id: board.id,
                  name: board.name,
                  isPublic: board.isPublic,
                  canAddSampleIdeas: board.canAddSampleIdeas,
                }}
              />
            </Suspense>
          )
        }
      />
      {detailRef ? (
        <Suspense fallback={null}>
          <IdeaDetailModal
            queryRef={detailRef}
            onClose={handleCloseDetail}
            onOpenIdea={handleOpen}
            focusOnClose={() => openerOf(detailOpener.current)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
