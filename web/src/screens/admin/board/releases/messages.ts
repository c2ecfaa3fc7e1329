import { defineMessages } from '../../../../i18n/define-messages.ts';

export const releaseMessages = defineMessages({
  title: { id: 'releases.title', defaultMessage: 'Releases' },
  intro: {
    id: 'releases.intro',
    defaultMessage:
      'Release notes tell your users what shipped. Publish one to show it on the board.',
  },
  add: { id: 'releases.add', defaultMessage: 'Add release' },
  filter: { id: 'releases.filter.label', defaultMessage: 'Show' },
  filterAll: { id: 'releases.filter.all', defaultMessage: 'All' },
  filterPublished: { id: 'releases.filter.published', defaultMessage: 'Published' },
  filterUnpublished: { id: 'releases.filter.unpublished', defaultMessage: 'Unpublished' },
  emptyTitle: { id: 'releases.empty.title', defaultMessage: 'No releases yet' },
  emptyText: {
    id: 'releases.empty.text',
    defaultMessage: 'Add a release, then assign the ideas that shipped in it.',
  },
  loadMore: { id: 'releases.loadMore', defaultMessage: 'Load more releases' },
  unpublished: { id: 'release.unpublished', defaultMessage: 'Unpublished' },
  noParts: { id: 'release.noParts', defaultMessage: 'No parts yet: assign ideas or add a line.' },
  deletePart: { id: 'release.deletePart', defaultMessage: 'Delete “{title}”' },
  assign: { id: 'release.assign', defaultMessage: 'Assign ideas' },
  publish: { id: 'release.publish', defaultMessage: 'Publish' },
  unpublish: { id: 'release.unpublish', defaultMessage: 'Unpublish' },
  publishTitle: { id: 'release.publish.title', defaultMessage: 'Publish “{name}”' },
  publishText: {
    id: 'release.publish.text',
    defaultMessage:
      'The release shows on its boards’ changelogs, and the voters of its ideas hear of it.',
  },
  publishCounting: {
    id: 'release.publish.counting',
    defaultMessage: 'Counting who will be mailed…',
  },
  publishCountFailed: {
    id: 'release.publish.countFailed',
    defaultMessage: 'We could not count who will be mailed; publishing still mails them.',
  },
  publishMailCount: {
    id: 'release.publish.mailCount',
    defaultMessage:
      '{count, plural, =0 {Nobody will be mailed: no voter of its ideas or changelog subscriber is waiting for it.} one {# person will be mailed: voters and authors of its ideas and changelog subscribers.} other {# people will be mailed: voters and authors of its ideas and changelog subscribers.}}',
  },
  publishComplete: {
    id: 'release.publish.complete',
    defaultMessage:
      '{count, plural, one {Move its linked idea to the board’s completed status} other {Move its # linked ideas to the board’s completed status}}',
  },
  publishCompleteHint: {
    id: 'release.publish.completeHint',
    defaultMessage:
      'Their voters are notified as of any status change. Declined ideas stay as they are.',
  },
  linkedIdeas: {
    id: 'release.linkedIdeas',
    defaultMessage:
      '{count, plural, =0 {No linked ideas} one {# linked idea} other {# linked ideas}}',
  },
  addPart: { id: 'release.addPart', defaultMessage: 'Add a line' },
  edit: { id: 'release.edit', defaultMessage: 'Edit' },
  remove: { id: 'release.remove', defaultMessage: 'Remove' },
  addTitle: { id: 'release.form.addTitle', defaultMessage: 'Add a release' },
  editTitle: { id: 'release.form.editTitle', defaultMessage: 'Edit the release' },
  name: { id: 'release.form.name', defaultMessage: 'Name' },
  nameCount: {
    id: 'release.form.nameCount',
    defaultMessage: 'A short name such as a version: {count} of {max} characters.',
  },
  nameCountOver: {
    id: 'release.form.nameCountOver',
    defaultMessage:
      '{count} of {max} characters: {over, plural, one {# character} other {# characters}} too many. Put the rest in the release notes.',
  },
  date: { id: 'release.form.date', defaultMessage: 'Release date' },
  dateHint: {
    id: 'release.form.dateHint',
    defaultMessage: 'Type it as YYYY-MM-DD or pick it from the calendar.',
  },
  datePlaceholder: { id: 'release.form.datePlaceholder', defaultMessage: 'YYYY-MM-DD' },
  datePicker: { id: 'release.form.datePicker', defaultMessage: 'Pick from calendar' },
  dateFormat: { id: 'release.form.dateFormat', defaultMessage: 'Use the YYYY-MM-DD format.' },
  partTitle: { id: 'release.part.title', defaultMessage: 'Add a line to the release' },
  partField: { id: 'release.part.field', defaultMessage: 'Title' },
  partHint: {
    id: 'release.part.hint',
    defaultMessage: 'A change that is not one of the board’s ideas, 6 to 100 characters.',
  },
  assignTitle: { id: 'release.assign.title', defaultMessage: 'Assign ideas to {name}' },
  assignIntro: {
    id: 'release.assign.intro',
    defaultMessage: 'Pick the ideas that shipped; done ones come first.',
  },
  assignEmpty: {
    id: 'release.assign.empty',
    defaultMessage: 'Every idea is already in this release.',
  },
  assignNoMatch: {
    id: 'release.assign.noMatch',
    defaultMessage: 'No idea outside this release matches the search.',
  },
  assignSearch: { id: 'release.assign.search', defaultMessage: 'Find ideas' },
  assignSearchHint: {
    id: 'release.assign.searchHint',
    defaultMessage: 'Words from a title or description',
  },
  assignMore: {
    id: 'release.assign.more',
    defaultMessage: 'The first {count} ideas are listed: type to find others.',
  },
  assignSubmit: {
    id: 'release.assign.submit',
    defaultMessage: '{count, plural, =0 {Assign} one {Assign # idea} other {Assign # ideas}}',
  },
  saving: { id: 'release.saving', defaultMessage: 'Saving…' },
  body: { id: 'release.form.body', defaultMessage: 'Release notes' },
  preview: { id: 'release.form.preview', defaultMessage: 'Preview' },
  previewBack: { id: 'release.form.previewBack', defaultMessage: 'Back to writing' },
  previewRegion: {
    id: 'release.form.previewRegion',
    defaultMessage: 'Preview of the release notes',
  },
  previewLoading: { id: 'release.form.previewLoading', defaultMessage: 'Rendering the preview…' },
  previewFailed: {
    id: 'release.form.previewFailed',
    defaultMessage: 'The preview could not be made. Your notes are kept: try again.',
  },
  previewEmpty: { id: 'release.form.previewEmpty', defaultMessage: 'No notes yet.' },
  bodyHint: {
    id: 'release.form.bodyHint',
    defaultMessage:
      'Markdown: headings, lists, links and images. Shown on the changelog, up to {max} characters.',
  },
  cover: { id: 'release.form.cover', defaultMessage: 'Cover image address' },
  coverHint: {
    id: 'release.form.coverHint',
    defaultMessage: 'Optional: an https:// image shown above the notes.',
  },
  coverFormat: {
    id: 'release.form.coverFormat',
    defaultMessage: 'Use an address that starts with https:// or http://.',
  },
  labels: { id: 'release.form.labels', defaultMessage: 'Labels' },
  labelNEW: { id: 'release.label.new', defaultMessage: 'New' },
  labelIMPROVED: { id: 'release.label.improved', defaultMessage: 'Improved' },
  labelFIXED: { id: 'release.label.fixed', defaultMessage: 'Fixed' },
  labelsOnCard: { id: 'release.labels', defaultMessage: 'Labels' },
});

/** A cover image address the server takes: http(s) only. */
export const COVER_URL = /^https?:\/\/\S+$/i;

/** The assign list's order (spec section 2). */
export const ASSIGN_ORDER = ['COMPLETE', 'IN_PROGRESS', 'PLANNED', 'REVIEW', 'OPEN', 'NOT_PUBLIC'];

/** Ideas a release may take: not declined, not in it yet, ordered by status then title. */
export function assignableIdeas<T extends { id: string; status: string; title: string }>(
  ideas: readonly T[],
  partIdeaIds: readonly (string | null)[],
): T[] {
  const taken = new Set(partIdeaIds);
  return ideas
    .filter((idea) => ASSIGN_ORDER.includes(idea.status) && !taken.has(idea.id))
    .sort(
      (a, b) =>
        ASSIGN_ORDER.indexOf(a.status) - ASSIGN_ORDER.indexOf(b.status) ||
        a.title.localeCompare(b.title),
    );
}

export const RELEASE_DATE = /^\d{4}-\d{2}-\d{2}$/;
