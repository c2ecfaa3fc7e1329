import { resolveCursorConnection } from '@pothos/plugin-relay';
import type { IdeaActivity } from '../generated/prisma/client.ts';
import { findIdeaActivityPage } from '../services/activity/list-idea-activity.ts';
import type {
  TActivityCustomStatus,
  TIdeaActivityDetails,
} from '../services/activity/record-idea-activity.ts';
import { builder } from './builder.ts';
import { IdeaStatusEnum } from './idea-enums.ts';
import { AuthorType, IdeaType } from './idea.ts';
import { decodeCursorId, globalId } from './ids.ts';
import { isTeamOfIdea } from './idea-team.ts';

const IdeaActivityKindEnum = builder.enumType('IdeaActivityKind', {
  description: 'What an activity entry records.',
  values: {
    STATUS_CHANGED: { description: 'The status changed (declines included).' },
    MOVED: { description: 'The idea moved to another board.' },
    TITLE_CHANGED: { description: 'The title changed.' },
    MERGED: { description: 'Declined as a duplicate with its votes merged (on both ideas).' },
    UNMERGED: { description: 'A merge was undone (on both ideas).' },
    TAG_ADDED: { description: 'A tag was put on the idea.' },
    TAG_REMOVED: { description: 'A tag was taken off the idea (or deleted).' },
  },
});

const IdeaActivityCauseEnum = builder.enumType('IdeaActivityCause', {
  description: 'Why a change was made when nobody asked for it on this idea directly.',
  values: {
    STATUS_DELETED: {
      description: 'The custom status it showed was deleted: it moved to the one chosen then.',
    },
    TAG_DELETED: { description: 'The tag was deleted, so it left every idea.' },
  },
});

const detailsOf = (entry: IdeaActivity) => (entry.details ?? {}) as TIdeaActivityDetails;

/** A custom status as an activity entry keeps it: its names when the change was made. */
const ActivityCustomStatusType = builder
  .objectRef<TActivityCustomStatus>('ActivityCustomStatus')
  .implement({
    description:
      'A custom status as an activity entry recorded it (it may be renamed or gone since).',
    fields: (t) => ({
      nameEn: t.exposeString('nameEn', { description: 'Its English name then.' }),
      namePl: t.exposeString('namePl', { description: 'Its Polish name then.' }),
    }),
  });

const IdeaActivityType = builder.objectRef<IdeaActivity>('IdeaActivity').implement({
  description:
    'One triage change of an idea: who made it, when, and what changed (only the fields of its kind are set).',
  fields: (t) => ({
    id: t.id({ description: 'The entry’s id.', resolve: (e) => globalId('IdeaActivity', e.id) }),
    kind: t.field({
      type: IdeaActivityKindEnum,
      description: 'What changed.',
      resolve: (e) => e.kind,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it changed.' }),
    actor: t.field({
      type: AuthorType,
      nullable: true,
      description: 'Who changed it (null when that user was deleted).',
      resolve: (e, _args, context) =>
        e.actorId === null ? null : context.related.author(e.actorId),
    }),
    fromStatus: t.field({
      type: IdeaStatusEnum,
      nullable: true,
      description: 'STATUS_CHANGED, UNMERGED: the status before.',
      resolve: (e) => detailsOf(e).fromStatus ?? null,
    }),
    toStatus: t.field({
      type: IdeaStatusEnum,
      nullable: true,
      description: 'STATUS_CHANGED, UNMERGED: the status after.',
      resolve: (e) => detailsOf(e).toStatus ?? null,
    }),
    fromCustomStatus: t.field({
      type: ActivityCustomStatusType,
      nullable: true,
      description:
        "STATUS_CHANGED: the board's custom status it showed before (its names then); null: the status's own name.",
      resolve: (e) => detailsOf(e).fromCustomStatus ?? null,
    }),
    toCustomStatus: t.field({
      type: ActivityCustomStatusType,
      nullable: true,
      description:
        "STATUS_CHANGED: the board's custom status it showed after (its names then); null: the status's own name.",
      resolve: (e) => detailsOf(e).toCustomStatus ?? null,
    }),
    cause: t.field({
      type: IdeaActivityCauseEnum,
      nullable: true,
      description:
        'STATUS_CHANGED, TAG_REMOVED: the deletion that made the change; null: it was asked for.',
      resolve: (e) => detailsOf(e).cause ?? null,
    }),
    fromBoardName: t.string({
      nullable: true,
      description: 'MOVED: the board it left (its name then).',
      resolve: (e) => detailsOf(e).fromBoardName ?? null,
    }),
    toBoardName: t.string({
      nullable: true,
      description: 'MOVED: the board it went to (its name then).',
      resolve: (e) => detailsOf(e).toBoardName ?? null,
    }),
    fromTitle: t.string({
      nullable: true,
      description: 'TITLE_CHANGED: the old title.',
      resolve: (e) => detailsOf(e).fromTitle ?? null,
    }),
    toTitle: t.string({
      nullable: true,
      description: 'TITLE_CHANGED: the new title.',
      resolve: (e) => detailsOf(e).toTitle ?? null,
    }),
    otherIdeaId: t.id({
      nullable: true,
      description: 'MERGED, UNMERGED: the global id of the other idea of the merge.',
      resolve: (e) => {
        const id = detailsOf(e).otherIdeaId;
        return id === undefined ? null : globalId('Idea', id);
      },
    }),
    otherIdeaTitle: t.string({
      nullable: true,
      description: 'MERGED, UNMERGED: the other idea’s title then.',
      resolve: (e) => detailsOf(e).otherIdeaTitle ?? null,
    }),
    votesMoved: t.int({
      nullable: true,
      description: 'MERGED, UNMERGED: how many votes moved.',
      resolve: (e) => detailsOf(e).votesMoved ?? null,
    }),
    tagName: t.string({
      nullable: true,
      description: 'TAG_ADDED, TAG_REMOVED: the tag’s name then.',
      resolve: (e) => detailsOf(e).tagName ?? null,
    }),
    tagColor: t.string({
      nullable: true,
      description: 'TAG_ADDED, TAG_REMOVED: the tag’s colour then (6 hex digits, without #).',
      resolve: (e) => detailsOf(e).tagColor ?? null,
    }),
  }),
});

builder.objectField(IdeaType, 'activity', (t) =>
  t.connection(
    {
      type: IdeaActivityType,
      nullable: true,
      description:
        'Who changed the status, board, title, tags or merges of the idea and when, newest first (the team of its company only; null for anyone else). Pages hold 20 entries unless `first` or `last` asks for up to 100.',
      resolve: async (idea, args, context) => {
        if (!(await isTeamOfIdea(idea, context))) return null;
        return resolveCursorConnection<Promise<IdeaActivity[]>>(
          {
            args,
            defaultSize: 20,
            maxSize: 100,
            toCursor: (entry: IdeaActivity) => globalId('IdeaActivityCursor', entry.id),
          },
          ({ after, before, limit, inverted }) =>
            findIdeaActivityPage(context.deps, idea.id, {
              limit,
              afterId: decodeCursorId(after, 'IdeaActivityCursor', 'after'),
              beforeId: decodeCursorId(before, 'IdeaActivityCursor', 'before'),
              reverse: inverted,
            }),
        );
      },
    },
    { description: 'A page of an idea’s activity.' },
    { description: 'An activity entry in a page.' },
  ),
);
