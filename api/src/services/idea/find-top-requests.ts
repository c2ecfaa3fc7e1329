import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { IdeaStatus } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { findVisibleBoardWithPlan } from '../access.ts';
import { listedIdeasWhere } from './listed-ideas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The period when none is given: the last 30 days. */
export const TOP_REQUESTS_DEFAULT_DAYS = 30;

const ZDate = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : v),
  z.coerce
    .date({ error: 'It has to be a date (YYYY-MM-DD) or an ISO 8601 date and time.' })
    .optional(),
);

/** A period (`since` to `until`, until defaults to now, since to 30 days before) and a count. */
export const ZTopRequestsParams = z
  .object({
    since: ZDate,
    until: ZDate,
    limit: z.preprocess(
      (v) => v ?? undefined,
      z
        .number({ error: 'It has to be a whole number from 1 to 50.' })
        .int({ error: 'It has to be a whole number from 1 to 50.' })
        .min(1, { error: 'It has to be a whole number from 1 to 50.' })
        .max(50, { error: 'It has to be a whole number from 1 to 50.' })
        .default(10),
    ),
  })
  .transform((params) => {
    const until = params.until ?? new Date();
    const since = params.since ?? new Date(until.getTime() - TOP_REQUESTS_DEFAULT_DAYS * DAY_MS);
    return { since, until, limit: params.limit };
  })
  .refine((params) => params.since < params.until, {
    error: 'It has to be before until.',
    path: ['since'],
  });

export type TTopRequest = {
  id: number;
  title: string;
  status: IdeaStatus;
  /** Votes the idea holds now. */
  voteCount: number;
  /** Votes cast for it within the period (each vote counts once, at the time it was cast). */
  votesGained: number;
};

export type TTopRequests = { since: Date; until: Date; ideas: TTopRequest[] };

/**
 * The ideas of a board of the caller's own company that gained the most votes in a period,
 * counted from each vote's `createdAt`: what the board's users asked for most lately. The list
 * holds the ideas a board list would show the caller (visibility, the plan's cap, DECLINED
 * left out); another company's board is not found, even a public one, since when each vote was
 * cast is the company's own analytics.
 */
export async function findTopRequests(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<TTopRequests> {
  const caller = requireViewer(viewer);
  const { since, until, limit } = parseInput(ZTopRequestsParams, rawParams);
  const listed = await findVisibleBoardWithPlan(deps, caller, boardId);
  if (listed.board.companyId !== caller.companyId) throw errors.notFound('Board');
  const where = listedIdeasWhere(caller, listed, { filter: 'ALL', sort: 'VOTES' });
  const ideas = await deps.sql<TTopRequest>`
    SELECT i."id", i."title", i."status"::text AS "status", i."voteCount",
           count(v."id")::int AS "votesGained"
    FROM "Idea" i
    JOIN "Vote" v ON v."ideaId" = i."id"
      AND v."createdAt" >= ${since.toISOString()}::timestamp
      AND v."createdAt" < ${until.toISOString()}::timestamp
    WHERE ${where}
    GROUP BY i."id"
    ORDER BY "votesGained" DESC, i."voteCount" DESC, i."id" DESC
    LIMIT ${limit}::int`;
  return { since, until, ideas };
}
