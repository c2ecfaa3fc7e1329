import { ConnectionHandler } from 'relay-runtime';
import type { RecordProxy, RecordSourceProxy } from 'relay-runtime';
import { shiftTotalCount } from './total-count.ts';

/**
 * The ideas lists on screen (Relay connections), so that ideas created or deleted elsewhere join
 * or leave them live. Adding and removing go through `insertIdeaEdge` and `removeIdeaEdge`
 * whether the change was made here (a mutation) or arrives from the board's subscription: each
 * does nothing when the list already agrees, so a change seen twice counts once.
 */
export type TLiveIdeasList = {
  connectionId: string;
  /** Whether an idea with this status joins the list (its filter) when it is new or moves. */
  accepts: (status: string) => boolean;
  /**
   * Whether an idea already in the list stays there at this status (default: `accepts`). The
   * roadmap's columns join no idea by themselves but keep every roadmap status: a card moves
   * between columns by its status alone.
   */
  keeps?: (status: string) => boolean;
  /**
   * Rereads the list from the server without suspending it: after a change that moves the
   * plan's cutoff, ideas other than the changed one may be hidden or shown again.
   */
  refresh?: () => void;
};

const lists = new Map<string, TLiveIdeasList>();

/** Registers a list while it is shown; answers the function that unregisters it. */
export function registerIdeasList(list: TLiveIdeasList): () => void {
  lists.set(list.connectionId, list);
  return () => {
    if (lists.get(list.connectionId) === list) lists.delete(list.connectionId);
  };
}

export function liveIdeasLists(): TLiveIdeasList[] {
  return [...lists.values()];
}

const hasIdea = (connection: RecordProxy, ideaId: string) =>
  (connection.getLinkedRecords('edges') ?? []).some(
    (edge) => edge?.getLinkedRecord('node')?.getDataID() === ideaId,
  );

/** Puts the idea at the top of the list unless it is there already; moves "n of total". */
export function insertIdeaEdge(
  store: RecordSourceProxy,
  connectionId: string,
  idea: RecordProxy | null | undefined,
): void {
  const connection = store.get(connectionId);
  if (!connection || !idea || hasIdea(connection, idea.getDataID())) return;
  const edge = ConnectionHandler.createEdge(store, connection, idea, 'BoardIdeasConnectionEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
  shiftTotalCount(connection, 1);
}

/** Takes the idea out of the list if it is there; moves "n of total". */
export function removeIdeaEdge(store: RecordSourceProxy, connectionId: string, ideaId: string) {
  const connection = store.get(connectionId);
  if (!connection || !hasIdea(connection, ideaId)) return;
  ConnectionHandler.deleteNode(connection, ideaId);
  shiftTotalCount(connection, -1);
}

/**
 * An idea changed status (here or elsewhere): it leaves the lists whose filter no longer keeps
 * it (a declined idea leaves "All (without declined)" at once) and, with `canJoin`, joins those
 * that now show it (a reopened idea comes back), each moving its "n of total". Only a change
 * known to be a status change may join: an event about an idea further down an unread page
 * would otherwise be counted twice.
 */
export function placeIdeaInLists(
  store: RecordSourceProxy,
  idea: RecordProxy | null | undefined,
  status: string,
  { canJoin }: { canJoin: boolean },
): void {
  if (!idea) return;
  for (const list of liveIdeasLists()) {
    if ((list.keeps ?? list.accepts)(status)) {
      if (canJoin && list.accepts(status)) insertIdeaEdge(store, list.connectionId, idea);
    } else {
      removeIdeaEdge(store, list.connectionId, idea.getDataID());
    }
  }
}

/** Asks every list on screen to reread itself (see TLiveIdeasList.refresh). */
export function refreshIdeasLists(): void {
  for (const list of liveIdeasLists()) list.refresh?.();
}
