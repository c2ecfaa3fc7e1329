import { defineMessages } from '../../../../i18n/define-messages.ts';

/** The ideas list's selection and bulk toolbar. */
export const bulkMessages = defineMessages({
  selectAll: { id: 'bulk.selectAll', defaultMessage: 'Select all on this page' },
  selectIdea: { id: 'bulk.selectIdea', defaultMessage: 'Select “{title}”' },
  selected: {
    id: 'bulk.selected',
    defaultMessage: '{count, plural, one {# idea selected} other {# ideas selected}}',
  },
  toolbar: { id: 'bulk.toolbar', defaultMessage: 'Bulk actions' },
  status: { id: 'bulk.status', defaultMessage: 'New status' },
  statusPick: { id: 'bulk.statusPick', defaultMessage: 'Pick a status' },
  setStatus: { id: 'bulk.setStatus', defaultMessage: 'Set status' },
  tag: { id: 'bulk.tag', defaultMessage: 'Tag' },
  tagPick: { id: 'bulk.tagPick', defaultMessage: 'Pick a tag' },
  addTag: { id: 'bulk.addTag', defaultMessage: 'Add tag' },
  removeTag: { id: 'bulk.removeTag', defaultMessage: 'Remove tag' },
  board: { id: 'bulk.board', defaultMessage: 'Board' },
  boardPick: { id: 'bulk.boardPick', defaultMessage: 'Pick a board' },
  move: { id: 'bulk.move', defaultMessage: 'Move ideas' },
  clear: { id: 'bulk.clear', defaultMessage: 'Clear selection' },
  working: { id: 'bulk.working', defaultMessage: 'Working…' },
  needStatus: { id: 'bulk.needStatus', defaultMessage: 'Pick the status to set first.' },
  needTag: { id: 'bulk.needTag', defaultMessage: 'Pick the tag first.' },
  needBoard: { id: 'bulk.needBoard', defaultMessage: 'Pick the board to move them to first.' },
  ideaRefused: { id: 'bulk.ideaRefused', defaultMessage: '“{title}”: {message}' },
  updated: {
    id: 'bulk.updated',
    defaultMessage:
      '{count, plural, one {# idea updated} other {# ideas updated}}; nothing else changed.',
  },
  moved: {
    id: 'bulk.moved',
    defaultMessage: '{count, plural, one {# idea moved} other {# ideas moved}} to {board}.',
  },
});
