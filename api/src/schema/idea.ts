import type { TIdeaChange } from '../events.ts';
import {
  boardVisibleWhere,
  canEditIdea,
  canUpdateIdeaStatus,
  findVisibleIdea,
  ideaVisibleWhere,
  keptIdeaFor,
  toRowId,
} from '../services/access.ts';
import { createIdea } from '../services/idea/create-idea.ts';
import { declineIdea } from '../services/idea/decline-idea.ts';
import { deleteIdea } from '../services/idea/delete-idea.ts';
import { setIdeaStatus } from '../services/idea/set-idea-status.ts';
import { updateIdea } from '../services/idea/update-idea.ts';
import { addVote, removeVote } from '../services/vote/add-vote.ts';
import type { TVoteResult } from '../services/vote/add-vote.ts';
import type { BoardStatus, Idea, Prisma, Tag } from '../generated/prisma/client.ts';
import { commentVisibleWhere, findVisibleBoard } from '../services/access.ts';
import { declineDetailsOf } from '../services/idea/find-idea-views.ts';
import { IdeaChangeSource } from '../services/idea/watch-idea-changes.ts';
import type { TAuthor, TDeclineDetails, TIdeaView } from '../services/idea/find-idea-views.ts';
import { errors } from '../errors.ts';
import { isCompanyAdmin } from '../viewer.ts';
import type { TViewer } from '../viewer.ts';
import type { TGraphQLContext } from './builder.ts';
import { builder } from './builder.ts';
import { cursorInListWhere, requireCursorInList } from './connection-cursor.ts';
import type { TCursorArgs } from './connection-cursor.ts';
import { BoardType, nullIfNotFound } from './board.ts';
import { decodeId, decodeIdOrRowId, decodeOptionalId, globalId } from './ids.ts';
import { DeclineReasonEnum, IdeaStatusEnum } from './idea-enums.ts';
import { isIdeaWithinCap } from '../services/plan/plan-state.ts';
import { planStateFor } from './plan-context.ts';
import { isTeamOfIdea } from './idea-team.ts';

