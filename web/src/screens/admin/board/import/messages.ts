import { defineMessages } from '../../../../i18n/define-messages.ts';

export const importMessages = defineMessages({
  title: { id: 'import.title', defaultMessage: 'Import' },
  intro: {
    id: 'import.intro',
    defaultMessage:
      'Bring ideas, votes and comments from another board. Dates and authors are kept; people become end users, matched by email. Importing the same file again creates nothing twice.',
  },
  source: { id: 'import.source', defaultMessage: 'Where the files come from' },
  sourceCanny: { id: 'import.source.canny', defaultMessage: 'Canny (JSON or CSV exports)' },
  sourceUserVoice: { id: 'import.source.uservoice', defaultMessage: 'UserVoice (CSV exports)' },
  sourceFider: { id: 'import.source.fider', defaultMessage: 'Fider (backup.zip)' },
  sourceCsv: { id: 'import.source.csv', defaultMessage: 'Our CSV format' },
  csvHint: {
    id: 'import.csvHint',
    defaultMessage:
      'Columns: type (idea, vote or comment), idea id, title, description, status, email, name, created at, text.',
  },
  files: { id: 'import.files', defaultMessage: 'Export files' },
  preview: { id: 'import.preview', defaultMessage: 'Preview' },
  previewing: { id: 'import.previewing', defaultMessage: 'Reading the files…' },
  previewTitle: { id: 'import.preview.title', defaultMessage: 'What the import creates' },
  kind: { id: 'import.preview.kind', defaultMessage: 'Kind' },
  inFile: { id: 'import.preview.inFile', defaultMessage: 'In the files' },
  toCreate: { id: 'import.preview.toCreate', defaultMessage: 'New' },
  ideas: { id: 'import.preview.ideas', defaultMessage: 'Ideas' },
  users: { id: 'import.preview.users', defaultMessage: 'People' },
  votes: { id: 'import.preview.votes', defaultMessage: 'Votes' },
  comments: { id: 'import.preview.comments', defaultMessage: 'Comments' },
  statusesTitle: { id: 'import.statuses.title', defaultMessage: 'Statuses' },
  sourceStatus: { id: 'import.statuses.source', defaultMessage: 'In the files' },
  ourStatus: { id: 'import.statuses.ours', defaultMessage: 'Here' },
  ideaCount: { id: 'import.statuses.count', defaultMessage: 'Ideas' },
  skipped: {
    id: 'import.skipped',
    defaultMessage:
      '{count, plural, one {# row is} other {# rows are}} not imported on purpose (deleted posts, internal notes).',
  },
  problemsTitle: {
    id: 'import.problems.title',
    defaultMessage:
      '{count, plural, one {# row has a problem} other {# rows have problems}} and will be left out:',
  },
  problemFile: { id: 'import.problems.file', defaultMessage: 'File' },
  problemRow: { id: 'import.problems.row', defaultMessage: 'Row' },
  problemColumn: { id: 'import.problems.column', defaultMessage: 'Column' },
  problemMessage: { id: 'import.problems.message', defaultMessage: 'Problem' },
  start: { id: 'import.start', defaultMessage: 'Import' },
  starting: { id: 'import.starting', defaultMessage: 'Starting…' },
  progressLabel: { id: 'import.progress.label', defaultMessage: 'Import progress' },
  progress: { id: 'import.progress', defaultMessage: '{processed} of {total} rows written' },
  queued: { id: 'import.queued', defaultMessage: 'Waiting to start…' },
  succeeded: {
    id: 'import.succeeded',
    defaultMessage:
      'Imported: {ideas, plural, one {# idea} other {# ideas}}, {votes, plural, one {# vote} other {# votes}}, {comments, plural, one {# comment} other {# comments}}, {users, plural, one {# new person} other {# new people}}.',
  },
  failed: { id: 'import.failed', defaultMessage: 'The import failed: {error}' },
  seeIdeas: { id: 'import.seeIdeas', defaultMessage: 'See the ideas' },
});
