import { blockEndUser, unblockEndUser } from '../services/team/block-end-user.ts';
import type { TBlocking } from '../services/team/block-end-user.ts';
import { builder } from './builder.ts';
import { CompanyUserType } from './company-user.ts';
import { decodeId } from './ids.ts';

const EndUserBlockType = builder.objectRef<TBlocking>('EndUserBlock').implement({
  description: 'An end user just blocked, and how many of their votes went with the block.',
  fields: (t) => ({
    user: t.field({
      type: CompanyUserType,
      description: 'The blocked user (blockedAt set).',
      resolve: (blocking) => blocking.user,
    }),
    votesRemoved: t.exposeInt('votesRemoved', {
      description:
        'Their votes removed (0 unless removeVotes); each idea’s count fell by its share.',
    }),
  }),
});

const USER_ID_ARG = { required: true, description: 'The CompanyUser id of the end user.' } as const;

builder.mutationFields((t) => ({
  blockEndUser: t.field({
    type: EndUserBlockType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Blocks an end user of the caller’s company (owners and admins): they still read boards but cannot vote, comment or submit ideas (USER_BLOCKED). Their votes stay counted unless `removeVotes`, which deletes them and fixes every affected idea’s vote count in the same transaction. Team members cannot be blocked (CONFLICT); another company’s user is NOT_FOUND.',
    args: {
      userId: t.arg.id(USER_ID_ARG),
      removeVotes: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Also remove every vote they cast (vote counts fall).',
      }),
    },
    resolve: (_root, args, context) =>
      blockEndUser(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser'), {
        removeVotes: args.removeVotes ?? false,
      }),
  }),
  unblockEndUser: t.field({
    type: CompanyUserType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Lifts the block of an end user (owners and admins): they may vote, comment and submit again. Votes removed when blocking do not come back. Another company’s user is NOT_FOUND.',
    args: { userId: t.arg.id(USER_ID_ARG) },
    resolve: (_root, args, context) =>
      unblockEndUser(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser')),
  }),
}));
