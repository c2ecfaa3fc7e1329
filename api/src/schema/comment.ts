import { ideaVisibleWhere, toRowId } from '../services/access.ts';
import { addComment } from '../services/comment/add-comment.ts';
import { builder } from './builder.ts';
import { decodeId } from './ids.ts';
import { AuthorType } from './idea.ts';

export const CommentType = builder.prismaNode('Comment', {
  description: 'A comment on an idea.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: toRowId(id), idea: ideaVisibleWhere(context.viewer) }),
  nullable: true,
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The comment (6 to 500 characters).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written.' }),
    author: t.field({
      type: AuthorType,
      nullable: true,
      description: 'Who wrote it (null when that user was deleted).',
      resolve: (comment, _args, context) =>
        comment.authorId === null ? null : context.related.author(comment.authorId),
    }),
    idea: t.relation('idea', { description: 'The idea it is on (with its new commentCount).' }),
  }),
});

builder.mutationField('addComment', (t) =>
  t.field({
    type: CommentType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Comments on an idea of the caller's company (6 to 500 characters); the idea's commentCount moves with it.",
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to comment on.' }),
      text: t.arg.string({ required: true, description: 'The comment, 6 to 500 characters.' }),
    },
    resolve: (_root, args, context) =>
      addComment(context.deps, context.viewer, decodeId(args.ideaId, 'Idea'), args),
  }),
);
