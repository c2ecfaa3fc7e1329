import { findImportJob } from '../services/import/find-import-job.ts';
import type {
  TImportJobView,
  TImportPreview,
  TImportResult,
  TStatusMapping,
} from '../services/import/import-job-view.ts';
import { IMPORT_LIMITS, IMPORT_SOURCES } from '../services/import/import-model.ts';
import type { TImportProblem, TImportSource } from '../services/import/import-model.ts';
import { previewImport } from '../services/import/preview-import.ts';
import { startImport } from '../services/import/start-import.ts';
import { builder } from './builder.ts';
import { IdeaStatusEnum } from './idea-enums.ts';
import { decodeId, decodeIdOrRowId, globalId } from './ids.ts';

const SOURCE_DESCRIPTIONS: Record<TImportSource, string> = {
  CANNY: 'Canny: its JSON (the API’s posts, votes and comments lists) or its CSV exports.',
  USERVOICE: 'UserVoice: its CSV exports of suggestions, supporters and comments.',
  FIDER: 'Fider: its backup.zip (Site Settings → Export), or the JSON files inside it.',
  CSV: 'Our own CSV: one row per idea, vote or comment (see the README).',
};

export const ImportSourceEnum = builder.enumType('ImportSource', {
  description: 'Which product an import file comes from.',
  values: Object.fromEntries(
    IMPORT_SOURCES.map((source) => [
      source,
      { value: source, description: SOURCE_DESCRIPTIONS[source] },
    ]),
  ) as Record<TImportSource, { value: TImportSource; description: string }>,
});

const ImportJobStatusEnum = builder.enumType('ImportJobStatus', {
  description: 'Where an import stands.',
  values: {
    PREVIEWED: { description: 'Read and checked; nothing written until it is started.' },
    QUEUED: { description: 'Started; waiting for the background worker.' },
    RUNNING: { description: 'Being written (`processed` of `total`).' },
    SUCCEEDED: { description: 'Written in full (`result` says what was created).' },
    FAILED: { description: 'Stopped; nothing of it was written (`error` says why).' },
  } as const,
});

const ImportFileInput = builder.inputType('ImportFileInput', {
  description: 'One uploaded export file.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Its file name (`posts.csv`, `backup.zip`).' }),
    base64: t.string({ required: true, description: 'Its bytes, base64-encoded.' }),
  }),
});

const ImportCountType = builder
  .objectRef<{ inFile: number; toCreate: number }>('ImportCount')
  .implement({
    description: 'How many rows of a kind the files hold, and how many the import would create.',
    fields: (t) => ({
      inFile: t.exposeInt('inFile', {
        description: 'Rows of this kind in the files (bad rows left out).',
      }),
      toCreate: t.exposeInt('toCreate', {
        description:
          'Of those, the ones not on the board yet (an earlier import of the same file wrote the others).',
      }),
    }),
  });

const ImportProblemType = builder.objectRef<TImportProblem>('ImportProblem').implement({
  description: 'A bad row of an import file: it is left out of the import.',
  fields: (t) => ({
    file: t.exposeString('file', {
      description: 'The file (a zip’s entry as `backup.zip/posts.json`).',
    }),
    row: t.exposeInt('row', {
      description:
        'The row: its line in a CSV file (header 1), its number in a JSON list (from 1).',
    }),
    column: t.exposeString('column', {
      nullable: true,
      description: 'The column or field at fault; null: the row as a whole.',
    }),
    message: t.exposeString('message', { description: 'What is wrong.' }),
  }),
});

const ImportStatusMappingType = builder.objectRef<TStatusMapping>('ImportStatusMapping').implement({
  description: 'How one of the source’s statuses maps to ours.',
  fields: (t) => ({
    sourceStatus: t.exposeString('sourceStatus', {
      description: 'The status as the source names it.',
    }),
    status: t.field({
      type: IdeaStatusEnum,
      description: 'The status (kind) the ideas get here.',
      resolve: (m) => m.status,
    }),
    customStatusName: t.exposeString('customStatusName', {
      nullable: true,
      description:
        'The board’s own status of that kind with the same name, which the ideas get; null: the kind’s default name.',
    }),
    ideaCount: t.exposeInt('ideaCount', { description: 'Ideas with this status.' }),
  }),
});

const ImportPreviewType = builder.objectRef<TImportPreview>('ImportPreview').implement({
  description: 'What an import would create; nothing is written until it is started.',
  fields: (t) => ({
    ideas: t.field({ type: ImportCountType, description: 'Ideas.', resolve: (p) => p.ideas }),
    users: t.field({
      type: ImportCountType,
      description:
        'People (authors, voters, commenters), matched to the company’s users by email; new ones become end users without a password.',
      resolve: (p) => p.users,
    }),
    votes: t.field({ type: ImportCountType, description: 'Votes.', resolve: (p) => p.votes }),
    comments: t.field({
      type: ImportCountType,
      description: 'Comments.',
      resolve: (p) => p.comments,
    }),
    statusMapping: t.field({
      type: [ImportStatusMappingType],
      description: 'The source’s statuses and ours.',
      resolve: (p) => p.statusMapping,
    }),
    problems: t.field({
      type: [ImportProblemType],
      description: 'Bad rows (the first 200), left out of the import.',
      resolve: (p) => p.problems,
    }),
    problemCount: t.exposeInt('problemCount', {
      description: 'How many bad rows there are in all.',
    }),
    skipped: t.exposeInt('skipped', {
      description: 'Rows deliberately not imported (deleted posts, internal notes).',
    }),
  }),
});

