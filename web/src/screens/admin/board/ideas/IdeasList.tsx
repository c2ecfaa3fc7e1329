import { useIntl } from 'react-intl';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import type { IdeasList_board$key } from '../../../../../__generated__/IdeasList_board.graphql.ts';
import type { IdeasListPaginationQuery } from '../../../../../__generated__/IdeasListPaginationQuery.graphql.ts';
import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { IdeasList_query$key } from '../../../../../__generated__/IdeasList_query.graphql.ts';
import { bulkMessages } from './bulk-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { IdeaCard } from './IdeaCard.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { liveIdeasLists, registerIdeasList } from './live-lists.ts';
import { filterShows } from './list-params.ts';
import type { TIdeaFilter } from './list-params.ts';
import { LoadMoreButton } from '../../../../ui/LoadMoreButton.tsx';

export const IDEAS_PAGE_SIZE = 20;

// The bulk toolbar loads with the first selection, the add, edit and remove dialogs with their
// first opening: the list does not need them to show (issue 22).
const BulkToolbar = lazy(() =>
  import('./BulkToolbar.tsx').then((module) => ({ default: module.BulkToolbar })),
);
const IdeaFormModal = lazy(() =>
  import('./IdeaFormModal.tsx').then((module) => ({ default: module.IdeaFormModal })),
);
const RemoveIdeaModal = lazy(() =>
  import('./RemoveIdeaModal.tsx').then((module) => ({ default: module.RemoveIdeaModal })),
);

const messages = defineMessages({
  loadMore: { id: 'ideas.loadMore', defaultMessage: 'Load more ideas' },
  shown: { id: 'ideas.shown', defaultMessage: 'Showing {shown} of {total}' },
});

/**
 * The ideas of one view of the board, a page at a time, with the add, edit and remove dialogs
 * (they change this connection: a new idea joins its top, a removed one leaves it; so do ideas
 * created or deleted elsewhere, through the board's live subscription). The team selects ideas
 * (a checkbox per card, all on the page at once) for the bulk toolbar; the count of selected
 * ideas and each bulk action's outcome are announced.
 */
