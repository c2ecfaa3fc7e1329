import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, loadQuery, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import type { LoaderFunctionArgs } from 'react-router-dom';
import {
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router-dom';
import { getEnvironment } from '../../../../relay/environment.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import {
  isSegmentSet,
  parseSegmentParams,
  segmentInput,
  withSegmentParams,
} from '../ideas/list-params.ts';
import type { TSegmentParams } from '../ideas/list-params.ts';
import { SegmentFilter } from '../ideas/SegmentFilter.tsx';
import { TagFilter } from '../tags/TagFilter.tsx';
import { parseTagParam, tagIdsInput, withTagParam } from '../tags/tag-filter-params.ts';
import type { RoadmapScreenQuery as TQuery } from '../../../../../__generated__/RoadmapScreenQuery.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { boardPath, rowIdOf } from '../../../../relay/row-id.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useIdeaDetailFromAddress } from '../ideas/useIdeaDetailFromAddress.ts';
import { activeElement, openerOf } from '../ideas/focus-targets.ts';
import type { TDetailOpener } from '../ideas/focus-targets.ts';
import { registerIdeasList } from '../ideas/live-lists.ts';
export { shouldRevalidateUnlessOnlyTheIdea as shouldRoadmapScreenRevalidate } from '../ideas/detail-route.ts';
import { sortMessages, statusMessages } from '../ideas/messages.ts';
import { StatusDot } from '../ideas/StatusBadge.tsx';
import { useIsBoardWritable } from '../board-access.tsx';
import { useSetIdeaStatusMutation } from '../ideas/useSetIdeaStatusMutation.ts';
import { ROADMAP_STATUSES, roadmapColumns, roadmapGroups } from './roadmap-columns.ts';
import { CustomStatusBadge, useStatusName } from '../statuses/CustomStatusBadge.tsx';
import type { TRoadmapSort, TRoadmapStatus } from './roadmap-columns.ts';
import { RoadmapCard } from './RoadmapCard.tsx';
import { IdeaDetailModal } from '../ideas/lazy-idea-detail.ts';

const messages = defineMessages({
  title: { id: 'roadmap.title', defaultMessage: 'Roadmap' },
  intro: {
    id: 'roadmap.intro',
    defaultMessage: 'Ideas under review, planned, in progress and complete; most discussed first.',
  },
  emptyTitle: { id: 'roadmap.empty.title', defaultMessage: 'The roadmap is empty' },
  emptyText: {
    id: 'roadmap.empty.text',
    defaultMessage:
      'Give ideas the status Under review, Planned, In progress or Complete and they show up here.',
  },
  emptyColumn: { id: 'roadmap.emptyColumn', defaultMessage: 'Nothing here yet.' },
  filteredText: {
    id: 'roadmap.filtered.text',
    defaultMessage: 'No idea on the roadmap matches the tag or customer segment you picked.',
  },
  sort: { id: 'roadmap.sort.label', defaultMessage: 'Order each column by' },
  sortComments: { id: 'roadmap.sort.comments', defaultMessage: 'Most discussed' },
});

// The statuses' colours mark them in each card's Move menu (RoadmapCard's `statuses`).
/* eslint-disable relay/unused-fields */
export const roadmapScreenQuery = graphql`
  query RoadmapScreenQuery($id: ID!, $sort: IdeaSort!, $segment: IdeaSegment, $tagIds: [ID!]) {
    ...SegmentFilter_query
    board(id: $id) {
      id
      ...TagFilter_board
      statuses {
        id
        kind
        nameEn
        namePl
        color
        ...CustomStatusBadge_status
      }
      review: ideas(filter: REVIEW, sort: $sort, segment: $segment, tagIds: $tagIds, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            value
            customStatus {
              id
            }
            ...RoadmapCard_idea
          }
        }
      }
      planned: ideas(filter: PLANNED, sort: $sort, segment: $segment, tagIds: $tagIds, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            value
            customStatus {
              id
            }
            ...RoadmapCard_idea
          }
        }
      }
      inProgress: ideas(
        filter: IN_PROGRESS
        sort: $sort
        segment: $segment
        tagIds: $tagIds
        first: 100
      ) {
        __id
        edges {
          node {
            id
            status
            commentCount
            value
            customStatus {
              id
            }
            ...RoadmapCard_idea
          }
        }
      }
      complete: ideas(
        filter: COMPLETE
        sort: $sort
        segment: $segment
        tagIds: $tagIds
        first: 100
      ) {
        __id
        edges {
          node {
            id
            status
            commentCount
            value
            customStatus {
              id
            }
            ...RoadmapCard_idea
          }
        }
      }
    }
  }
`;
/* eslint-enable relay/unused-fields */

/**
 * The roadmap's order, customer segment and tag from the address (`sort=VALUE`, segment
 * fields, `tag`).
 */
function roadmapView(search: URLSearchParams): {
  sort: TRoadmapSort;
  segment: TSegmentParams;
  tag: string;
} {
  return {
    sort: search.get('sort')?.toUpperCase() === 'VALUE' ? 'VALUE' : 'COMMENTS',
    segment: parseSegmentParams(search),
    tag: parseTagParam(search),
  };
}

