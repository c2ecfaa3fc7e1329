import { defineMessages } from '../../../i18n/define-messages.ts';

/** The buttons that add and remove sample ideas: the dashboard's card and a board's empty list. */
export const sampleIdeaMessages = defineMessages({
  add: { id: 'dashboard.samples.add', defaultMessage: 'Add sample ideas' },
  adding: { id: 'dashboard.samples.adding', defaultMessage: 'Adding…' },
  remove: { id: 'dashboard.samples.remove', defaultMessage: 'Remove sample ideas' },
  removing: { id: 'dashboard.samples.removing', defaultMessage: 'Removing…' },
});
