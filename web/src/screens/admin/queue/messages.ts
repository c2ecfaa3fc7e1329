import { defineMessages } from '../../../i18n/define-messages.ts';

export const queueMessages = defineMessages({
  title: { id: 'queue.title', defaultMessage: 'Awaiting acceptance' },
  intro: {
    id: 'queue.intro',
    defaultMessage:
      'Ideas end users submitted, oldest first. Until you accept one, only its author sees it.',
  },
  boardFilter: { id: 'queue.boardFilter', defaultMessage: 'Board: {name}' },
  allBoards: { id: 'queue.allBoards', defaultMessage: 'Show all boards' },
  count: {
    id: 'queue.count',
    defaultMessage: '{count, plural, one {# idea waits} other {# ideas wait}}',
  },
  emptyTitle: { id: 'queue.emptyTitle', defaultMessage: 'Nothing awaits acceptance' },
  emptyText: {
    id: 'queue.emptyText',
    defaultMessage: 'Ideas your end users submit through the widget or the portal show up here.',
  },
  listLabel: { id: 'queue.listLabel', defaultMessage: 'Ideas awaiting acceptance' },
  showMore: { id: 'queue.showMore', defaultMessage: 'Show more ideas' },
  by: { id: 'queue.by', defaultMessage: 'by {name}' },
  anonymous: { id: 'queue.anonymous', defaultMessage: 'a removed user' },
  noDescription: { id: 'queue.noDescription', defaultMessage: 'No description.' },
  select: { id: 'queue.select', defaultMessage: 'Select “{title}”' },
  selectAll: { id: 'queue.selectAll', defaultMessage: 'Select all' },
  selected: {
    id: 'queue.selected',
    defaultMessage: '{count, plural, one {# selected} other {# selected}}',
  },
  accept: { id: 'queue.accept', defaultMessage: 'Accept' },
  merge: { id: 'queue.merge', defaultMessage: 'Accept and merge…' },
  reject: { id: 'queue.reject', defaultMessage: 'Don’t accept…' },
  acceptSelected: { id: 'queue.acceptSelected', defaultMessage: 'Accept selected' },
  rejectSelected: { id: 'queue.rejectSelected', defaultMessage: 'Don’t accept selected…' },
  working: { id: 'queue.working', defaultMessage: 'Working…' },
  accepted: { id: 'queue.accepted', defaultMessage: 'Accepted “{title}”.' },
  merged: { id: 'queue.merged', defaultMessage: 'Merged “{title}” into “{into}”.' },
  rejected: { id: 'queue.rejected', defaultMessage: 'Not accepted: “{title}”.' },
  bulkAccepted: {
    id: 'queue.bulkAccepted',
    defaultMessage: '{count, plural, one {Accepted # idea.} other {Accepted # ideas.}}',
  },
  bulkRejected: {
    id: 'queue.bulkRejected',
    defaultMessage: '{count, plural, one {Not accepted: # idea.} other {Not accepted: # ideas.}}',
  },
  conflict: {
    id: 'queue.conflict',
    defaultMessage: '“{title}”: someone on the team dealt with it meanwhile.',
  },
  failed: {
    id: 'queue.failed',
    defaultMessage: '“{title}” could not be handled. Try again.',
  },
  bulkSummary: {
    id: 'queue.bulkSummary',
    defaultMessage:
      '{done, plural, one {# idea handled} other {# ideas handled}}, {conflicts, plural, one {# dealt with by someone else} other {# dealt with by someone else}}, {failed, plural, one {# failed} other {# failed}}.',
  },
  shortcutsTitle: { id: 'queue.shortcuts.title', defaultMessage: 'Keyboard shortcuts' },
  shortcutsMove: {
    id: 'queue.shortcuts.move',
    defaultMessage: '<kbd>j</kbd> / <kbd>k</kbd> or the arrow keys: next / previous idea',
  },
  shortcutsAccept: { id: 'queue.shortcuts.accept', defaultMessage: '<kbd>a</kbd> accept' },
  shortcutsMerge: { id: 'queue.shortcuts.merge', defaultMessage: '<kbd>m</kbd> accept and merge' },
  shortcutsReject: {
    id: 'queue.shortcuts.reject',
    defaultMessage: '<kbd>r</kbd> don’t accept (give a reason)',
  },
  rejectTitle: { id: 'queue.rejectTitle', defaultMessage: 'Don’t accept “{title}”' },
  rejectManyTitle: {
    id: 'queue.rejectManyTitle',
    defaultMessage: '{count, plural, one {Don’t accept # idea} other {Don’t accept # ideas}}',
  },
  rejectDescription: {
    id: 'queue.rejectDescription',
    defaultMessage:
      'Its author reads the reason in the widget. The idea stays unseen by everyone else.',
  },
  rejectReason: { id: 'queue.rejectReason', defaultMessage: 'Reason for the author' },
  rejectSubmit: { id: 'queue.rejectSubmit', defaultMessage: 'Don’t accept' },
  rejecting: { id: 'queue.rejecting', defaultMessage: 'Saving…' },
  mergeTitle: { id: 'queue.mergeTitle', defaultMessage: 'Accept “{title}” into another idea' },
  mergeDescription: {
    id: 'queue.mergeDescription',
    defaultMessage:
      'It is declined as a duplicate of the idea you pick, and its votes move there. You can undo the merge from that idea.',
  },
  mergeInto: { id: 'queue.mergeInto', defaultMessage: 'Merge into' },
  mergeSearch: { id: 'queue.mergeSearch', defaultMessage: 'Find the idea' },
  mergeSearchHint: {
    id: 'queue.mergeSearchHint',
    defaultMessage: 'Words from its title or description',
  },
  mergePick: { id: 'queue.mergePick', defaultMessage: 'Choose an idea of the same board' },
  mergeSubmit: { id: 'queue.mergeSubmit', defaultMessage: 'Accept and merge' },
  merging: { id: 'queue.merging', defaultMessage: 'Merging…' },
  mergeNotFound: {
    id: 'queue.mergeNotFound',
    defaultMessage: 'This idea cannot take it: choose another.',
  },
});
