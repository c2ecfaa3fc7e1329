import { defineMessages } from '../../../../i18n/define-messages.ts';

/** The ideas list's selection (the bulk toolbar's own messages load with it). */
export const bulkMessages = defineMessages({
  selectAll: { id: 'bulk.selectAll', defaultMessage: 'Select all on this page' },
  selectIdea: { id: 'bulk.selectIdea', defaultMessage: 'Select “{title}”' },
  selected: {
    id: 'bulk.selected',
    defaultMessage: '{count, plural, one {# idea selected} other {# ideas selected}}',
  },
});
