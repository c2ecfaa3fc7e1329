import {
  VOTE_IMPORTANCES,
  addVoteOnBehalf,
  importanceSplit,
  removeVoteOnBehalf,
  setVoteImportance,
} from '../services/vote/vote-on-behalf.ts';
import type { TImportanceSplit } from '../services/vote/vote-on-behalf.ts';
import type { TGraphQLContext } from './builder.ts';
import { builder } from './builder.ts';
import { decodeId, globalId } from './ids.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { isTeamOfIdea } from './idea-team.ts';

export const VoteImportanceEnum = builder.enumType('VoteImportance', {
  description: 'How much a voter needs an idea (optional on every vote).',
  values: Object.fromEntries(
    VOTE_IMPORTANCES.map((value) => [value, { description: value.toLowerCase() }]),
  ) as Record<(typeof VOTE_IMPORTANCES)[number], { description: string }>,
});

type TTeamVote = {
  userId: number;
  name: string;
  email: string | null;
  createdAt: Date;
  importance: (typeof VOTE_IMPORTANCES)[number] | null;
  note: string | null;
  addedBy: string | null;
  isAddedOnBehalf: boolean;
};

const TeamVoteType = builder.objectRef<TTeamVote>('TeamVote').implement({
  description: 'A vote as the company’s team sees it: who, how important, who added it and why.',
  fields: (t) => ({
    userId: t.id({
      description: 'The voter’s user id (a CompanyUser id).',
      resolve: (v) => globalId('CompanyUser', v.userId),
    }),
    name: t.exposeString('name', { description: 'The voter’s display name.' }),
    email: t.exposeString('email', { nullable: true, description: 'The voter’s contact email.' }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When it was cast or added.',
    }),
    importance: t.field({
      type: VoteImportanceEnum,
      nullable: true,
      description: 'How much they need it; null: not said.',
      resolve: (v) => v.importance,
    }),
    isAddedOnBehalf: t.exposeBoolean('isAddedOnBehalf', {
      description: 'True when a team member added it for the voter.',
    }),
    addedByName: t.exposeString('addedBy', {
      nullable: true,
      description: 'The team member who added it (null: the voter cast it, or they left).',
    }),
    note: t.exposeString('note', { nullable: true, description: 'The team’s note on it.' }),
  }),
});

const ImportanceSplitType = builder.objectRef<TImportanceSplit>('ImportanceSplit').implement({
  description: 'How many of an idea’s votes say each importance.',
  fields: (t) => ({
    niceToHave: t.exposeInt('niceToHave', { description: 'Votes marked nice to have.' }),
    important: t.exposeInt('important', { description: 'Votes marked important.' }),
    mustHave: t.exposeInt('mustHave', { description: 'Votes marked must have.' }),
    unrated: t.exposeInt('unrated', { description: 'Votes with no importance given.' }),
  }),
});

builder.objectFields(IdeaType, (t) => ({
  teamVotes: t.field({
    type: [TeamVoteType],
    nullable: true,
    description:
      'Its votes, earliest first, with importance, notes and who added them. The company’s team only (OWNER, ADMIN, MEMBER); null for everyone else.',
    resolve: async (idea: TIdeaParent, _args, context) => {
      if (!(await isTeamOfIdea(idea, context))) return null;
      const votes = await context.deps.prisma.vote.findMany({
        where: { ideaId: idea.id },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          createdAt: true,
          importance: true,
          note: true,
          addedById: true,
          user: { select: { id: true, displayName: true, email: true } },
          addedBy: { select: { displayName: true } },
        },
      });
      return votes.map((vote) => ({
        userId: vote.user.id,
        name: vote.user.displayName,
        email: vote.user.email,
        createdAt: vote.createdAt,
        importance: vote.importance,
        note: vote.note,
        addedBy: vote.addedBy?.displayName ?? null,
        isAddedOnBehalf: vote.addedById !== null || vote.note !== null,
      }));
    },
  }),
  importanceSplit: t.field({
    type: ImportanceSplitType,
    nullable: true,
    description: 'How many votes say each importance. The company’s team only; null for others.',
    resolve: async (idea: TIdeaParent, _args, context) =>
      (await isTeamOfIdea(idea, context)) ? importanceSplit(context.deps, idea.id) : null,
  }),
}));

const loadIdea = (context: TGraphQLContext, id: number) =>
  context.deps.prisma.idea.findUniqueOrThrow({ where: { id } });

builder.mutationFields((t) => ({
  addVoteOnBehalf: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'A team member (OWNER, ADMIN, MEMBER) adds a vote for an end user of the company (`userId`) or a customer contact by `email` (a new end user without a password when nobody of the company has it; never a team member: VALIDATION on email), with an optional `note` (up to 500 characters) and `importance`. It counts once per person: a person who already voted is a CONFLICT. Another company’s idea or user is NOT_FOUND; an end user is FORBIDDEN. Answers the idea.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      userId: t.arg.id({ required: false, description: 'An end user (CompanyUser id).' }),
      email: t.arg.string({ required: false, description: 'Or a customer contact’s email.' }),
      name: t.arg.string({
        required: false,
        description: 'The display name of a new contact (default: the email’s local part).',
      }),
      note: t.arg.string({ required: false, description: 'Why, up to 500 characters.' }),
      importance: t.arg({ type: VoteImportanceEnum, required: false, description: 'How much.' }),
    },
    resolve: async (_root, args, context) => {
      const result = await addVoteOnBehalf(
        context.deps,
        context.viewer,
        decodeId(args.ideaId, 'Idea'),
        {
          userId: args.userId ? decodeId(args.userId, 'CompanyUser') : undefined,
          email: args.email ?? undefined,
          name: args.name,
          note: args.note,
          importance: args.importance,
        },
      );
      return loadIdea(context, result.ideaId);
    },
  }),
  removeVoteOnBehalf: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'A team member removes an end user’s vote from an idea of the company (no such vote: NOT_FOUND). Answers the idea with its new vote count.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      userId: t.arg.id({ required: true, description: 'The voter (CompanyUser id).' }),
    },
    resolve: async (_root, args, context) => {
      const result = await removeVoteOnBehalf(
        context.deps,
        context.viewer,
        decodeId(args.ideaId, 'Idea'),
        decodeId(args.userId, 'CompanyUser'),
      );
      return loadIdea(context, result.ideaId);
    },
  }),
  setVoteImportance: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Marks the caller’s own vote nice to have, important or must have (null clears it). Optional; without a vote: CONFLICT.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      importance: t.arg({ type: VoteImportanceEnum, required: false, description: 'How much.' }),
    },
    resolve: async (_root, args, context) => {
      const result = await setVoteImportance(
        context.deps,
        context.viewer,
        decodeId(args.ideaId, 'Idea'),
        args.importance ?? null,
      );
      return loadIdea(context, result.ideaId);
    },
  }),
}));
