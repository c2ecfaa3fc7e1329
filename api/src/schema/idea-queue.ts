import { decodeGlobalID, encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { errors } from '../errors.ts';
import type { Idea } from '../generated/prisma/client.ts';
import {
  acceptIdea,
  acceptIdeaAsDuplicate,
  countAwaitingIdeas,
  countBoardAwaitingIdeas,
  findAwaitingIdeas,
  QUEUE_MAX_PAGE,
  QUEUE_PAGE,
  rejectIdea,
} from '../services/idea/moderate-idea.ts';
import type { TQueuePosition } from '../services/idea/moderate-idea.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import { IdeaType } from './idea.ts';
import { decodeId, decodeOptionalId } from './ids.ts';
import { ViewerType } from './viewer.ts';

/**
 * A queue page's cursor: where its idea stands in the queue's order (submission time and id), so
 * the next page starts there even when that idea has left the queue meanwhile.
 */
const queueCursor = (idea: Pick<Idea, 'createdAt' | 'id'>): string =>
  encodeGlobalID('IdeaQueueCursor', `${idea.createdAt.getTime()}.${idea.id}`);

/** The position a queue cursor names (undefined: none); anything else is a VALIDATION error. */
function queuePosition(
  cursor: string | undefined,
  field: 'after' | 'before',
): TQueuePosition | undefined {
  if (cursor === undefined) return undefined;
  let match: RegExpExecArray | null = null;
  try {
    const decoded = decodeGlobalID(cursor);
    if (decoded.typename === 'IdeaQueueCursor') match = /^(\d{1,15})\.(\d{1,10})$/.exec(decoded.id);
  } catch {
    match = null;
  }
  const id = match ? Number(match[2]) : 0;
  if (!match || id > 2_147_483_647) {
    throw errors.validation([{ field, message: 'This is not a cursor of this list.' }]);
  }
  return { createdAt: new Date(Number(match[1])), id };
}

builder.objectFields(ViewerType, (t) => ({
  awaitingIdeaCount: t.int({
    nullable: true,
    description:
      "How many ideas of the caller's company await acceptance (not rejected) on all its boards: the moderation queue's count. Null outside the team.",
    resolve: (_viewer, _args, context) => countAwaitingIdeas(context.deps, context.viewer),
  }),
  awaitingIdeas: t.connection(
    {
      type: IdeaType,
      description: `The moderation queue: ideas of the caller's company awaiting acceptance and not rejected, oldest first, a page at a time (${QUEUE_PAGE} unless \`first\` or \`last\` asks for up to ${QUEUE_MAX_PAGE}; \`after\` the previous page's \`endCursor\` while \`hasNextPage\`). \`awaitingIdeaCount\` says how many wait. Empty outside the team.`,
      args: {
        boardId: t.arg.id({ description: 'Only this board’s ideas (its global id).' }),
      },
      resolve: (_viewer, args, context) => {
        const boardId = decodeOptionalId(args.boardId, 'Board') ?? null;
        return resolveCursorConnection<Promise<Idea[]>>(
          { args, defaultSize: QUEUE_PAGE, maxSize: QUEUE_MAX_PAGE, toCursor: queueCursor },
          ({ after, before, limit, inverted }) =>
            findAwaitingIdeas(context.deps, context.viewer, boardId, {
              limit,
              after: queuePosition(after, 'after'),
              before: queuePosition(before, 'before'),
              reverse: inverted,
            }),
        );
      },
    },
    { description: 'A page of the moderation queue.' },
    { description: 'An idea awaiting acceptance in a page of the queue.' },
  ),
}));

builder.objectField(BoardType, 'awaitingIdeaCount', (t) =>
  t.int({
    nullable: true,
    description:
      'How many of its ideas await acceptance (not rejected): its part of the moderation queue. Null outside the team of its company.',
    resolve: (board, _args, context) =>
      countBoardAwaitingIdeas(context.deps, context.viewer, board),
  }),
);

const queueIdeaId = (id: string | number) => decodeId(id, 'Idea');

builder.mutationFields((t) => ({
  acceptIdea: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Accepts an idea awaiting acceptance (the team): it becomes OPEN and public to the board’s readers; its author is mailed. CONFLICT when it no longer awaits acceptance (a teammate accepted, merged or rejected it first).',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
    },
    resolve: (_root, args, context) =>
      acceptIdea(context.deps, context.viewer, queueIdeaId(args.ideaId)),
  }),
  acceptIdeaAsDuplicate: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Accepts an idea awaiting acceptance into another idea of its board (the team): it is declined as a DUPLICATE of that idea with its votes moved there (undoable like any merge). Answers the kept idea. CONFLICT when it no longer awaits acceptance.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea to merge.' }),
      duplicateOfIdeaId: t.arg.id({
        required: true,
        description: 'The global id of the idea it joins, on the same board.',
      }),
    },
    resolve: async (_root, args, context) => {
      const result = await acceptIdeaAsDuplicate(
        context.deps,
        context.viewer,
        queueIdeaId(args.ideaId),
        decodeOptionalId(args.duplicateOfIdeaId, 'Idea') ?? null,
      );
      return result.duplicateOf ?? result.idea;
    },
  }),
  rejectIdea: t.field({
    type: IdeaType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Rejects an idea awaiting acceptance with a reason for its author (the team; 1 to 500 characters): it stays unseen by readers, leaves the queue, and its author sees it with the reason in the widget. CONFLICT when it no longer awaits acceptance.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      reason: t.arg.string({ required: true, description: 'Why, in words for its author.' }),
    },
    resolve: (_root, args, context) =>
      rejectIdea(context.deps, context.viewer, queueIdeaId(args.ideaId), {
        reason: args.reason,
      }),
  }),
}));