export function IdeasList({
  board,
  boardId,
  query,
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
  /** The company's boards, which the bulk toolbar may move ideas to. */
  query: IdeasList_query$key;
  /** The view's filter: ideas created elsewhere join the list live when it shows their status. */
  filter: TIdeaFilter;
  /** A customer segment or a tag narrows the list: a new idea (no votes, no tags) never joins it live. */
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
        tagIds: { type: "[ID!]" }
        first: { type: "Int", defaultValue: 20 }
        after: { type: "String" }
      ) {
        ...BulkToolbar_board
        ideas(
          filter: $filter
          sort: $sort
          search: $search
          segment: $segment
          tagIds: $tagIds
          first: $first
          after: $after
          includeHiddenByPlan: true
        ) @connection(key: "IdeasList_ideas") {
          __id
          totalCount
          edges {
            node {
              id
              title
              canUpdateStatus
              isHiddenByPlan
              ...IdeaCard_idea
            }
          }
        }
      }
    `,
    board,
  );
  const bulkQuery = useFragment(
    graphql`
      fragment IdeasList_query on Query {
        ...BulkToolbar_query
      }
    `,
    query,
  );
  const { edges, totalCount, __id: connectionId } = data.ideas;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  // Ideas the team may triage in bulk: not the locked rows the plan hides (the server refuses
  // changes to them). The selection keeps only ideas still on the list.
  const selectable = edges
    .map(({ node }) => node)
    .filter((node) => node.canUpdateStatus && !node.isHiddenByPlan);
  const selectedIdeas = selectable.filter((node) => selected.has(node.id));
  const isAllSelected = selectable.length > 0 && selectedIdeas.length === selectable.length;
  const toggle = (ideaId: string) => {
    setAnnouncement('');
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(ideaId)) next.add(ideaId);
      return next;
    });
  };
  const handleToggleAll = () => {
    setAnnouncement('');
    setSelected(isAllSelected ? new Set() : new Set(selectable.map((node) => node.id)));
  };
  const handleBulkDone = (text: string) => {
    setSelected(new Set());
    setAnnouncement(text);
    // Ideas may leave a list (a status its filter hides, another board): every list rereads.
    for (const list of liveIdeasLists()) list.refresh?.();
  };
  useEffect(
    () =>
      registerIdeasList({
        connectionId,
        // A new idea is never one rejected from the queue: "Not accepted" takes none in.
        accepts: (status) =>
          !isSegmented && filter !== 'NOT_ACCEPTED' && filterShows(filter, status),
        keeps: (status) => filterShows(filter, status),
        // In a transition the list stays on screen (and focus with it) while it is reread.
        refresh: () =>
          startTransition(() => {
            refetch({}, { fetchPolicy: 'network-only' });
          }),
      }),
    [connectionId, filter, isSegmented, refetch],
  );
  // Mounted while open only, so that a closed dialog's chunk is not loaded. Until it is, focus
  // stays on the opener (nothing to show for the fallback: the dialog opens over the list).
  const dialogs = (
    <Suspense fallback={null}>
      {isAdding ? (
        <IdeaFormModal
          isOpen
          onClose={onAddClose}
          boardId={boardId}
          connections={acceptsNewIdeas ? [connectionId] : []}
          onOpenIdea={onOpen}
          willBeHidden={willNewIdeaBeHidden}
        />
      ) : null}
      {editing !== null ? (
        <IdeaFormModal
          isOpen
          onClose={() => setEditing(null)}
          boardId={boardId}
          idea={editing}
          connections={[]}
        />
      ) : null}
      {removing !== null ? (
        <RemoveIdeaModal
          idea={removing}
          onClose={() => setRemoving(null)}
          connections={[connectionId]}
        />
      ) : null}
    </Suspense>
  );
  const countText =
    selectedIdeas.length > 0
      ? intl.formatMessage(bulkMessages.selected, { count: selectedIdeas.length })
      : announcement;
  // First in both branches below, so it stays mounted when a bulk action empties the list and
  // its outcome is still announced (a live region added with its text is often not read).
  const bulkBar = (
    <div
      className={`bulk-bar${selectable.length === 0 && !countText ? ' bulk-bar--quiet' : ''}${selectedIdeas.length === 0 ? ' bulk-bar--idle' : ''}`}
    >
      {selectable.length > 0 ? (
        <label className="bulk-bar__all">
          <input
            type="checkbox"
            checked={isAllSelected}
            ref={(input) => {
              if (input) input.indeterminate = selectedIdeas.length > 0 && !isAllSelected;
            }}
            onChange={handleToggleAll}
          />
          {intl.formatMessage(bulkMessages.selectAll)}
        </label>
      ) : null}
      <p className="bulk-bar__count" aria-live="polite" data-testid="bulk-count">
        {countText}
      </p>
    </div>
  );
  if (edges.length === 0) {
    return (
      <>
        {bulkBar}
        {renderEmpty()}
        {dialogs}
      </>
    );
  }
  return (
    <>
      {bulkBar}
      {dialogs}
      {selectedIdeas.length > 0 ? (
        <Suspense fallback={null}>
          <BulkToolbar
            board={data}
            query={bulkQuery}
            ideas={selectedIdeas.map((node) => ({ id: node.id, title: node.title }))}
            onDone={handleBulkDone}
            onClear={() => setSelected(new Set())}
          />
        </Suspense>
      ) : null}
      <ul className="idea-list">
        {edges.map(({ node }) => (
          <li key={node.id}>
            <IdeaCard
              idea={node}
              onOpen={onOpen}
              onEdit={setEditing}
              onRemove={setRemoving}
              selection={
                node.canUpdateStatus && !node.isHiddenByPlan
                  ? { isSelected: selected.has(node.id), onToggle: () => toggle(node.id) }
                  : null
              }
            />
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