/** Preloads the roadmap the address names (its order and customer segment). */
export function roadmapScreenLoader({ params, request }: LoaderFunctionArgs) {
  if (!getAuthToken()) throw redirect('/login');
  const view = roadmapView(new URL(request.url).searchParams);
  return loadQuery<TQuery>(
    getEnvironment(),
    roadmapScreenQuery,
    {
      id: params.boardId ?? '',
      sort: view.sort === 'VALUE' ? 'VALUE' : 'VOTES',
      segment: segmentInput(view.segment),
      tagIds: tagIdsInput(view.tag),
    },
    { fetchPolicy: 'store-and-network' },
  );
}

/** The address state of an idea opened from a card: closing it goes back in history. */
type TOpenedState = { isOpenedFromRoadmap?: boolean } | null;

/**
 * /admin/boards/{id}/roadmap: four columns of compact cards; drag a card (or use its Move menu
 * from the keyboard) to change its status. /admin/boards/{id}/roadmap/ideas/{ideaId} shows an
 * idea over the columns, so it can be linked and reloaded; Back (or closing it) returns.
 */
export function RoadmapScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const data = usePreloadedQuery<TQuery>(roadmapScreenQuery, queryRef);
  const { board } = data;
  const [searchParams, setSearchParams] = useSearchParams();
  const view = roadmapView(searchParams);
  const sortId = useId();
  const [setStatus] = useSetIdeaStatusMutation();
  const statusName = useStatusName();
  const [dropTarget, setDropTarget] = useState<TRoadmapStatus | null>(null);
  const isWritable = useIsBoardWritable();
  // The card just moved: it is a new element in another column, so focus follows it there.
  const [movedId, setMovedId] = useState<string | null>(null);
  const detailOpener = useRef<TDetailOpener | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { ideaId, detailRef } = useIdeaDetailFromAddress(board?.id);
  // The card a move (drag or Move menu) is for: it shows the move busy and, when it fails, says
  // so on the card (which stays in its column). One move at a time.
  const [movingId, setMovingId] = useState<string | null>(null);
  const move = useAction(
    async (movedIdeaId: string, status: TRoadmapStatus, customStatusId: string | null) => {
      setMovingId(movedIdeaId);
      const { setIdeaStatus: result } = await setStatus({
        ideaId: movedIdeaId,
        status,
        customStatusId,
      });
      if (result.__typename !== 'MutationSetIdeaStatusSuccess') {
        return { descriptor: commonMessages.genericError };
      }
      setMovedId(movedIdeaId);
    },
  );
  useEffect(() => {
    if (!movedId) return;
    const card = document.querySelector(`[data-idea-id="${CSS.escape(movedId)}"]`);
    // Its Move menu, so that a keyboard user can move it on; the title when it has none.
    const target =
      card?.querySelector<HTMLElement>('.roadmap-card__move') ??
      card?.querySelector<HTMLElement>('.idea-card__open');
    target?.focus();
    setMovedId(null);
  }, [movedId]);
  // Ideas deleted elsewhere, or declined, leave the columns live (status changes between
  // columns move cards by themselves).
  const columnIds = board
    ? [board.review.__id, board.planned.__id, board.inProgress.__id, board.complete.__id]
    : [];
  const columnKey = columnIds.join(' ');
  useEffect(() => {
    const unregister = columnKey
      .split(' ')
      .filter(Boolean)
      .map((connectionId) =>
        registerIdeasList({
          connectionId,
          accepts: () => false,
          // A card moves between columns by its status; it leaves only off the roadmap.
          keeps: (status) => (ROADMAP_STATUSES as readonly string[]).includes(status),
        }),
      );
    return () => {
      for (const stop of unregister) stop();
    };
  }, [columnKey]);
  if (!board) return null;

  const ideas = [board.review, board.planned, board.inProgress, board.complete].flatMap(
    (connection) =>
      connection.edges.map(({ node }) => ({
        ...node,
        commentCount: node.commentCount,
        customStatusId: node.customStatus?.id ?? null,
      })),
  );
  const columns = roadmapColumns(ideas, view.sort);
  const nameOf = statusName;
  const isEmpty = ROADMAP_STATUSES.every((status) => columns[status].length === 0);
  const handleOpen = (openedId: string) => {
    const plainId = rowIdOf(openedId, 'Idea') || openedId;
    // Opening another idea from inside the dialog (a duplicate's kept idea) keeps the first
    // opener and replaces the address: closing goes back to the card it came from.
    const isNested = Boolean(ideaId);
    if (!isNested) detailOpener.current = { ideaId: openedId, element: activeElement() };
    const state: TOpenedState = isNested
      ? ((location.state as TOpenedState | null) ?? { isOpenedFromRoadmap: false })
      : { isOpenedFromRoadmap: true };
    navigate(
      {
        pathname: `${boardPath(board.id)}/roadmap/ideas/${encodeURIComponent(plainId)}`,
        search: location.search,
      },
      { state, replace: isNested },
    );
  };
  const handleCloseDetail = () => {
    if ((location.state as TOpenedState | null)?.isOpenedFromRoadmap) navigate(-1);
    else {
      navigate(
        { pathname: `${boardPath(board.id)}/roadmap`, search: location.search },
        { replace: true },
      );
    }
  };

  // An inactive board's columns take no drops (its cards do not drag either): the server
  // refuses status changes there.
  const handleDrop = (event: DragEvent<HTMLElement>, status: TRoadmapStatus) => {
    event.preventDefault();
    if (!isWritable) return;
    setDropTarget(null);
    const ideaIdDropped = event.dataTransfer.getData('text/plain');
    // A drop onto the card's own column keeps its custom status.
    if (ideas.find((candidate) => candidate.id === ideaIdDropped)?.status === status) return;
    void handleMove(ideaIdDropped, status, null);
  };

  /**
   * Dragging a card (to a column: its own name) or choosing a column, or one of the board's
   * custom statuses of a column, in its Move menu.
   */
  const handleMove = async (
    ideaId: string,
    status: TRoadmapStatus,
    customStatusId: string | null,
  ) => {
    const idea = ideas.find((candidate) => candidate.id === ideaId);
    if (!idea || (idea.status === status && idea.customStatusId === customStatusId)) return;
    await move.run(ideaId, status, customStatusId);
  };

  return (
    <section aria-labelledby="roadmap-title">
      <header className="section-header">
        <div>
          <h2 id="roadmap-title" className="section-header__title">
            {intl.formatMessage(messages.title)}
          </h2>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
      </header>
      <div className="toolbar toolbar--roadmap">
        <div className="field">
          <label className="field__label" htmlFor={sortId}>
            {intl.formatMessage(messages.sort)}
          </label>
          <select
            id={sortId}
            className="field__input field__select"
            value={view.sort}
            onChange={(event) =>
              setSearchParams((current) => {
                const next = new URLSearchParams(current);
                if (event.target.value === 'VALUE') next.set('sort', 'VALUE');
                else next.delete('sort');
                return next;
              })
            }
          >
            <option value="COMMENTS">{intl.formatMessage(messages.sortComments)}</option>
            <option value="VALUE">{intl.formatMessage(sortMessages.VALUE)}</option>
          </select>
        </div>
        <TagFilter
          board={board}
          tag={view.tag}
          onChange={(tag) => setSearchParams((current) => withTagParam(current, tag))}
        />
        <SegmentFilter
          query={data}
          segment={view.segment}
          onChange={(segment) => setSearchParams((current) => withSegmentParams(current, segment))}
        />
      </div>
      {isEmpty ? (
        <div className="card">
          <EmptyState
            icon="compass"
            headingLevel={3}
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(
              view.tag || isSegmentSet(view.segment) ? messages.filteredText : messages.emptyText,
            )}
          />
        </div>
      ) : (
        <div className="roadmap">
          {ROADMAP_STATUSES.map((status) => (
            <section
              key={status}
              className={`roadmap__column${dropTarget === status ? ' roadmap__column--target' : ''}`}
              aria-labelledby={`roadmap-column-${status}`}
              data-testid={`roadmap-${status}`}
              onDragOver={(event) => {
                if (!isWritable) return;
                event.preventDefault();
                setDropTarget(status);
              }}
              onDragLeave={() => setDropTarget(null)}
              onDrop={(event) => handleDrop(event, status)}
            >
              <h3 className="roadmap__heading" id={`roadmap-column-${status}`}>
                <StatusDot status={status} />
                {intl.formatMessage(statusMessages[status])}
                <span className="roadmap__count">{columns[status].length}</span>
              </h3>
              {columns[status].length === 0 ? (
                <p className="muted roadmap__empty">{intl.formatMessage(messages.emptyColumn)}</p>
              ) : (
                roadmapGroups(
                  columns[status],
                  board.statuses.filter((custom) => custom.kind === status),
                ).map((group) => (
                  <div
                    key={group.status?.id ?? 'default'}
                    role={group.status ? 'group' : undefined}
                    aria-label={
                      group.status ? nameOf(group.status.nameEn, group.status.namePl) : undefined
                    }
                  >
                    {group.status ? (
                      <p className="roadmap__group" aria-hidden="true">
                        <CustomStatusBadge status={group.status} />
                      </p>
                    ) : null}
                    <ul className="roadmap__list">
                      {group.ideas.map((idea) => (
                        <li key={idea.id}>
                          <RoadmapCard
                            idea={idea}
                            onOpen={handleOpen}
                            onMove={(id, to, customStatusId) =>
                              void handleMove(id, to, customStatusId)
                            }
                            statuses={board.statuses}
                            isMoving={move.isPending && movingId === idea.id}
                            moveFailure={movingId === idea.id ? move.failure : null}
                          />
                        </li>
                      ))}
                    </ul>
                  </div>
                ))
              )}
            </section>
          ))}
        </div>
      )}
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
