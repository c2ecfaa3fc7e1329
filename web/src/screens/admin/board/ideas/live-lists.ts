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
  /** Whether an idea with this status belongs to the list (its filter). */
  accepts: (status: string) => boolean;
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
