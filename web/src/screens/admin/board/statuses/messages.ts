import { defineMessages } from '../../../../i18n/define-messages.ts';

export const statusesMessages = defineMessages({
  title: { id: 'boardStatuses.title', defaultMessage: 'Statuses' },
  intro: {
    id: 'boardStatuses.intro',
    defaultMessage:
      'Name the stages of your own process. Each status is one kind of the pipeline: lists, the roadmap, notifications and the API keep using the kind. Without statuses of your own, the board shows the standard ones.',
  },
  empty: {
    id: 'boardStatuses.empty',
    defaultMessage: 'No statuses of your own yet: the board shows the standard ones.',
  },
  kind: { id: 'boardStatuses.kind', defaultMessage: 'Kind' },
  nameEn: { id: 'boardStatuses.nameEn', defaultMessage: 'Name in English' },
  namePl: { id: 'boardStatuses.namePl', defaultMessage: 'Name in Polish' },
  namePlHint: {
    id: 'boardStatuses.namePlHint',
    defaultMessage: 'Optional: left empty, the English name shows in Polish too.',
  },
  colour: { id: 'boardStatuses.colour', defaultMessage: 'Colour' },
  preview: { id: 'boardStatuses.preview', defaultMessage: 'Preview' },
  contrast: {
    id: 'boardStatuses.contrast',
    defaultMessage: 'Text contrast {ratio}:1 (at least 4.5:1 needed)',
  },
  add: { id: 'boardStatuses.add', defaultMessage: 'Add status' },
  added: { id: 'boardStatuses.added', defaultMessage: 'Status “{name}” added.' },
  edit: { id: 'boardStatuses.edit', defaultMessage: 'Edit {name}' },
  save: { id: 'boardStatuses.save', defaultMessage: 'Save status' },
  moveUp: { id: 'boardStatuses.moveUp', defaultMessage: 'Move {name} up' },
  moveDown: { id: 'boardStatuses.moveDown', defaultMessage: 'Move {name} down' },
  delete: { id: 'boardStatuses.delete', defaultMessage: 'Delete {name}' },
  deleteTitle: { id: 'boardStatuses.deleteTitle', defaultMessage: 'Delete “{name}”?' },
  deleteQuestion: {
    id: 'boardStatuses.deleteQuestion',
    defaultMessage: 'Ideas showing this status move to:',
  },
  kindDefault: {
    id: 'boardStatuses.kindDefault',
    defaultMessage: '{kind} (standard name)',
  },
  deleted: {
    id: 'boardStatuses.deleted',
    defaultMessage:
      '{count, plural, =0 {Status deleted.} one {Status deleted; # idea moved.} other {Status deleted; # ideas moved.}}',
  },
  confirmDelete: { id: 'boardStatuses.confirmDelete', defaultMessage: 'Delete status' },
});