const ImportResultType = builder.objectRef<TImportResult>('ImportResult').implement({
  description: 'What an import created.',
  fields: (t) => ({
    ideas: t.exposeInt('ideas', { description: 'Ideas created.' }),
    users: t.exposeInt('users', { description: 'End users created.' }),
    votes: t.exposeInt('votes', { description: 'Votes created.' }),
    comments: t.exposeInt('comments', { description: 'Comments created.' }),
  }),
});

export const ImportJobType = builder.objectRef<TImportJobView>('ImportJob').implement({
  description: 'An import of another product’s export into a board (OWNER and ADMIN).',
  fields: (t) => ({
    id: t.id({ description: 'Its global id.', resolve: (job) => globalId('ImportJob', job.id) }),
    boardId: t.id({
      description: 'The global id of the board it imports into.',
      resolve: (job) => globalId('Board', job.boardId),
    }),
    source: t.field({
      type: ImportSourceEnum,
      description: 'Where the files come from.',
      resolve: (job) => job.source as TImportSource,
    }),
    fileNames: t.exposeString('fileNames', { description: 'The uploaded files’ names.' }),
    status: t.field({
      type: ImportJobStatusEnum,
      description: 'Where it stands.',
      resolve: (job) => job.status,
    }),
    preview: t.field({
      type: ImportPreviewType,
      description: 'What it creates.',
      resolve: (job) => job.preview,
    }),
    total: t.exposeInt('total', { description: 'Rows to write (ideas, votes and comments).' }),
    processed: t.exposeInt('processed', { description: 'Rows written so far.' }),
    result: t.field({
      type: ImportResultType,
      nullable: true,
      description: 'What it created (SUCCEEDED only).',
      resolve: (job) => job.result,
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed (FAILED only).' }),
    createdAt: t.field({
      type: 'DateTime',
      description: 'When it was previewed.',
      resolve: (job) => job.createdAt,
    }),
  }),
});

builder.queryField('importJob', (t) =>
  t.field({
    type: ImportJobType,
    nullable: true,
    description:
      'An import of the caller’s company by its global id (OWNER and ADMIN); null otherwise.',
    args: { id: t.arg.id({ required: true, description: 'The global id of the import.' }) },
    resolve: (_root, args, context) =>
      findImportJob(context.deps, context.viewer, decodeId(args.id, 'ImportJob')),
  }),
);

builder.mutationFields((t) => ({
  previewImport: t.field({
    type: ImportJobType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Reads another product’s export for a board and answers what importing it would create, writing none of it (OWNER and ADMIN): counts, the status mapping and each bad row naming its file, row and column. A file that cannot be read at all is VALIDATION on `files`; more ideas than the plan shows is PLAN_LIMIT. Start it with startImport.',
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      source: t.arg({
        type: ImportSourceEnum,
        required: true,
        description: 'Where the files come from.',
      }),
      files: t.arg({
        type: [ImportFileInput],
        required: false,
        description:
          'The export’s files, base64 in the JSON body (which is at most 1 MB). Larger exports go as `uploads`.',
      }),
      uploads: t.arg({
        type: ['File'],
        required: false,
        description: `The export’s files as parts of a multipart request (up to ${IMPORT_LIMITS.maxUploadBytes / 1024 / 1024} MB in all, signed in). Beside or instead of \`files\`.`,
      }),
    },
    resolve: async (_root, args, context) =>
      previewImport(context.deps, context.viewer, {
        boardId: decodeIdOrRowId(args.boardId, 'Board'),
        source: args.source,
        files: [
          ...(args.files ?? []).map((file) => ({
            name: file.name.slice(0, 200),
            data: Buffer.from(file.base64, 'base64'),
          })),
          ...(await Promise.all(
            (args.uploads ?? []).map(async (file) => ({
              name: file.name.slice(0, 200),
              data: Buffer.from(await file.arrayBuffer()),
            })),
          )),
        ],
      }),
  }),
  startImport: t.field({
    type: ImportJobType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Starts a previewed import in the background (OWNER and ADMIN): all of it is written in one transaction, or nothing. Follow `processed` with `importJob`. Importing the same file again creates nothing twice. A job already started is CONFLICT.',
    args: {
      importJobId: t.arg.id({
        required: true,
        description: 'The global id of the previewed import.',
      }),
    },
    resolve: (_root, args, context) =>
      startImport(context.deps, context.viewer, decodeId(args.importJobId, 'ImportJob')),
  }),
}));
