import { Suspense, useEffect, useState } from 'react';
import type { DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { IdeaDetailModalQuery as TIdeaDetailModalQuery } from '../../../../../__generated__/IdeaDetailModalQuery.graphql.ts';
import type { RoadmapScreenQuery as TQuery } from '../../../../../__generated__/RoadmapScreenQuery.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { IdeaDetailModal, ideaDetailModalQuery } from '../ideas/IdeaDetailModal.tsx';
import { registerIdeasList } from '../ideas/live-lists.ts';
import { filterMessages } from '../ideas/messages.ts';
import { useIsBoardWritable } from '../board-access.tsx';
import { useSetIdeaStatusMutation } from '../ideas/useSetIdeaStatusMutation.ts';
import { ROADMAP_STATUSES, roadmapColumns } from './roadmap-columns.ts';
import type { TRoadmapStatus } from './roadmap-columns.ts';
import { RoadmapCard } from './RoadmapCard.tsx';

const messages = defineMessages({
  title: { id: 'roadmap.title', defaultMessage: 'Roadmap' },
  intro: {
    id: 'roadmap.intro',
    defaultMessage: 'Ideas under review, planned, in progress and done; most discussed first.',
  },
  emptyTitle: { id: 'roadmap.empty.title', defaultMessage: 'The roadmap is empty' },
  emptyText: {
    id: 'roadmap.empty.text',
    defaultMessage: 'Move ideas to review, planned, in progress or done and they show up here.',
  },
  emptyColumn: { id: 'roadmap.emptyColumn', defaultMessage: 'Nothing here yet.' },
});

export const roadmapScreenQuery = graphql`
  query RoadmapScreenQuery($id: ID!) {
    board(id: $id) {
      id
      review: ideas(filter: REVIEW, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            ...RoadmapCard_idea
          }
        }
      }
      planned: ideas(filter: PLANNED, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            ...RoadmapCard_idea
          }
        }
      }
      inProgress: ideas(filter: IN_PROGRESS, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            ...RoadmapCard_idea
          }
        }
      }
      complete: ideas(filter: COMPLETE, first: 100) {
        __id
        edges {
          node {
            id
            status
            commentCount
            ...RoadmapCard_idea
          }
        }
      }
    }
  }
`;

/**
 * /admin/boards/{id}/roadmap: four columns of compact cards; drag a card (or use its Move menu
 * from the keyboard) to change its status.
 */
export function RoadmapScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { board } = usePreloadedQuery<TQuery>(roadmapScreenQuery, queryRef);
  const [detailRef, loadDetail, disposeDetail] =
    useQueryLoader<TIdeaDetailModalQuery>(ideaDetailModalQuery);
  const [setStatus] = useSetIdeaStatusMutation();
  const [dropTarget, setDropTarget] = useState<TRoadmapStatus | null>(null);
  const isWritable = useIsBoardWritable();
  // Ideas deleted elsewhere leave the columns live (status changes move cards by themselves).
  const columnIds = board
    ? [board.review.__id, board.planned.__id, board.inProgress.__id, board.complete.__id]
    : [];
  const columnKey = columnIds.join(' ');
  useEffect(() => {
    const unregister = columnKey
      .split(' ')
      .filter(Boolean)
      .map((connectionId) => registerIdeasList({ connectionId, accepts: () => false }));
    return () => {
      for (const stop of unregister) stop();
    };
  }, [columnKey]);
  if (!board) return null;

  const ideas = [board.review, board.planned, board.inProgress, board.complete].flatMap(
    (connection) =>
      connection.edges.map(({ node }) => ({ ...node, commentCount: node.commentCount })),
  );
  const columns = roadmapColumns(ideas);
  const isEmpty = ROADMAP_STATUSES.every((status) => columns[status].length === 0);
  const handleOpen = (ideaId: string) =>
    loadDetail({ id: ideaId, boardId: board.id }, { fetchPolicy: 'store-and-network' });

  // An inactive board's columns take no drops (its cards do not drag either): the server
  // refuses status changes there.
  const handleDrop = (event: DragEvent<HTMLElement>, status: TRoadmapStatus) => {
    event.preventDefault();
    if (!isWritable) return;
    setDropTarget(null);
    void handleMove(event.dataTransfer.getData('text/plain'), status);
  };

  /** Dragging a card or choosing a column in its Move menu. */
  const handleMove = async (ideaId: string, status: TRoadmapStatus) => {
    const idea = ideas.find((candidate) => candidate.id === ideaId);
    if (!idea || idea.status === status) return;
    try {
      const { setIdeaStatus: result } = await setStatus({ ideaId, status });
      if (result.__typename === 'MutationSetIdeaStatusSuccess') return;
    } catch (error) {
      console.error('setIdeaStatus failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
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
      {isEmpty ? (
        <div className="card">
          <EmptyState
            icon="compass"
            headingLevel={3}
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(messages.emptyText)}
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
                <span className={`status-dot status--${status.toLowerCase()}`} aria-hidden="true" />
                {intl.formatMessage(filterMessages[status])}
                <span className="roadmap__count">{columns[status].length}</span>
              </h3>
              {columns[status].length === 0 ? (
                <p className="muted roadmap__empty">{intl.formatMessage(messages.emptyColumn)}</p>
              ) : (
                <ul className="roadmap__list">
                  {columns[status].map((idea) => (
                    <li key={idea.id}>
                      <RoadmapCard
                        idea={idea}
                        onOpen={handleOpen}
                        onMove={(id, to) => void handleMove(id, to)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      {detailRef ? (
        <Suspense fallback={null}>
          <IdeaDetailModal queryRef={detailRef} onClose={disposeDetail} />
        </Suspense>
      ) : null}
    </section>
  );
}
