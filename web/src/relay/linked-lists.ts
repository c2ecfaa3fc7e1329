import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * Takes the record `removedId` out of the plain list field `field` (not a connection) of the
 * record `parentId`, after a delete mutation: e.g. a board's `statuses` or `tags`. Nothing
 * happens when the parent or its list is not in the store.
 */
export function removeFromLinkedList(
  store: RecordSourceSelectorProxy,
  parentId: string,
  field: string,
  removedId: string,
): void {
  const parent = store.get(parentId);
  const list = parent?.getLinkedRecords(field);
  if (!parent || !list) return;
  parent.setLinkedRecords(
    list.filter((record) => record?.getDataID() !== removedId),
    field,
  );
}