/** A person as shown on ideas and comments: only their display name and picture. */
export const AuthorType = builder.objectRef<TAuthor>('Author').implement({
  description: 'The author of an idea or comment, as anyone who sees it may see them.',
  fields: (t) => ({
    displayName: t.exposeString('displayName', { description: 'The name to show.' }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Picture URL, if any.' }),
  }),
});

const DeclineDetailsType = builder.objectRef<TDeclineDetails>('DeclineDetails').implement({
  description: 'Why and when an idea was declined.',
  fields: (t) => ({
    reason: t.field({
      type: DeclineReasonEnum,
      description: 'The reason.',
      resolve: (d) => d.reason,
    }),
    comment: t.exposeString('comment', { nullable: true, description: 'The optional comment.' }),
    declinedDuplicateIdeaId: t.id({
      nullable: true,
      description: 'For DUPLICATE: the id of the idea kept open.',
      resolve: (d) => (d.duplicateOf ? globalId('Idea', d.duplicateOf.id) : null),
    }),
    declinedDuplicateIdeaFound: t.boolean({
      description: 'For DUPLICATE: false when the kept idea no longer exists.',
      resolve: (d) => d.duplicateOf !== null,
    }),
    declinedDuplicateIdeaTitle: t.string({
      nullable: true,
      description: 'For DUPLICATE: the kept idea’s title.',
      resolve: (d) => d.duplicateOf?.title ?? null,
    }),
    declinedAt: t.expose('declinedAt', { type: 'DateTime', description: 'When it was declined.' }),
  }),
});

/**
 * An idea row with what its loader already knew for this caller: a list page (findIdeaPageRows)
 * joins in all of it, a vote's answer knows the vote. Fields read the rest through
 * `context.related` and `context.votedByMe`, one statement per list. A list page read by
 * anyone but the company's team has no `value` (the field answers them null unread).
 */
export type TIdeaParent = Idea &
  Partial<
    Pick<TIdeaView, 'author' | 'duplicateOf' | 'isVotedByMe' | 'canEdit' | 'canUpdateStatus'>
  > & {
    isHiddenByPlan?: boolean;
    /**
     * Read once for every subscriber of a live event (live-idea.ts), so a field does not read
     * them again per subscriber: its board's company, its custom status row, every tag it
     * carries (private ones too: the field filters them per caller).
     */
    live?: { companyId: number; customStatus: BoardStatus | null; tags: Tag[] };
  };

function withVote({ idea, isVotedByMe }: TVoteResult): TIdeaParent {
  return { ...idea, isVotedByMe };
}

/**
 * The rule of a comments cursor (cursorInListWhere): the page keeps its rows only while the
 * cursor names a comment of the same idea the caller may read, else it is empty.
 */
function commentCursorWhere(
  args: TCursorArgs,
  viewer: TViewer | null,
): Prisma.CommentWhereInput | undefined {
  const visible = commentVisibleWhere(viewer);
  return cursorInListWhere(args, (id): Prisma.CommentWhereInput => ({
    idea: { comments: { some: { AND: [{ id }, visible] } } },
  }));
}

/** The idea's company when the caller administers some company (0 otherwise: not needed). */
async function companyIdForAdmin(idea: Idea, context: TGraphQLContext): Promise<number> {
  if (!isCompanyAdmin(context.viewer)) return 0;
  return (await context.related.boardCompanyId(idea.boardId)) ?? 0;
}

const VoterType = builder.prismaObject('Vote', {
  name: 'Voter',
  description: 'A user who voted for an idea.',
  fields: (t) => ({
    userId: t.id({
      description: 'The voter’s user id (a CompanyUser id).',
      resolve: (v) => globalId('CompanyUser', v.userId),
    }),
    name: t.string({
      description: 'Their display name.',
      select: { user: { select: { displayName: true } } },
      resolve: (v) => v.user.displayName,
    }),
  }),
});

/** Who voted for an idea: its votes, earliest first. */
function votersOf(ideaId: number) {
  return {
    where: { ideaId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.VoteOrderByWithRelationInput[],
  };
}

export const IdeaType = builder.prismaNode('Idea', {
  description: 'A feature request on a board.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: toRowId(id), AND: [ideaVisibleWhere(context.viewer)] }),
  nullable: true,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title (6 to 100 characters).' }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'Description (6 to 500 characters), if given.',
    }),
    status: t.expose('status', { type: IdeaStatusEnum, description: 'Pipeline status.' }),
    voteCount: t.exposeInt('voteCount', { description: 'How many users voted for it.' }),
    isSample: t.exposeBoolean('isSample', {
      description:
        'True for a sample idea the team added to try the board (addSampleIdeas), not real feedback: removeSampleIdeas deletes them; editing one makes it an idea of the team’s own.',
    }),
    commentCount: t.exposeInt('commentCount', {
      description:
        'How many public comments it has (internal notes are not counted: see internalNoteCount).',
    }),
    internalNoteCount: t.int({
      nullable: true,
      description:
        'How many internal notes the team wrote on it; null for anyone outside the team of its company.',
      // Counted with the page's other ideas (related-rows.ts commentCounts).
      resolve: async (idea, _args, context) => {
        if (!(await isTeamOfIdea(idea, context))) return null;
        return (await context.related.commentCounts(idea.id)).internal;
      },
    }),
    rejectedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When the team rejected it from the moderation queue (it stays NOT_PUBLIC, seen by its author and the team only); null when it was not rejected, and for anyone outside the team of its company.',
      resolve: async (idea: TIdeaParent, _args, context) => {
        if (!(await isTeamOfIdea(idea, context))) return null;
        if (idea.rejectedAt !== undefined) return idea.rejectedAt;
        const row = await context.deps.prisma.idea.findUnique({
          where: { id: idea.id },
          select: { rejectedAt: true },
        });
        return row?.rejectedAt ?? null;
      },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted.' }),
    author: t.field({
      type: AuthorType,
      nullable: true,
      description: 'Who submitted it (null when that user was deleted).',
      resolve: (idea: TIdeaParent, _args, context) => {
        if (idea.author !== undefined) return idea.author;
        return idea.authorId === null ? null : context.related.author(idea.authorId);
      },
    }),
    // One statement for the boards of every idea in the tick (related-rows.ts).
    board: t.field({
      type: BoardType,
      nullable: false,
      description: 'The board it belongs to.',
      resolve: async (idea, _args, context) => {
        const board = await context.related.board(idea.boardId);
        if (!board) throw errors.notFound('Board');
        return board;
      },
    }),
    isHiddenByPlan: t.boolean({
      description:
        "True when the company's plan cap on visible ideas hides it from readers of the board (the newest counted ideas past the cap). Only admins' lists hold such ideas (`Board.ideas(includeHiddenByPlan: true)`); raising the plan shows them again at once.",
      resolve: async (idea: TIdeaParent, _args, context) => {
        if (idea.isHiddenByPlan !== undefined) return idea.isHiddenByPlan;
        const companyId = await context.related.boardCompanyId(idea.boardId);
        if (companyId === null) return false;
        return !isIdeaWithinCap(await planStateFor(context, companyId), idea);
      },
    }),
    isVotedByMe: t.boolean({
      description: 'True when the caller has voted for it.',
      resolve: (idea: TIdeaParent, _args, context) =>
        idea.isVotedByMe ?? context.votedByMe(idea.id),
    }),
    canEdit: t.boolean({
      description:
        'True when the caller may edit or delete it and see its voters (admins and its author).',
      resolve: async (idea: TIdeaParent, _args, context) =>
        idea.canEdit ??
        canEditIdea(context.viewer, {
          authorId: idea.authorId,
          companyId: await companyIdForAdmin(idea, context),
        }),
    }),
    canUpdateStatus: t.boolean({
      description: 'True when the caller may change its status and decline it (admins).',
      resolve: async (idea: TIdeaParent, _args, context) =>
        idea.canUpdateStatus ??
        canUpdateIdeaStatus(context.viewer, await companyIdForAdmin(idea, context)),
    }),
    declineDetails: t.field({
      type: DeclineDetailsType,
      nullable: true,
      description: 'Why it was declined; null unless DECLINED.',
      resolve: async (idea: TIdeaParent, _args, context) => {
        if (idea.status !== 'DECLINED') return null;
        let duplicateOf = idea.duplicateOf;
        if (duplicateOf === undefined) {
          duplicateOf =
            idea.declineReason === 'DUPLICATE' && idea.duplicateOfId !== null
              ? keptIdeaFor(
                  context.viewer,
                  idea.boardId,
                  await context.related.keptIdea(idea.duplicateOfId),
                )
              : null;
        }
        return declineDetailsOf({ ...idea, duplicateOf });
      },
    }),
    voters: t.prismaConnection(
      {
        type: VoterType,
        cursor: 'id',
        defaultSize: 50,
        maxSize: 100,
        nullable: true,
        description:
          'Who voted, earliest first, a page at a time. Editors only (see canEdit); null for others. A cursor of another idea’s voters is VALIDATION on `after`/`before`.',
        // Checked before the page and its count are read (a selection of `totalCount` alone
        // skips `resolve`).
        authScopes: async (idea: TIdeaParent, _args, context) =>
          canEditIdea(context.viewer, {
            authorId: idea.authorId,
            companyId: await companyIdForAdmin(idea, context),
          }),
        unauthorizedResolver: () => null,
        // Counted with the other ideas of the tick (related-rows.ts voterCount).
        totalCount: (idea: TIdeaParent, _args, context) => context.related.voterCount(idea.id),
        resolve: async (query, idea: TIdeaParent, args, context) => {
          const list = votersOf(idea.id);
          await requireCursorInList(query, args, (id) =>
            context.deps.prisma.vote.count({ where: { AND: [list.where, { id }] } }),
          );
          return context.deps.prisma.vote.findMany({ ...query, ...list });
        },
      },
      {
        description: 'A page of an idea’s voters.',
        fields: (c) => ({
          totalCount: c.int({
            description: 'How many voted (all pages).',
            extensions: { pothosPrismaTotalCount: true },
            resolve: (connection) =>
              (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
          }),
        }),
      },
      { description: 'A voter in a page.' },
    ),
    comments: t.prismaConnection(
      {
        type: 'Comment',
        cursor: 'id',
        defaultSize: 50,
        maxSize: 100,
        description:
          'Comments and replies, oldest first (a reply names its thread in `parentId`). Internal notes only for the team of the idea’s company.',
        // Without a cursor, every idea of the execution tick is counted by one grouped statement
        // (related-rows.ts commentCounts); a page of ideas asking for their comments' totalCount
        // read each idea's count with a statement of its own (issue 33, F1a). A cursor counts
        // the cursor's list only, as the page does (nothing for a cursor of another list).
        totalCount: async (idea: TIdeaParent, args, context) => {
          const sameList = commentCursorWhere(args, context.viewer);
          if (sameList) {
            return context.deps.prisma.comment.count({
              where: { AND: [{ ideaId: idea.id }, commentVisibleWhere(context.viewer), sameList] },
            });
          }
          const counts = await context.related.commentCounts(idea.id);
          if (counts.internal === 0) return counts.public;
          return (await isTeamOfIdea(idea, context))
            ? counts.public + counts.internal
            : counts.public;
        },
        resolve: (query, idea: TIdeaParent, args, context) => {
          const visible = commentVisibleWhere(context.viewer);
          // The cursor must be a comment of this idea the caller may read (else an empty page).
          const sameList = commentCursorWhere(args, context.viewer);
          return context.deps.prisma.comment.findMany({
            ...query,
            where: { AND: [{ ideaId: idea.id }, visible, ...(sameList ? [sameList] : [])] },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          });
        },
      },
      {
        description: 'A page of comments.',
        fields: (c) => ({
          totalCount: c.int({
            description:
              'How many comments the caller may read the idea has (all pages; with internal notes for the team).',
            extensions: { pothosPrismaTotalCount: true },
            resolve: (connection) =>
              (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
          }),
        }),
      },
      { description: 'A comment in a page.' },
    ),
  }),
});

