import {
  commentVisibleWhere,
  ideaVisibleWhere,
  isTeamMemberOf,
  toRowId,
} from '../services/access.ts';
import { addComment } from '../services/comment/add-comment.ts';
import { plainCommentText } from '../services/comment/mention-markup.ts';
import { builder } from './builder.ts';
import { isTeamRole } from '../viewer.ts';
import { decodeId, decodeOptionalId, globalId } from './ids.ts';
import { AuthorType } from './idea.ts';

export const CommentType = builder.prismaNode('Comment', {
  description:
    'A comment on an idea: public, or an internal note that only the company’s team ever reads.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    idea: ideaVisibleWhere(context.viewer),
    AND: [commentVisibleWhere(context.viewer)],
  }),
  nullable: true,
  fields: (t) => ({
    text: t.string({
      description:
        'The comment (6 to 500 characters) as plain text: a mention reads `@Name`, with no id.',
      resolve: (comment) => plainCommentText(comment.text),
    }),
    markup: t.string({
      description:
        'The comment with its mentions as `@[Name](user:N)` tokens, for the company’s team (the console highlights them); anyone else gets the plain `text`.',
      select: { text: true, idea: { select: { board: { select: { companyId: true } } } } },
      resolve: (comment, _args, context) =>
        isTeamMemberOf(context.viewer, comment.idea.board.companyId)
          ? comment.text
          : plainCommentText(comment.text),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written.' }),
    author: t.field({
      type: AuthorType,
      nullable: true,
      description: 'Who wrote it (null when that user was deleted).',
      resolve: (comment, _args, context) =>
        comment.authorId === null ? null : context.related.author(comment.authorId),
    }),
    isByTeam: t.boolean({
      description:
        'True when its author is on the team of the company the idea belongs to (owner, admin, member): a "Team" badge beside the name. False for end users and for a deleted author.',
      select: {
        author: { select: { role: true, companyId: true } },
        idea: { select: { board: { select: { companyId: true } } } },
      },
      resolve: (comment) =>
        comment.author !== null &&
        isTeamRole(comment.author.role) &&
        comment.author.companyId === comment.idea.board.companyId,
    }),
    idea: t.relation('idea', { description: 'The idea it is on (with its new commentCount).' }),
    isInternal: t.exposeBoolean('isInternal', {
      description:
        'An internal note: only the company’s team (owner, admins, members) ever sees it; it is not counted in the idea’s commentCount.',
    }),
    parentId: t.id({
      nullable: true,
      description:
        'The global id of the top-level comment this one replies to (one level of threading); null when it starts a thread.',
      resolve: (comment) =>
        comment.parentId === null ? null : globalId('Comment', comment.parentId),
    }),
  }),
});

builder.mutationField('addComment', (t) =>
  t.field({
    type: CommentType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Comments on an idea of the caller's company (6 to 500 characters); the idea's commentCount moves with it. `parentId` makes it a reply to a top-level comment of the same idea (a reply to a reply is a VALIDATION error on parentId; a reply to an internal note is internal too). `isInternal` (the team only, else FORBIDDEN) makes it an internal note: not counted, not sent to live subscribers, webhooks or mails. Mentions are `@[Name](user:N)` tokens (see mentionCandidates): kept for the company's team, and in a public comment also for the idea's author, commenters and voters, else written as plain `@Name`; each mentioned person gets a notification (and a mail if they allow it). End users are limited per user and per address (RATE_LIMIT_COMMENT_SUBMISSION_*): past it HTTP 429, RATE_LIMITED, with Retry-After.",
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to comment on.' }),
      text: t.arg.string({
        required: true,
        description: 'The comment, 6 to 500 characters, mentions as `@[Name](user:N)` tokens.',
      }),
      parentId: t.arg.id({
        description: 'The global id of the top-level comment this one replies to.',
      }),
      isInternal: t.arg.boolean({
        description: 'An internal note for the team (default false).',
      }),
    },
    resolve: (_root, args, context) =>
      addComment(
        context.deps,
        context.viewer,
        decodeId(args.ideaId, 'Idea'),
        {
          text: args.text,
          isInternal: args.isInternal,
          parentId: decodeOptionalId(args.parentId, 'Comment'),
        },
        context.client,
      ),
  }),
);
