import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { DeclineReason, Idea, Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import {
  canEditIdea,
  canUpdateIdeaStatus,
  findVisibleBoardWithPlan,
  ideaVisibleWhere,
  isAdminOf,
} from '../access.ts';
import { ZIdeaListParams } from './idea-input.ts';
import type { TIdeaListParams } from './idea-input.ts';

/**
 * An idea as one caller sees it: its author's name, whether the caller voted for it, what the
 * caller may do with it, and (declined as a duplicate) the kept idea.
 */
export type TIdeaView = Idea & {
  author: { displayName: string } | null;
  duplicateOf: { id: number; title: string } | null;
  isVotedByMe: boolean;
  canEdit: boolean;
  canUpdateStatus: boolean;
};

export type TIdeaPage = {
  ideas: TIdeaView[];
  totalCount: number;
  limit: number;
  offset: number;
  nextOffset: number | null;
};

/** Why and when an idea was declined; `duplicateOf` is the kept idea (DUPLICATE only). */
export type TDeclineDetails = {
  reason: DeclineReason;
  comment: string | null;
  duplicateOf: { id: number; title: string } | null;
  declinedAt: Date;
};

/** An idea's decline details, or null unless it is DECLINED. */
export function declineDetailsOf(
  idea: Pick<Idea, 'status' | 'declineReason' | 'declineComment' | 'declinedAt' | 'updatedAt'> & {
    duplicateOf: { id: number; title: string } | null;
  },
): TDeclineDetails | null {
  if (idea.status !== 'DECLINED' || !idea.declineReason) return null;
  return {
    reason: idea.declineReason,
    comment: idea.declineComment,
    duplicateOf: idea.declineReason === 'DUPLICATE' ? idea.duplicateOf : null,
    declinedAt: idea.declinedAt ?? idea.updatedAt,
  };
}

/** The caller's own vote on an idea (none when anonymous): what `isVotedByMe` reads. */
export function viewerVoteSelection(viewer: TViewer | null) {
  return {
    where: { userId: viewer?.userId ?? 0 },
    select: { id: true },
    take: 1,
  } satisfies Prisma.Idea$votesArgs;
}

const wholeNumber = (min: number, max: number) =>
  `It has to be a whole number from ${min} to ${max}.`;

/** The largest page offset: the largest int PostgreSQL's OFFSET takes here. */
const MAX_OFFSET = 2_147_483_647;

/** The list parameters plus a page: `limit` (default 50, at most 100) from `offset`. */
export const ZIdeaPageParams = ZIdeaListParams.extend({
  limit: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ error: wholeNumber(1, 100) })
      .int({ error: wholeNumber(1, 100) })
      .min(1, { error: wholeNumber(1, 100) })
      .max(100, { error: wholeNumber(1, 100) })
      .default(50),
  ),
  offset: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ error: wholeNumber(0, MAX_OFFSET) })
      .int({ error: wholeNumber(0, MAX_OFFSET) })
      .min(0, { error: wholeNumber(0, MAX_OFFSET) })
      .max(MAX_OFFSET, { error: wholeNumber(0, MAX_OFFSET) })
      .default(0),
  ),
});

// Each relation is one extra query for the whole page, whatever its size.
export function viewInclude(viewer: TViewer | null) {
  return {
    author: { select: { displayName: true } },
    board: { select: { companyId: true } },
    duplicateOf: { select: { id: true, title: true } },
    votes: viewerVoteSelection(viewer),
  } satisfies Prisma.IdeaInclude;
}

export type TIdeaRow = Prisma.IdeaGetPayload<{ include: ReturnType<typeof viewInclude> }>;

export function toView(viewer: TViewer | null, row: TIdeaRow): TIdeaView {
  const { board, votes, ...idea } = row;
  return {
    ...idea,
    isVotedByMe: votes.length > 0,
    canEdit: canEditIdea(viewer, { authorId: idea.authorId, companyId: board.companyId }),
    canUpdateStatus: canUpdateIdeaStatus(viewer, board.companyId),
  };
}

type TPageRow = Idea & {
  authorName: string | null;
  duplicateTitle: string | null;
  isVotedByMe: boolean;
};

