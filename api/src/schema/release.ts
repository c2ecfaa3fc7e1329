import { boardVisibleWhere, toRowId } from '../services/access.ts';
import {
  addReleaseIdeas,
  addReleasePart,
  createRelease,
  deleteReleasePart,
  publishRelease,
  updateRelease,
} from '../services/release/change-release.ts';
import {
  RELEASE_PART_ORDER,
  getRelease,
  releaseListWhere,
  releasePartVisibleWhere,
} from '../services/release/find-releases.ts';
import { RELEASE_ORDER, releaseVisibleWhere } from '../services/release/release-access.ts';
import { RELEASE_BODY_MAX, formatReleaseDate } from '../services/release/release-input.ts';
import { RELEASE_EXCERPT_LENGTH, releaseExcerpt } from '../services/release/release-excerpt.ts';
import { releaseBodyHtml, renderReleaseBody } from '../services/release/release-html.ts';
import { releaseMailCount } from '../services/release/release-mail-count.ts';
import { errors } from '../errors.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import { BoardType, nullIfNotFound } from './board.ts';
import { decodeId, decodeIdOrRowId, globalId } from './ids.ts';

export const ReleaseFilterEnum = builder.enumType('ReleaseFilter', {
  description: 'Which releases a list shows.',
  values: {
    ALL: { description: 'Published and unpublished (unpublished ones: admins only).' },
    PUBLISHED: { description: 'Only published releases.' },
    UNPUBLISHED: { description: 'Only unpublished releases.' },
  } as const,
});

export const ReleaseLabelEnum = builder.enumType('ReleaseLabel', {
  description: 'What kind of change a release brings, shown as a badge on the changelog.',
  values: {
    NEW: { description: 'Something new.' },
    IMPROVED: { description: 'Something better than before.' },
    FIXED: { description: 'A bug fixed.' },
  } as const,
});

export const ReleasePartType = builder.prismaNode('ReleasePart', {
  description: 'One line of a release: an idea that shipped, or a generic entry.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    release: releaseVisibleWhere(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'The line as shown (an idea part: its title).' }),
    ideaId: t.id({
      nullable: true,
      description: 'The idea this part stands for; null for a generic entry.',
      resolve: (part) => (part.ideaId ? globalId('Idea', part.ideaId) : null),
    }),
  }),
});

export const ReleaseType = builder.prismaNode('Release', {
  description:
    'Release notes: a named, dated list of what shipped, shown on its boards once published.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: toRowId(id), AND: [releaseVisibleWhere(context.viewer)] }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Name (1 to 16 characters), e.g. a version.' }),
    releaseDate: t.field({
      type: 'Date',
      description: 'The release date (a calendar date, YYYY-MM-DD).',
      resolve: (release) => formatReleaseDate(release.releaseDate),
    }),
    isPublished: t.exposeBoolean('isPublished', { description: 'True once published.' }),
    publishedAt: t.expose('publishedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was published (null while unpublished).',
    }),
    body: t.exposeString('body', {
      description: `The release notes in Markdown (at most ${RELEASE_BODY_MAX} characters; empty when none).`,
    }),
    bodyExcerpt: t.string({
      description: `The start of the notes as plain text, at most ${RELEASE_EXCERPT_LENGTH} characters: Markdown marks, images and link addresses left out, cut at a word with an ellipsis ('' when there are no notes). For a list of releases, where the whole body is more than it shows.`,
      resolve: (release) => releaseExcerpt(release.body),
    }),
    bodyHtml: t.string({
      description:
        'The body rendered to HTML and sanitised: no script, no event handlers, only http(s) and mailto links (rel="noopener nofollow ugc").',
      resolve: (release, _args, context) => releaseBodyHtml(context.deps, release),
    }),
    publishMailCount: t.int({
      nullable: true,
      description:
        'How many people publishing it now would mail (admins; null for anyone else): voters and authors of its ideas who get release mails, and confirmed changelog subscribers when a public board shows it, less those mailed about it before.',
      resolve: (release, _args, context) => releaseMailCount(context.deps, context.viewer, release),
    }),
    coverImageUrl: t.exposeString('coverImageUrl', {
      nullable: true,
      description: 'An http(s) image shown above the body, or null.',
    }),
    labels: t.field({
      type: [ReleaseLabelEnum],
      description: 'Its labels (NEW, IMPROVED, FIXED), each at most once, in that order.',
      resolve: (release) => release.labels,
    }),
    parts: t.relation('parts', {
      description:
        'Its lines, in the order they were added: generic ones and those of ideas on boards the caller may see.',
      query: (_args, context) => ({
        where: releasePartVisibleWhere(context.viewer),
        orderBy: RELEASE_PART_ORDER,
      }),
    }),
    boards: t.relation('boards', {
      type: BoardType,
      description: 'The boards whose changelog shows it (those the caller may see).',
      query: (_args, context) => ({ where: boardVisibleWhere(context.viewer) }),
    }),
  }),
});

