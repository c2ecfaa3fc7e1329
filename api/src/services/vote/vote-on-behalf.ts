import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { VoteImportance } from '../../generated/prisma/client.ts';
import { ZEmail, optionalName, optionalText, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked, requireWriter } from '../../viewer.ts';
import { findIdeaForMember, isTeamMemberOf } from '../access.ts';
import type { TWritableIdea } from '../access.ts';
import { customerValueGuard } from '../customer/idea-value.ts';
import { announceVote, isCustomer } from './add-vote.ts';

export const VOTE_IMPORTANCES = ['NICE_TO_HAVE', 'IMPORTANT', 'MUST_HAVE'] as const;
export const NOTE_MAX = 500;

const ZImportance = z.preprocess(
  (input) => (input === '' ? null : input),
  z.enum(VOTE_IMPORTANCES, { error: 'Choose nice to have, important or must have.' }).nullish(),
);

const ZVoteOnBehalf = z
  .object({
    /** An end user of the company, by id. */
    userId: z.number().int().positive().optional(),
    /** Or a customer contact by email (an end user of the company, or a new one). */
    email: z.preprocess((input) => (input === '' ? undefined : input), ZEmail.optional()),
    /** The new end user's display name, when the email is nobody's yet. */
    name: optionalName(1, 50),
    note: optionalText(1, NOTE_MAX),
    importance: ZImportance,
  })
  .superRefine((input, context) => {
    if ((input.userId === undefined) === (input.email === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Give an end user or a customer contact’s email (one of the two).',
      });
    }
  });

export type TVoteOnBehalfInput = z.input<typeof ZVoteOnBehalf>;

export type TOnBehalfResult = {
  ideaId: number;
  voteCount: number;
  voter: { id: number; name: string; isNew: boolean };
};

