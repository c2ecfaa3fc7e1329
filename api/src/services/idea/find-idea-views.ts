import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { DeclineReason, Idea, Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canEditIdea, canUpdateIdeaStatus, ideaVisibleWhere } from '../access.ts';
import { ideaListQuery } from './find-ideas.ts';
import { ZIdeaListParams } from './idea-input.ts';

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
      .number({ error: 'It has to be a whole number, 0 or more.' })
      .int({ error: 'It has to be a whole number, 0 or more.' })
      .min(0, { error: 'It has to be a whole number, 0 or more.' })
      .default(0),
  ),
});

// Each relation is one extra query for the whole page, whatever its size.
function viewInclude(viewer: TViewer | null) {
  return {
    author: { select: { displayName: true } },
    board: { select: { companyId: true } },
    duplicateOf: { select: { id: true, title: true } },
    votes: viewerVoteSelection(viewer),
  } satisfies Prisma.IdeaInclude;
}

type TIdeaRow = Prisma.IdeaGetPayload<{ include: ReturnType<typeof viewInclude> }>;

function toView(viewer: TViewer | null, row: TIdeaRow): TIdeaView {
  const { board, votes, ...idea } = row;
  return {
    ...idea,
    isVotedByMe: votes.length > 0,
    canEdit: canEditIdea(viewer, { authorId: idea.authorId, companyId: board.companyId }),
    canUpdateStatus: canUpdateIdeaStatus(viewer, board.companyId),
  };
}

/**
 * A page of a board's ideas as the caller sees them (filter, sort and search as
 * `ideaListQuery` decides), in a fixed number of queries.
 */
export async function findIdeasPage(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<TIdeaPage> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const { limit, offset } = params;
  const { where, orderBy } = await ideaListQuery(deps, viewer, boardId, params);
  const [rows, totalCount] = await Promise.all([
    deps.prisma.idea.findMany({
      where,
      orderBy,
      skip: offset,
      take: limit,
      include: viewInclude(viewer),
    }),
    deps.prisma.idea.count({ where }),
  ]);
  const ideas = rows.map((row) => toView(viewer, row));
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
