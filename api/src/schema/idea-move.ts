import { moveIdea } from '../services/idea/move-idea.ts';
import { builder } from './builder.ts';
import { BoardType } from './board.ts';
import { IdeaType } from './idea.ts';
import { decodeId } from './ids.ts';

type TMovePayload = Awaited<ReturnType<typeof moveIdea>>;

const MovedIdeaType = builder.objectRef<TMovePayload>('MovedIdea').implement({
  description: 'An idea moved to another board, and the board it left.',
  fields: (t) => ({
    idea: t.field({
      type: IdeaType,
      description: 'The idea on its new board, with its votes and comments.',
      resolve: (p) => p.idea,
    }),
    fromBoard: t.field({
      type: BoardType,
      nullable: true,
      description: 'The board it left (to drop it from that board’s lists).',
      resolve: (p, _args, context) =>
        context.deps.prisma.board.findUnique({ where: { id: p.fromBoardId } }),
    }),
  }),
});

builder.mutationField('moveIdea', (t) =>
  t.field({
    type: MovedIdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Moves an idea to another board of the same company with its votes, comments and followers (the team: owner, admins and members). Another company’s board is NOT_FOUND; the board it is on already is a VALIDATION error on boardId.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to move.' }),
      boardId: t.arg.id({
        required: true,
        description: 'The global id of the board to move it to.',
      }),
    },
    resolve: (_root, args, context) =>
      moveIdea(context.deps, context.viewer, decodeId(args.ideaId, 'Idea'), {
        boardId: decodeId(args.boardId, 'Board'),
      }),
  }),
);