builder.queryField('releaseNotesPreview', (t) =>
  t.string({
    authScopes: { companyAdmin: true },
    description: `Release notes (Markdown, at most ${RELEASE_BODY_MAX} characters) rendered as the changelog, the portal and the mails will show them: sanitised HTML, for the release composer's preview (admins). Nothing is stored.`,
    args: {
      body: t.arg.string({ required: true, description: 'The Markdown to render.' }),
    },
    resolve: (_root, { body }) => {
      if (body.length > RELEASE_BODY_MAX) {
        throw errors.validation([
          { field: 'body', message: `At most ${RELEASE_BODY_MAX} characters.` },
        ]);
      }
      return renderReleaseBody(body);
    },
  }),
);

builder.queryFields((t) => ({
  releases: t.prismaConnection(
    {
      type: ReleaseType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      authScopes: { signedIn: true },
      description:
        "The caller's company releases, newest release date first: all of them for admins; for end users, the published ones on boards they may see.",
      args: {
        filter: t.arg({
          type: ReleaseFilterEnum,
          defaultValue: 'ALL',
          description: 'Which releases: ALL, PUBLISHED or UNPUBLISHED (admins).',
        }),
      },
      resolve: async (query, _root, args, context) => {
        const where = await releaseListWhere(
          context.deps,
          context.viewer,
          { companyId: context.viewer?.companyId ?? 0 },
          args,
        );
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.release.count({ where: { AND: [where, { id }] } }),
        );
        return context.deps.prisma.release.findMany({ ...query, where, orderBy: RELEASE_ORDER });
      },
    },
    { description: 'A page of releases.' },
    { description: 'A release in a page.' },
  ),
  release: t.field({
    type: ReleaseType,
    nullable: true,
    args: {
      id: t.arg.id({
        required: true,
        description: 'The global id of the release, or its plain number (the id REST answers).',
      }),
    },
    description: 'A release the caller may see (unpublished ones: admins only). Null otherwise.',
    resolve: (_root, args, context) =>
      getRelease(context.deps, context.viewer, decodeIdOrRowId(args.id, 'Release')).catch(
        nullIfNotFound,
      ),
  }),
}));

builder.objectField(BoardType, 'releases', (t) =>
  t.prismaConnection(
    {
      type: ReleaseType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      description:
        "Releases shown on this board, newest first: published ones for anyone who sees the board, unpublished ones too for the company's admins.",
      args: {
        filter: t.arg({
          type: ReleaseFilterEnum,
          defaultValue: 'ALL',
          description: 'Which releases: ALL, PUBLISHED or UNPUBLISHED (admins).',
        }),
      },
      resolve: async (query, board, args, context) => {
        const where = await releaseListWhere(
          context.deps,
          context.viewer,
          { boardId: board.id },
          args,
        );
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.release.count({ where: { AND: [where, { id }] } }),
        );
        return context.deps.prisma.release.findMany({ ...query, where, orderBy: RELEASE_ORDER });
      },
    },
    { description: 'A page of releases.' },
    { description: 'A release in a page.' },
  ),
);

const withErrors = { errors: {} };
const releaseId = (id: string | number) => decodeId(id, 'Release');

