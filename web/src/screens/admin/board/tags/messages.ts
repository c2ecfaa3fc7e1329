import { defineMessages } from '../../../../i18n/define-messages.ts';

export const tagsMessages = defineMessages({
  title: { id: 'boardTags.title', defaultMessage: 'Tags' },
  intro: {
    id: 'boardTags.intro',
    defaultMessage:
      'Tags are shared by every board of your company. A private tag is seen by your team only, never by people using the widget or the portal.',
  },
  empty: { id: 'boardTags.empty', defaultMessage: 'No tags yet.' },
  name: { id: 'boardTags.name', defaultMessage: 'Tag name' },
  colour: { id: 'boardTags.colour', defaultMessage: 'Tag colour' },
  isPrivate: { id: 'boardTags.isPrivate', defaultMessage: 'Private (team only)' },
  privateName: { id: 'boardTags.privateName', defaultMessage: '{name} (private)' },
  add: { id: 'boardTags.add', defaultMessage: 'Add tag' },
  added: { id: 'boardTags.added', defaultMessage: 'Tag “{name}” added.' },
  edit: { id: 'boardTags.edit', defaultMessage: 'Edit tag {name}' },
  save: { id: 'boardTags.save', defaultMessage: 'Save tag' },
  delete: { id: 'boardTags.delete', defaultMessage: 'Delete tag {name}' },
  deleteTitle: { id: 'boardTags.deleteTitle', defaultMessage: 'Delete tag “{name}”?' },
  deleteQuestion: {
    id: 'boardTags.deleteQuestion',
    defaultMessage: 'The tag is taken off every idea of every board.',
  },
  deleted: { id: 'boardTags.deleted', defaultMessage: 'Tag “{name}” deleted.' },
  confirmDelete: { id: 'boardTags.confirmDelete', defaultMessage: 'Delete tag' },
  noIdeaTags: { id: 'boardTags.noIdeaTags', defaultMessage: 'No tags on this idea.' },
  removeFromIdea: { id: 'boardTags.removeFromIdea', defaultMessage: 'Remove tag {name}' },
  pick: { id: 'boardTags.pick', defaultMessage: 'Tag to add' },
  pickNone: { id: 'boardTags.pickNone', defaultMessage: 'Pick a tag' },
  addToIdea: { id: 'boardTags.addToIdea', defaultMessage: 'Add tag to idea' },
});
