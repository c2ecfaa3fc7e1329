import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canEditIdea, findVisibleIdea } from '../access.ts';

export type TVoter = { id: number; name: string };

/**
 * The most voters one page holds; without `limit`, a page holds this many (issue 33.2: an idea's
 * voters were answered all at once, however many). A voter is a few dozen bytes, so a page is
 * long: an idea within it is answered whole, as before.
 */
export const MAX_VOTER_PAGE = 1_000;

const limitError = `It has to be a whole number from 1 to ${MAX_VOTER_PAGE}.`;
const cursorError = 'It has to be the cursor a previous page gave.';

export const ZVoterListParams = z.object({
  /** Voters per page. */
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(MAX_VOTER_PAGE, { error: limitError })
    .optional(),
  /** Where the previous page ended (its `X-Next-Cursor`). */
  cursor: z.string().max(200, { error: cursorError }).optional(),
});

type TKey = { createdAt: Date; id: number };

function encodeCursor(key: TKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString('base64url');
}

function decodeCursor(cursor: string): TKey {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof date === 'string' && Number.isSafeInteger(id) && (id as number) > 0) {
      const createdAt = new Date(date);
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: id as number };
    }
  } catch {
    // answered below
  }
  throw errors.validation([{ field: 'cursor', message: cursorError }]);
}

/**
 * Who voted for an idea, earliest first, a page at a time: editors only (admins and the idea's
 * author). At most `limit` (MAX_VOTER_PAGE without it) after `cursor`, and the next page's cursor.
 */
export async function listVoterPage(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  rawParams: unknown = {},
): Promise<{ voters: TVoter[]; nextCursor: string | null }> {
  const { limit = MAX_VOTER_PAGE, cursor } = parseInput(ZVoterListParams, rawParams);
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  if (!canEditIdea(viewer, { authorId: idea.authorId, companyId: idea.board.companyId })) {
    throw viewer?.companyId === idea.board.companyId ? errors.forbidden() : errors.notFound('Idea');
  }
  const votes = await deps.prisma.vote.findMany({
    where: after
      ? {
          ideaId: idea.id,
          createdAt: { gte: after.createdAt },
          OR: [
            { createdAt: { gt: after.createdAt } },
            { createdAt: after.createdAt, id: { gt: after.id } },
          ],
        }
      : { ideaId: idea.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, createdAt: true, user: { select: { id: true, displayName: true } } },
    take: limit + 1,
  });
  const page = votes.slice(0, limit);
  const last = page[page.length - 1];
  return {
    voters: page.map(({ user }) => ({ id: user.id, name: user.displayName })),
    nextCursor: votes.length > limit && last ? encodeCursor(last) : null,
  };
}

/** The first page of an idea's voters (at most MAX_VOTER_PAGE), earliest first: editors only. */
export async function listVoters(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoter[]> {
  return (await listVoterPage(deps, viewer, ideaId)).voters;
}
