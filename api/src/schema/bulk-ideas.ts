import type { Idea } from '../generated/prisma/client.ts';
import type { TBulkOutcome } from '../services/bulk/bulk-idea-ids.ts';
import { bulkMoveIdeas } from '../services/bulk/bulk-move-ideas.ts';
import type { TBulkMove } from '../services/bulk/bulk-move-ideas.ts';
import { bulkSetIdeaStatus } from '../services/bulk/bulk-set-idea-status.ts';
import { bulkAddIdeaTag, bulkRemoveIdeaTag } from '../services/bulk/bulk-tag-ideas.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import { IdeaStatusEnum } from './idea-enums.ts';
import { IdeaType } from './idea.ts';
import { decodeId, decodeOptionalId } from './ids.ts';

const withErrors = { errors: {} };

const BulkIdeaOutcomeType = builder.objectRef<TBulkOutcome<Idea>>('BulkIdeaOutcome').implement({
  description: 'What a bulk action did to one of its ideas.',
  fields: (t) => ({
    idea: t.field({
      type: IdeaType,
      description: 'The idea as it is after the action.',
      resolve: (outcome) => outcome.idea,
    }),
    isChanged: t.exposeBoolean('isChanged', {
      description:
        'False when the idea was as asked already (the status it had, a tag it carried or did not).',
    }),
  }),
});

const BulkIdeaOutcomesType = builder
  .objectRef<{ outcomes: TBulkOutcome<Idea>[] }>('BulkIdeaOutcomes')
  .implement({
    description: 'What a bulk action did to each of its ideas, in the order they were named.',
    fields: (t) => ({
      outcomes: t.field({
        type: [BulkIdeaOutcomeType],
        description: 'One per idea named (each once).',
        resolve: (result) => result.outcomes,
      }),
    }),
  });

const BulkMovedIdeasType = builder.objectRef<TBulkMove>('BulkMovedIdeas').implement({
  description: 'Ideas moved to another board, and the boards they left.',
  fields: (t) => ({
    outcomes: t.field({
      type: [BulkIdeaOutcomeType],
      description: 'One per idea named (each once), on its new board.',
      resolve: (result) => result.outcomes,
    }),
    board: t.field({
      type: BoardType,
      description: 'The board they moved to.',
      resolve: (result) => result.target,
    }),
    fromBoards: t.field({
      type: [BoardType],
      description: 'The boards they left (to drop them from those boards’ lists).',
      resolve: (result, _args, context) =>
        context.deps.prisma.board.findMany({
          where: { id: { in: result.fromBoardIds } },
          orderBy: { id: 'asc' },
        }),
    }),
  }),
});

const ALL_OR_NOTHING =
  'Up to 100 ideas of the caller’s company, each checked by the rules of the single-idea mutation; one that may not change refuses them all (nothing is written), its error on the field `ideaIds.N` (N: its place in `ideaIds`). Another company’s idea is NOT_FOUND.';

builder.mutationFields((t) => {
  const ideaIds = () =>
    t.arg.idList({ required: true, description: 'The global ids of the ideas (1 to 100).' });
  const decodeIdeaIds = (ids: readonly (string | number)[]) =>
    ids.map((id) => decodeId(id, 'Idea'));
  return {
    bulkSetIdeaStatus: t.field({
      type: BulkIdeaOutcomesType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: `Sets one status on many ideas at once, as \`setIdeaStatus\` does for one (the team; declined ideas reopen; mails and webhooks for each real change). ${ALL_OR_NOTHING}`,
      args: {
        ideaIds: ideaIds(),
        status: t.arg({
          type: IdeaStatusEnum,
          required: true,
          description: 'The new status; DECLINED only through `declineIdea`.',
        }),
        customStatusId: t.arg.id({
          required: false,
          description:
            'A custom status (BoardStatus id) of the ideas’ board whose kind is `status`; absent or null: the status’s own name.',
        }),
      },
      resolve: async (_root, args, context) => ({
        outcomes: await bulkSetIdeaStatus(
          context.deps,
          context.viewer,
          decodeIdeaIds(args.ideaIds),
          {
            status: args.status,
            customStatusId: decodeOptionalId(args.customStatusId, 'BoardStatus') ?? null,
          },
          { mayReopen: true },
        ),
      }),
    }),
    bulkAddIdeaTag: t.field({
      type: BulkIdeaOutcomesType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: `Puts one of the company’s tags on many ideas at once, as \`addIdeaTag\` does for one (the team). ${ALL_OR_NOTHING}`,
      args: {
        ideaIds: ideaIds(),
        tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }),
      },
      resolve: async (_root, args, context) => ({
        outcomes: await bulkAddIdeaTag(
          context.deps,
          context.viewer,
          decodeIdeaIds(args.ideaIds),
          decodeId(args.tagId, 'Tag'),
        ),
      }),
    }),
    bulkRemoveIdeaTag: t.field({
      type: BulkIdeaOutcomesType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: `Takes a tag off many ideas at once, as \`removeIdeaTag\` does for one (the team). ${ALL_OR_NOTHING}`,
      args: {
        ideaIds: ideaIds(),
        tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }),
      },
      resolve: async (_root, args, context) => ({
        outcomes: await bulkRemoveIdeaTag(
          context.deps,
          context.viewer,
          decodeIdeaIds(args.ideaIds),
          decodeId(args.tagId, 'Tag'),
        ),
      }),
    }),
    bulkMoveIdeas: t.field({
      type: BulkMovedIdeasType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: `Moves many ideas to another board of the same company with their votes, comments and followers, as \`moveIdea\` does for one (the team). Another company’s board is NOT_FOUND. ${ALL_OR_NOTHING}`,
      args: {
        ideaIds: ideaIds(),
        boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      },
      resolve: (_root, args, context) =>
        bulkMoveIdeas(context.deps, context.viewer, decodeIdeaIds(args.ideaIds), {
          boardId: decodeId(args.boardId, 'Board'),
        }),
    }),
  };
});
