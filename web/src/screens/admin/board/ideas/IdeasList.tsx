import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import type { IdeasList_board$key } from '../../../../../__generated__/IdeasList_board.graphql.ts';
import type { IdeasListPaginationQuery } from '../../../../../__generated__/IdeasListPaginationQuery.graphql.ts';
import { startTransition, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { IdeaCard } from './IdeaCard.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { IdeaFormModal } from './IdeaFormModal.tsx';
import { RemoveIdeaModal } from './RemoveIdeaModal.tsx';
import { registerIdeasList } from './live-lists.ts';
import type { TIdeaFilter } from './list-params.ts';
import { LoadMoreButton } from '../../../../ui/LoadMoreButton.tsx';

export const IDEAS_PAGE_SIZE = 20;

const messages = defineMessages({
  loadMore: { id: 'ideas.loadMore', defaultMessage: 'Load more ideas' },
  shown: { id: 'ideas.shown', defaultMessage: 'Showing {shown} of {total}' },
});

/**
 * The ideas of one view of the board, a page at a time, with the add, edit and remove dialogs
 * (they change this connection: a new idea joins its top, a removed one leaves it; so do ideas
 * created or deleted elsewhere, through the board's live subscription).
 */
export function IdeasList({
  board,
  boardId,
  filter,
  isSegmented = false,
  isAdding,
  willNewIdeaBeHidden,
  acceptsNewIdeas,
  onAddClose,
  onOpen,
  renderEmpty,
}: {
  board: IdeasList_board$key;
  boardId: string;
  /** The view's filter: ideas created elsewhere join the list live when it shows their status. */
  filter: TIdeaFilter;
  /** A customer segment narrows the list: a new idea (no votes yet) never joins it live. */
  isSegmented?: boolean;
  isAdding: boolean;
  /** The plan's cap when it is reached: a new idea will be hidden from the board's readers. */
  willNewIdeaBeHidden: { cap: number } | null;
  /** False when the view's filter would not show a new (open) idea. */
  acceptsNewIdeas: boolean;
  onAddClose: () => void;
  onOpen: (ideaId: string) => void;
  renderEmpty: () => ReactNode;
}) {
  const [editing, setEditing] = useState<TIdeaEditTarget | null>(null);
  const [removing, setRemoving] = useState<TIdeaEditTarget | null>(null);
  const intl = useIntl();
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    IdeasListPaginationQuery,
    IdeasList_board$key
  >(
    graphql`
      fragment IdeasList_board on Board
      @refetchable(queryName: "IdeasListPaginationQuery")
      @argumentDefinitions(
        filter: { type: "IdeaFilter", defaultValue: ALL }
        sort: { type: "IdeaSort", defaultValue: VOTES }
        search: { type: "String" }
        segment: { type: "IdeaSegment" }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      ) {
        ideas(
          filter: $filter
          sort: $sort
          search: $search
          segment: $segment
          first: $first
          after: $after
          includeHiddenByPlan: true
        ) @connection(key: "IdeasList_ideas") {
          __id
          totalCount
          edges {
            node {
              id
              ...IdeaCard_idea
            }
          }
        }
      }
    `,
    board,
  );
  const { edges, totalCount, __id: connectionId } = data.ideas;
  useEffect(
    () =>
      registerIdeasList({
        connectionId,
        accepts: (status) =>
          !isSegmented && (filter === 'ALL' ? status !== 'DECLINED' : filter === status),
        keeps: (status) => (filter === 'ALL' ? status !== 'DECLINED' : filter === status),
        // In a transition the list stays on screen (and focus with it) while it is reread.
        refresh: () =>
          startTransition(() => {
            refetch({}, { fetchPolicy: 'network-only' });
          }),
      }),
    [connectionId, filter, isSegmented, refetch],
  );
  const dialogs = (
    <>
      <IdeaFormModal
        isOpen={isAdding}
        onClose={onAddClose}
        boardId={boardId}
        connections={acceptsNewIdeas ? [connectionId] : []}
        onOpenIdea={onOpen}
        willBeHidden={willNewIdeaBeHidden}
      />
      <IdeaFormModal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        boardId={boardId}
        idea={editing}
        connections={[]}
      />
      <RemoveIdeaModal
        idea={removing}
        onClose={() => setRemoving(null)}
        connections={[connectionId]}
      />
    </>
  );
  if (edges.length === 0) {
    return (
      <>
        {renderEmpty()}
        {dialogs}
      </>
    );
  }
  return (
    <>
      {dialogs}
      <ul className="idea-list">
        {edges.map(({ node }) => (
          <li key={node.id}>
            <IdeaCard idea={node} onOpen={onOpen} onEdit={setEditing} onRemove={setRemoving} />
          </li>
        ))}
      </ul>
      <div className="idea-list__footer">
        <p className="muted">
          {intl.formatMessage(messages.shown, { shown: edges.length, total: totalCount })}
        </p>
        {hasNext ? (
          <LoadMoreButton
            label={intl.formatMessage(messages.loadMore)}
            isLoading={isLoadingNext}
            onClick={() => loadNext(IDEAS_PAGE_SIZE)}
          />
        ) : null}
      </div>
    </>
  );
}