builder.queryFields((t) => ({
  idea: t.field({
    type: IdeaType,
    nullable: true,
    args: {
      id: t.arg.id({
        required: true,
        description: 'The idea: its global id, or its plain number (the id REST uses).',
      }),
    },
    description:
      'An idea the caller may see (on a visible board; ideas awaiting acceptance only for admins and their author). Null otherwise.',
    resolve: (_root, args, context) =>
      findVisibleIdea(context.deps, context.viewer, decodeIdOrRowId(args.id, 'Idea')).catch(
        nullIfNotFound,
      ),
  }),
}));

const DeletedIdeaType = builder
  .objectRef<{ id: number; boardId: number }>('DeletedIdea')
  .implement({
    description: 'An idea that was deleted.',
    fields: (t) => ({
      deletedIdeaId: t.id({
        description: 'The id the idea had (remove it from client stores).',
        resolve: (d) => globalId('Idea', d.id),
      }),
      boardId: t.id({ description: 'Its board.', resolve: (d) => globalId('Board', d.boardId) }),
      board: t.field({
        type: BoardType,
        nullable: true,
        description:
          "Its board as it is now: deleting an idea may bring one the plan's cap hid back into view (`limits`).",
        resolve: (d, _args, context) =>
          context.deps.prisma.board.findFirst({
            where: { id: d.boardId, ...boardVisibleWhere(context.viewer) },
          }),
      }),
    }),
  });