builder.mutationFields((t) => ({
  createRelease: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Creates an unpublished release (admins; name 1 to 16 characters, releaseDate YYYY-MM-DD, optional Markdown body, cover image and labels) shown on the given boards.',
    args: {
      name: t.arg.string({
        required: true,
        description: "The release's name, 1 to 16 characters.",
      }),
      releaseDate: t.arg.string({
        required: true,
        description: 'The release date as YYYY-MM-DD (a calendar date, no time zone).',
      }),
      boardIds: t.arg.idList({ description: 'Boards of the company whose changelog shows it.' }),
      body: t.arg.string({
        description: `The release notes in Markdown, at most ${RELEASE_BODY_MAX} characters (null clears them).`,
      }),
      coverImageUrl: t.arg.string({
        description: 'An http or https image address (null or empty clears it).',
      }),
      labels: t.arg({
        type: [ReleaseLabelEnum],
        description: 'Labels NEW, IMPROVED, FIXED (null clears them).',
      }),
    },
    resolve: (_root, args, context) =>
      createRelease(context.deps, context.viewer, {
        ...args,
        boardIds: (args.boardIds ?? []).map((id) => decodeId(id, 'Board')),
      }),
  }),
  updateRelease: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Changes the name and date of a release (admins), and its body, cover image and labels when given.',
    args: {
      releaseId: t.arg.id({ required: true, description: 'The global id of the release to edit.' }),
      name: t.arg.string({ required: true, description: 'The new name, 1 to 16 characters.' }),
      releaseDate: t.arg.string({
        required: true,
        description: 'The new release date as YYYY-MM-DD.',
      }),
      body: t.arg.string({
        description: `The release notes in Markdown, at most ${RELEASE_BODY_MAX} characters (absent: unchanged; null clears them).`,
      }),
      coverImageUrl: t.arg.string({
        description: 'An http or https image address (absent: unchanged; null or empty clears it).',
      }),
      labels: t.arg({
        type: [ReleaseLabelEnum],
        description: 'Labels NEW, IMPROVED, FIXED (absent: unchanged; null clears them).',
      }),
    },
    resolve: (_root, args, context) =>
      updateRelease(context.deps, context.viewer, releaseId(args.releaseId), args),
  }),
  publishRelease: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Publishes (published: true) or unpublishes a release (admins).',
    args: {
      releaseId: t.arg.id({ required: true, description: 'The global id of the release.' }),
      published: t.arg.boolean({
        required: true,
        description:
          'True publishes the release (shown on its boards, voters mailed once); false hides it again.',
      }),
      completeLinkedIdeas: t.arg.boolean({
        required: false,
        description:
          "Publishing only: also move the release's linked ideas (not declined) to their board's completed status, each a status change as any other (voters notified).",
      }),
    },
    resolve: (_root, args, context) =>
      publishRelease(context.deps, context.viewer, releaseId(args.releaseId), args),
  }),
  addReleasePart: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Adds a generic entry (admins; title 6 to 100 characters).',
    args: {
      releaseId: t.arg.id({ required: true, description: 'The global id of the release.' }),
      title: t.arg.string({
        required: true,
        description: "The entry's text, 6 to 100 characters.",
      }),
    },
    resolve: (_root, args, context) =>
      addReleasePart(context.deps, context.viewer, releaseId(args.releaseId), args),
  }),
  addReleaseIdeas: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Adds ideas of the company as parts (admins); an idea already there is not added twice.',
    args: {
      releaseId: t.arg.id({ required: true, description: 'The global id of the release.' }),
      ideaIds: t.arg.idList({
        required: true,
        description: "The global ids of the ideas to add as parts (ideas of the release's boards).",
      }),
    },
    resolve: (_root, args, context) =>
      addReleaseIdeas(context.deps, context.viewer, releaseId(args.releaseId), {
        ideaIds: args.ideaIds.map((id) => decodeId(id, 'Idea')),
      }),
  }),
  deleteReleasePart: t.field({
    type: ReleaseType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Removes one part of a release (admins).',
    args: {
      releaseId: t.arg.id({ required: true, description: 'The global id of the release.' }),
      partId: t.arg.id({ required: true, description: 'The global id of the part to delete.' }),
    },
    resolve: (_root, args, context) =>
      deleteReleasePart(
        context.deps,
        context.viewer,
        releaseId(args.releaseId),
        decodeId(args.partId, 'ReleasePart'),
      ),
  }),
}));