/** ORDER BY of each list order (ideaListOrder's, in SQL), each ending on the id. */
const PAGE_ORDER: Record<TIdeaListParams['sort'], TSqlPart> = {
  VOTES: sqlFragment('i."voteCount" DESC, i."id" DESC'),
  STATUS: sqlFragment('i."status" ASC, i."voteCount" DESC, i."id" DESC'),
  DATE_DESC: sqlFragment('i."createdAt" DESC, i."id" DESC'),
  DATE_ASC: sqlFragment('i."createdAt" ASC, i."id" ASC'),
};

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A page of a board's ideas as the caller sees them (the rules of ideaListWhere and
 * ideaListOrder), in three plain statements: the board with its plan, then the page and the
 * count side by side. Every list read of the REST API and the widget's first screen come here,
 * so it skips Prisma (db/sql.ts says why).
 */
export async function findIdeasPage(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<TIdeaPage> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const { limit, offset } = params;
  const { board, plan } = await findVisibleBoardWithPlan(deps, viewer, boardId);
  const cutoff = plan.ideaCutoff;
  const search = params.search ? containsPattern(params.search) : null;
  const where = sqlPart`
    i."boardId" = ${board.id}::int
    AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = ${viewer?.userId ?? 0}::int
         OR ${isAdminOf(viewer, board.companyId)}::boolean)
    AND (${cutoff === null}::boolean OR i."status" = 'NOT_PUBLIC'
         OR (i."createdAt", i."id") <= (${cutoff?.createdAt.toISOString() ?? null}::timestamp, ${cutoff?.id ?? 0}::int))
    AND (CASE WHEN ${params.filter}::text = 'ALL' THEN i."status" <> 'DECLINED'
              ELSE i."status"::text = ${params.filter}::text END)
    AND (${search}::text IS NULL OR i."title" ILIKE ${search}::text
         OR i."description" ILIKE ${search}::text)`;
  const [rows, [count]] = await Promise.all([
    deps.sql<TPageRow>`
      SELECT i."id", i."boardId", i."authorId", i."title", i."description",
             i."status"::text AS "status", i."voteCount", i."commentCount",
             i."declineReason"::text AS "declineReason", i."declineComment", i."duplicateOfId",
             i."declinedAt", i."createdAt", i."updatedAt",
             a."displayName" AS "authorName", d."title" AS "duplicateTitle",
             EXISTS (SELECT 1 FROM "Vote" v
                     WHERE v."ideaId" = i."id" AND v."userId" = ${viewer?.userId ?? 0}::int)
               AS "isVotedByMe"
      FROM "Idea" i
      LEFT JOIN "User" a ON a."id" = i."authorId"
      LEFT JOIN "Idea" d ON d."id" = i."duplicateOfId"
      WHERE ${where}
      ORDER BY ${PAGE_ORDER[params.sort]}
      LIMIT ${limit}::int OFFSET ${offset}::int`,
    deps.sql<{ count: number }>`SELECT count(*)::int AS "count" FROM "Idea" i WHERE ${where}`,
  ]);
  const canUpdateStatus = canUpdateIdeaStatus(viewer, board.companyId);
  const ideas = rows.map(({ authorName, duplicateTitle, isVotedByMe, ...idea }) => ({
    ...idea,
    author: authorName === null ? null : { displayName: authorName },
    duplicateOf:
      idea.duplicateOfId !== null && duplicateTitle !== null
        ? { id: idea.duplicateOfId, title: duplicateTitle }
        : null,
    isVotedByMe,
    canEdit: canEditIdea(viewer, { authorId: idea.authorId, companyId: board.companyId }),
    canUpdateStatus,
  }));
  const totalCount = count?.count ?? 0;
  const next = offset + ideas.length;
  return { ideas, totalCount, limit, offset, nextOffset: next < totalCount ? next : null };
}

/** One idea the caller may see, as they see it (hidden and other companies' ideas: not found). */
export async function getIdeaView(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TIdeaView> {
  const row = await deps.prisma.idea.findFirst({
    where: { id: ideaId, ...ideaVisibleWhere(viewer) },
    include: viewInclude(viewer),
  });
  if (!row) throw errors.notFound('Idea');
  return toView(viewer, row);
}