type TDeclinePayload = Awaited<ReturnType<typeof declineIdea>>;
const DeclinePayloadType = builder.objectRef<TDeclinePayload>('DeclinePayload').implement({
  description: 'The declined idea and, for a duplicate, the idea kept open.',
  fields: (t) => ({
    idea: t.field({
      type: IdeaType,
      description: 'The declined idea (status DECLINED, with declineDetails).',
      resolve: (p) => p.idea,
    }),
    duplicateOf: t.field({
      type: IdeaType,
      nullable: true,
      description: 'The kept idea, with its vote count after the merge.',
      resolve: (p) => p.duplicateOf,
    }),
  }),
});

const withErrors = { errors: {} };
const ideaId = (id: string | number) => decodeId(id, 'Idea');

builder.mutationFields((t) => ({
  createIdea: t.field({
    type: IdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Submits an idea to a board of the caller's company (title 6 to 100, description optional, 6 to 500). Admins' ideas start OPEN, others' NOT_PUBLIC (awaiting acceptance). End users are limited per user and per address (RATE_LIMIT_IDEA_SUBMISSION_*): past it HTTP 429, RATE_LIMITED, with Retry-After.",
    args: {
      boardId: t.arg.id({
        required: true,
        description: 'The global id of the board the idea goes to.',
      }),
      title: t.arg.string({ required: true, description: 'The title, 6 to 100 characters.' }),
      description: t.arg.string({ description: 'An optional description, 6 to 500 characters.' }),
    },
    resolve: (_root, args, context) =>
      createIdea(
        context.deps,
        context.viewer,
        decodeId(args.boardId, 'Board'),
        args,
        context.client,
      ),
  }),
  updateIdea: t.field({
    type: IdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Replaces title and description (its author or an admin).',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to edit.' }),
      title: t.arg.string({ required: true, description: 'The new title, 6 to 100 characters.' }),
      description: t.arg.string({
        description: 'The new description, 6 to 500 characters; null or empty removes it.',
      }),
    },
    resolve: (_root, args, context) =>
      updateIdea(context.deps, context.viewer, ideaId(args.ideaId), args),
  }),
  deleteIdea: t.field({
    type: DeletedIdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Deletes an idea with its votes and comments (its author or an admin).',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to remove.' }),
    },
    resolve: (_root, args, context) =>
      deleteIdea(context.deps, context.viewer, ideaId(args.ideaId)),
  }),
  setIdeaStatus: t.field({
    type: IdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Moves an idea to any status but DECLINED (admins). Moving a declined idea reopens it: its decline reason, comment and duplicate link are cleared; votes merged into the kept idea stay there. (REST `PUT /ideas/{id}/status` keeps the spec CONFLICT for declined ideas.)',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      status: t.arg({
        type: IdeaStatusEnum,
        required: true,
        description: 'The new status; DECLINED only through `declineIdea`.',
      }),
      customStatusId: t.arg.id({
        required: false,
        description:
          "A custom status of the idea's board whose kind is `status` (BoardStatus id); absent or null: the status's own name. Another custom status of the same kind changes only what the team sees: no mails, no webhook.",
      }),
    },
    resolve: (_root, args, context) =>
      setIdeaStatus(
        context.deps,
        context.viewer,
        ideaId(args.ideaId),
        {
          status: args.status,
          customStatusId: decodeOptionalId(args.customStatusId, 'BoardStatus') ?? null,
        },
        { mayReopen: true },
      ),
  }),
  declineIdea: t.field({
    type: DeclinePayloadType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Declines an idea that is not declined or complete (admins). DUPLICATE requires duplicateOfIdeaId: another idea of the same board. mergeVotes (default true) moves the votes to that idea, counting a user who voted for both once.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to decline.' }),
      reason: t.arg({
        type: DeclineReasonEnum,
        required: true,
        description: 'Why the idea is declined.',
      }),
      comment: t.arg.string({ description: 'An optional note shown with the decline.' }),
      duplicateOfIdeaId: t.arg.id({
        description:
          'With DUPLICATE: the global id of the idea this one repeats, on the same board.',
      }),
      mergeVotes: t.arg.boolean({
        defaultValue: true,
        description:
          "With DUPLICATE: move this idea's votes to the kept idea (a voter of both counts once).",
      }),
      customStatusId: t.arg.id({
        required: false,
        description:
          "A custom status of kind DECLINED of the idea's board for it to show (BoardStatus id); absent or null: the status's own name. `status` is DECLINED either way.",
      }),
    },
    resolve: (_root, args, context) =>
      declineIdea(context.deps, context.viewer, ideaId(args.ideaId), {
        ...args,
        duplicateOfIdeaId: decodeOptionalId(args.duplicateOfIdeaId, 'Idea'),
        customStatusId: decodeOptionalId(args.customStatusId, 'BoardStatus') ?? null,
      }),
  }),
  upvoteIdea: t.field({
    type: IdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Votes for an idea; voting twice counts once. Answers the idea with its new voteCount.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to vote for.' }),
    },
    resolve: async (_root, args, context) =>
      withVote(await addVote(context.deps, context.viewer, ideaId(args.ideaId))),
  }),
  downvoteIdea: t.field({
    type: IdeaType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: "Takes the caller's vote back (no vote: no change). Answers the idea.",
    args: {
      ideaId: t.arg.id({
        required: true,
        description: 'The global id of the idea to take the vote back from.',
      }),
    },
    resolve: async (_root, args, context) =>
      withVote(await removeVote(context.deps, context.viewer, ideaId(args.ideaId))),
  }),
}));