/** The team of the idea's company, refused for anyone else of the company. */
async function findIdeaForTeam(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TWritableIdea> {
  const writable = await findIdeaForMember(deps, viewer, ideaId);
  if (!isTeamMemberOf(writable.viewer, writable.idea.board.companyId)) throw errors.forbidden();
  requireWriter(writable.viewer);
  return writable;
}

const teamMemberEmail = () =>
  errors.validation([
    { field: 'email', message: 'This is a team member’s email: team members vote for themselves.' },
  ]);

/**
 * The end user a vote on behalf is for: an end user of the company by id (another company's
 * or a team member is "End user not found"), or by email — the company's user with that email,
 * or a new end user without a password (no sign-in until they recover one). Never a team
 * member. Two team members naming one new email at once create one user (an advisory lock
 * on the company and the email serialises them).
 */
async function resolveVoter(
  deps: TDeps,
  companyId: number,
  input: { userId?: number | undefined; email?: string | undefined; name?: string | undefined },
): Promise<{ id: number; name: string; isNew: boolean }> {
  if (input.userId !== undefined) {
    const user = await deps.prisma.user.findFirst({
      where: { id: input.userId, companyId, role: 'END_USER' },
      select: { id: true, displayName: true },
    });
    if (!user) throw errors.notFound('End user');
    return { id: user.id, name: user.displayName, isNew: false };
  }
  const email = input.email ?? '';
  const lower = email.toLowerCase();
  return deps.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`vote-on-behalf:${companyId}:${lower}`}))`;
    const found = await tx.user.findFirst({
      where: {
        companyId,
        OR: [{ loginEmail: lower }, { email: { equals: email, mode: 'insensitive' } }],
      },
      orderBy: { id: 'asc' },
      select: { id: true, displayName: true, role: true },
    });
    if (found) {
      if (found.role !== 'END_USER') throw teamMemberEmail();
      return { id: found.id, name: found.displayName, isNew: false };
    }
    const created = await tx.user.create({
      data: {
        companyId,
        kind: 'REGULAR',
        role: 'END_USER',
        email,
        displayName: input.name ?? email.split('@')[0] ?? email,
      },
      select: { id: true, displayName: true },
    });
    return { id: created.id, name: created.displayName, isNew: true };
  });
}

type TOnBehalfRow = {
  voteCount: number;
  value: number;
  changed: number;
  isAllowed: boolean;
  isCustomer: boolean;
};

/**
 * A team member (OWNER, ADMIN, MEMBER) adds a vote for an end user or a customer contact, with
 * an optional note and importance. The vote counts once per person (the vote's unique key): a
 * person who already voted is a CONFLICT, not a second vote, and the count moves in the same
 * statement by the rows actually inserted. A blocked end user is refused (USER_BLOCKED).
 */
export async function addVoteOnBehalf(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TOnBehalfResult> {
  const writable = await findIdeaForTeam(deps, viewer, ideaId);
  const { idea, viewer: member } = writable;
  const data = parseInput(ZVoteOnBehalf, input ?? {});
  if (idea.status === 'DECLINED') {
    throw new AppError('CONFLICT', 'This idea is declined and takes no new votes.');
  }
  const voter = await resolveVoter(deps, idea.board.companyId, data);
  // As addVote: the company's value lock shared first, then the voter's row.
  const [row] = await deps.sql<TOnBehalfRow>`
    WITH guard AS (${customerValueGuard(idea.board.companyId)}), voter AS (
      SELECT 1 FROM "User"
      WHERE "id" = ${voter.id}::int AND "blockedAt" IS NULL AND EXISTS (SELECT 1 FROM guard)
      FOR SHARE
    ), inserted AS (
      INSERT INTO "Vote" ("ideaId", "userId", "addedById", "note", "importance")
      SELECT ${idea.id}::int, ${voter.id}::int, ${member.userId}::int, ${data.note ?? null}::text,
             ${data.importance ?? null}::text::"VoteImportance"
      FROM voter
      ON CONFLICT ("ideaId", "userId") DO NOTHING
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM inserted)::int AS "changed",
              EXISTS (SELECT 1 FROM voter) AS "isAllowed", ${isCustomer(voter.id)}`;
  if (!row) throw errors.notFound('Idea');
  if (!row.isAllowed) throw errors.userBlocked();
  if (Number(row.changed) === 0) {
    throw new AppError('CONFLICT', `${voter.name} has already voted for this idea.`);
  }
  const voteCount = Number(row.voteCount);
  await announceVote(deps, writable, row, {
    userId: voter.id,
    change: 'added',
    isChanged: true,
  });
  return { ideaId: idea.id, voteCount, voter };
}

/**
 * A team member removes an end user's vote from an idea of the company (a vote added on
 * behalf, or one the voter cast). No such vote: NOT_FOUND ("Vote"). The count falls by the
 * rows actually deleted, in the same statement.
 */
export async function removeVoteOnBehalf(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  userId: number,
): Promise<{ ideaId: number; voteCount: number }> {
  const writable = await findIdeaForTeam(deps, viewer, ideaId);
  const { idea } = writable;
  const [row] = await deps.sql<{
    voteCount: number;
    value: number;
    changed: number;
    isCustomer: boolean;
  }>`
    WITH deleted AS (
      DELETE FROM "Vote" v USING "User" u
      WHERE v."ideaId" = ${idea.id}::int AND v."userId" = ${userId}::int
        AND u."id" = v."userId" AND u."role" = 'END_USER'
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" - (SELECT count(*) FROM deleted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM deleted)::int AS "changed",
              ${isCustomer(userId)}`;
  if (!row) throw errors.notFound('Idea');
  if (Number(row.changed) === 0) throw errors.notFound('Vote');
  const voteCount = Number(row.voteCount);
  await announceVote(deps, writable, row, {
    userId,
    change: 'removed',
    isChanged: true,
  });
  return { ideaId: idea.id, voteCount };
}

/**
 * The caller marks their own vote "nice to have / important / must have" (null clears it).
 * Optional, never required; without a vote it is a CONFLICT (vote first).
 */
export async function setVoteImportance(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  importance: unknown,
): Promise<{ ideaId: number; importance: VoteImportance | null }> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  requireNotBlocked(member);
  const { importance: value } = parseInput(z.object({ importance: ZImportance }), { importance });
  const { count } = await deps.prisma.vote.updateMany({
    where: { ideaId: idea.id, userId: member.userId },
    data: { importance: value ?? null },
  });
  if (count === 0) throw new AppError('CONFLICT', 'Vote for this idea first.');
  return { ideaId: idea.id, importance: value ?? null };
}

/** The importance of the caller's own vote for an idea they may act on (null: none or no vote). */
export async function findVoteImportance(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<VoteImportance | null> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  const vote = await deps.prisma.vote.findUnique({
    where: { ideaId_userId: { ideaId: idea.id, userId: member.userId } },
    select: { importance: true },
  });
  return vote?.importance ?? null;
}

export type TImportanceSplit = {
  niceToHave: number;
  important: number;
  mustHave: number;
  unrated: number;
};

/** How many of an idea's votes say each importance (one statement). */
export async function importanceSplit(deps: TDeps, ideaId: number): Promise<TImportanceSplit> {
  const [row] = await deps.sql<TImportanceSplit>`
    SELECT count(*) FILTER (WHERE "importance" = 'NICE_TO_HAVE')::int AS "niceToHave",
           count(*) FILTER (WHERE "importance" = 'IMPORTANT')::int AS "important",
           count(*) FILTER (WHERE "importance" = 'MUST_HAVE')::int AS "mustHave",
           count(*) FILTER (WHERE "importance" IS NULL)::int AS "unrated"
    FROM "Vote" WHERE "ideaId" = ${ideaId}::int`;
  return {
    niceToHave: Number(row?.niceToHave ?? 0),
    important: Number(row?.important ?? 0),
    mustHave: Number(row?.mustHave ?? 0),
    unrated: Number(row?.unrated ?? 0),
  };
}
