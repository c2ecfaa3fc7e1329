import { boardVisibleWhere, toRowId } from '../services/access.ts';
import { createBoardStatus } from '../services/board-status/create-board-status.ts';
import { deleteBoardStatus } from '../services/board-status/delete-board-status.ts';
import { findBoardsStatuses } from '../services/board-status/find-board-status.ts';
import { reorderBoardStatuses } from '../services/board-status/reorder-board-statuses.ts';
import { updateBoardStatus } from '../services/board-status/update-board-status.ts';
import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import type { BoardStatus } from '../generated/prisma/client.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import type { TGraphQLContext } from './builder.ts';
import { IdeaStatusEnum } from './idea-enums.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { decodeClearableId, decodeId, globalId } from './ids.ts';

const withErrors = { errors: {} };

/** A company's own status on a board: a name and colour over one kind of the spec's pipeline. */
export const BoardStatusType = builder.prismaNode('BoardStatus', {
  description:
    "A board's custom status: its own name (en-US and pl-PL) and colour over one kind of the pipeline. Everything that reasons about status (filters, roadmap columns, notifications, webhooks, REST `status`) uses the kind.",
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    AND: [{ board: boardVisibleWhere(context.viewer) }],
  }),
  nullable: true,
  fields: (t) => ({
    kind: t.expose('kind', {
      type: IdeaStatusEnum,
      description: 'The pipeline status it is one of (never NOT_PUBLIC); fixed at creation.',
    }),
    nameEn: t.exposeString('nameEn', { description: 'Its name in English (en-US).' }),
    namePl: t.exposeString('namePl', { description: 'Its name in Polish (pl-PL).' }),
    color: t.exposeString('color', { description: 'Its colour: 6 hex digits, without #.' }),
    position: t.exposeInt('position', { description: 'Its place in the board’s order.' }),
    board: t.relation('board', { description: 'The board it belongs to.' }),
  }),
});

/**
 * The statuses of the boards an execution tick asks about, in one statement. Not cached: a
 * subscription's context lives across events, and statuses change.
 */
const boardStatusesLoader = createContextCache(
  (context: TGraphQLContext) =>
    new DataLoader<number, BoardStatus[]>(
      async (boardIds) => {
        const byBoard = await findBoardsStatuses(context.deps, context.viewer, boardIds);
        return boardIds.map((id) => byBoard.get(id) ?? []);
      },
      { cache: false },
    ),
);

builder.objectField(BoardType, 'statuses', (t) =>
  t.field({
    type: [BoardStatusType],
    description:
      "The board's custom statuses in their order (empty: the board shows the spec's statuses).",
    resolve: (board, _args, context) => boardStatusesLoader(context).load(board.id),
  }),
);

builder.objectField(IdeaType, 'customStatus', (t) =>
  t.field({
    type: BoardStatusType,
    nullable: true,
    description:
      "The custom status of its board the idea shows (its kind is the idea's status); null: the status's own name.",
    resolve: (idea: TIdeaParent, _args, context) => {
      if (idea.customStatusId === null) return null;
      return idea.live ? idea.live.customStatus : context.related.boardStatus(idea.customStatusId);
    },
  }),
);

const DeletedBoardStatusType = builder
  .objectRef<{ id: number; movedIdeaCount: number }>('DeletedBoardStatus')
  .implement({
    description: 'A deleted custom status.',
    fields: (t) => ({
      deletedStatusId: t.id({
        description: 'The global id it had.',
        resolve: (d) => globalId('BoardStatus', d.id),
      }),
      movedIdeaCount: t.exposeInt('movedIdeaCount', {
        description: 'How many ideas moved to the chosen status.',
      }),
    }),
  });

builder.mutationFields((t) => ({
  createBoardStatus: t.field({
    type: BoardStatusType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Adds a custom status after the board's last one (admins and owners). Names 2 to 30 characters in each language.",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      kind: t.arg({
        type: IdeaStatusEnum,
        required: true,
        description: 'The pipeline status it is one of (not NOT_PUBLIC).',
      }),
      nameEn: t.arg.string({ required: true, description: 'Its name in English.' }),
      namePl: t.arg.string({
        description: 'Its name in Polish; absent or blank: the English name.',
      }),
      color: t.arg.string({ required: true, description: 'Its colour, 6 hex digits.' }),
    },
    resolve: (_root, args, context) =>
      createBoardStatus(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoardStatus: t.field({
    type: BoardStatusType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Renames a custom status and sets its colour (admins and owners).',
    args: {
      statusId: t.arg.id({ required: true, description: 'The global id of the status.' }),
      nameEn: t.arg.string({ required: true, description: 'Its name in English.' }),
      namePl: t.arg.string({
        description: 'Its name in Polish; absent or blank: the English name.',
      }),
      color: t.arg.string({ required: true, description: 'Its colour, 6 hex digits.' }),
    },
    resolve: (_root, args, context) =>
      updateBoardStatus(context.deps, context.viewer, decodeId(args.statusId, 'BoardStatus'), args),
  }),
  reorderBoardStatuses: t.field({
    type: [BoardStatusType],
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Puts a board's custom statuses in this order (admins and owners); the list names each once.",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      statusIds: t.arg.idList({ required: true, description: 'Every status of the board.' }),
    },
    resolve: (_root, args, context) =>
      reorderBoardStatuses(context.deps, context.viewer, decodeId(args.boardId, 'Board'), {
        statusIds: args.statusIds.map((id) => decodeId(id, 'BoardStatus')),
      }),
  }),
  deleteBoardStatus: t.field({
    type: DeletedBoardStatusType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Deletes a custom status (admins and owners). Ideas showing it move, in the same transaction, to `moveToStatusId` (another status of the same kind on the board) or, when it is null, to the kind’s default; when ideas use it, leaving the argument out is a VALIDATION error saying how many.',
    args: {
      statusId: t.arg.id({ required: true, description: 'The global id of the status.' }),
      moveToStatusId: t.arg.id({
        required: false,
        description: 'Where its ideas go: a status of the same kind, or null for the default.',
      }),
    },
    resolve: async (_root, args, context) => {
      const { status, movedIdeaCount } = await deleteBoardStatus(
        context.deps,
        context.viewer,
        decodeId(args.statusId, 'BoardStatus'),
        {
          moveToStatusId: decodeClearableId(args.moveToStatusId, 'BoardStatus'),
        },
      );
      return { id: status.id, movedIdeaCount };
    },
  }),
}));