// Live updates ------------------------------------------------------------------------------

const IdeaChangeKindEnum = builder.enumType('IdeaChangeKind', {
  description: 'What happened to an idea.',
  values: {
    CREATED: { description: 'Submitted.' },
    UPDATED: { description: 'Title, description or status changed (including declined).' },
    DELETED: { description: 'Deleted.' },
    VOTED: { description: 'Its vote count changed.' },
    COMMENTED: { description: 'A comment was added.' },
  } as const,
});

const IdeaChangeType = builder.objectRef<TIdeaChange>('IdeaChange').implement({
  description: 'A change to an idea of the watched board.',
  fields: (t) => ({
    kind: t.field({
      type: IdeaChangeKindEnum,
      description: 'What happened.',
      resolve: (c) => c.kind,
    }),
    ideaId: t.id({ description: 'The idea.', resolve: (c) => globalId('Idea', c.ideaId) }),
    voteCount: t.exposeInt('voteCount', { description: 'Its vote count after the change.' }),
    commentCount: t.exposeInt('commentCount', {
      description: 'Its comment count after the change.',
    }),
    status: t.field({
      type: IdeaStatusEnum,
      description: 'Its status after the change.',
      resolve: (c) => c.status,
    }),
    idea: t.field({
      type: IdeaType,
      nullable: true,
      description: 'The idea as the subscriber may see it now; null once deleted or hidden.',
      // Read once per event for every subscriber of this process (live-idea.ts).
      resolve: (change, _args, context) => context.liveIdeas.ideaFor(change, context.viewer),
    }),
  }),
});

builder.subscriptionType({ description: 'Live updates, over server-sent events.' });

builder.subscriptionField('ideaChanged', (t) =>
  t.field({
    type: IdeaChangeType,
    description:
      'Changes to the ideas of a board the caller may see: new vote counts, statuses and comment counts, each within one event of the write. Ideas awaiting acceptance only reach admins and their author.',
    args: {
      boardId: t.arg.id({
        required: true,
        description:
          'The board to follow: its global id, or its plain number (as `board(id:)` takes).',
      }),
    },
    subscribe: async (_root, args, context) => {
      const board = await findVisibleBoard(
        context.deps,
        context.viewer,
        decodeIdOrRowId(args.boardId, 'Board'),
      );
      return new IdeaChangeSource(context.deps.ideaFeeds, board.id, context.viewer);
    },
    resolve: (change, _args, context) => {
      context.planStates.clear();
      return change;
    },
  }),
);
