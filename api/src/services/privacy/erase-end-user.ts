import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea, User } from '../../generated/prisma/client.ts';
import { messages, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TAuditActor } from '../audit/record-audit.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';
import { changelogSubscriptionsOf, mailsOf } from './export-end-user.ts';
import { findUserForPrivacyAdmin, hashExternalId } from './privacy-access.ts';

export const ERASURE_CONTENT_MODES = ['DELETE', 'ANONYMISE'] as const;
export type TErasureContentMode = (typeof ERASURE_CONTENT_MODES)[number];

export const ZEraseEndUser = z.object({
  contentMode: z.enum(ERASURE_CONTENT_MODES, { error: messages.oneOf(ERASURE_CONTENT_MODES) }),
});

export type TErasure = {
  userId: number;
  contentMode: TErasureContentMode;
  votesRemoved: number;
  ideasDeleted: number;
  ideasAnonymised: number;
  commentsDeleted: number;
  commentsAnonymised: number;
  /** The person was an SSO user: a tombstone keeps the hash of their SSO id. */
  wasSsoUser: boolean;
  /** What the admin should know about what happens next, in plain words. */
  notice: string;
};

const teamMemberRefusal = () =>
  new AppError(
    'CONFLICT',
    'Owners and admins of the team cannot be erased here: make them a member first, or close the company account.',
  );

/**
 * Erases a person of the admin's company on request (GDPR), in ONE transaction: their votes go
 * and every idea they voted for loses exactly those votes; their ideas and comments are deleted
 * (comment counts fall with them) or kept with no author (`contentMode`); their sessions, links,
 * mails, changelog subscriptions and the user row itself (name, emails, avatar, password hash,
 * SSO id) are deleted. A tombstone keeps only the company and the SHA-256 of an SSO id: a later
 * SSO sign-in with that id makes a fresh, empty user, and the admin's search by that id says
 * the old one was erased.
 * Owners and admins of the team are refused; another company's user is not found.
 */
export async function eraseEndUser(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
  input: unknown,
): Promise<TErasure> {
  const { admin, user } = await findUserForPrivacyAdmin(deps, viewer, userId);
  const { contentMode } = parseInput(ZEraseEndUser, input);
  return eraseUser(deps, user, contentMode, actorOf(admin));
}

/**
 * The erasure itself, whoever asked (an admin, or the person through a mailed link: `actor`
 * says who): see eraseEndUser. Team members are refused.
 */
export async function eraseUser(
  deps: TDeps,
  user: User,
  contentMode: TErasureContentMode,
  actor: TAuditActor,
  details: Record<string, string> = {},
): Promise<TErasure> {
  if (user.role !== 'END_USER') throw teamMemberRefusal();
  const companyId = user.companyId;

  const outcome = await deps.prisma.$transaction(async (tx) => {
    // The lock makes two erasures of one person (or an erasure racing a role change) apply once.
    const [locked] = await tx.$queryRaw<{ role: string }[]>`
      SELECT "role"::text AS "role" FROM "User"
      WHERE "id" = ${user.id} AND "companyId" = ${companyId} FOR UPDATE`;
    if (!locked) throw errors.notFound('User');
    if (locked.role !== 'END_USER') throw teamMemberRefusal();

    // The ideas they voted for are locked in id order first, as a block and a customer's value
    // recompute lock them, so those never wait on each other in opposite orders.
    await tx.$queryRaw`
      SELECT 1 FROM "Idea"
      WHERE "id" IN (SELECT "ideaId" FROM "Vote" WHERE "userId" = ${user.id})
      ORDER BY "id" FOR UPDATE`;
    // Each count falls by the rows this statement removed, so votes cast meanwhile by others
    // are neither lost nor counted twice; each value follows its count (the trigger of
    // migration idea_value).
    const votes = await tx.$queryRaw<{ ideaId: number }[]>`
      WITH removed AS (
        DELETE FROM "Vote" WHERE "userId" = ${user.id} RETURNING "ideaId"
      ), counted AS (
        UPDATE "Idea" i SET "voteCount" = i."voteCount" - r."n"
        FROM (SELECT "ideaId", count(*)::int AS "n" FROM removed GROUP BY "ideaId") r
        WHERE i."id" = r."ideaId"
      )
      SELECT "ideaId" FROM removed`;

    let comments: { ideaId: number }[];
    let ideas: Idea[] = [];
    let ideasAnonymised = 0;
    if (contentMode === 'DELETE') {
      comments = await tx.$queryRaw<{ ideaId: number }[]>`
        WITH removed AS (
          DELETE FROM "Comment" WHERE "authorId" = ${user.id} RETURNING "ideaId", "isInternal"
        ), counted AS (
          -- Internal notes (written while the person was on the team) were never counted.
          UPDATE "Idea" i SET "commentCount" = i."commentCount" - r."n"
          FROM (SELECT "ideaId", count(*)::int AS "n" FROM removed WHERE NOT "isInternal"
                GROUP BY "ideaId") r
          WHERE i."id" = r."ideaId"
        )
        SELECT "ideaId" FROM removed`;
      // Their ideas go with the votes and comments others left on them (the schema cascades).
      ideas = await tx.idea.findMany({ where: { authorId: user.id } });
      await tx.idea.deleteMany({ where: { id: { in: ideas.map((idea) => idea.id) } } });
    } else {
      const anonymised = await tx.comment.updateMany({
        where: { authorId: user.id },
        data: { authorId: null },
      });
      comments = Array.from({ length: anonymised.count }, () => ({ ideaId: 0 }));
      ideasAnonymised = (
        await tx.idea.updateMany({ where: { authorId: user.id }, data: { authorId: null } })
      ).count;
    }
    await tx.mail.deleteMany({ where: mailsOf(user) });
    await tx.changelogSubscriber.deleteMany({ where: changelogSubscriptionsOf(user) });
    // Their notification list and the mentions of them go; the comments that mentioned them
    // keep a mention with no name or id (what others wrote stays, the person does not).
    await tx.notification.deleteMany({ where: { userId: user.id } });
    await tx.commentMention.deleteMany({ where: { userId: user.id } });
    // '@\u2026' is '@…' (an escape: the server's bundle stays ASCII, scripts/build-server.mjs).
    await tx.$executeRaw`
      UPDATE "Comment" SET "text" = regexp_replace("text",
        ${String.raw`@\[[^][\n]{1,80}\]\(user:` + `${user.id}\\)`}::text, '@\u2026', 'g')
      WHERE "text" LIKE ${`%(user:${user.id})%`}::text`;
    await tx.erasedUser.create({
      data: {
        companyId,
        externalIdHash: user.externalId ? hashExternalId(user.externalId) : null,
        contentMode,
      },
    });
    // Sessions, email confirmations and password recoveries cascade with the row.
    await tx.user.delete({ where: { id: user.id } });
    // In the erasure's transaction: no erasure without its entry. Only counts, no personal data.
    await recordAudit(
      deps,
      {
        action: 'END_USER_ERASED',
        companyId,
        actor,
        target: { type: 'User', id: user.id },
        details: {
          ...details,
          contentMode,
          votesRemoved: votes.length,
          wasSsoUser: user.kind === 'SSO',
        },
      },
      tx,
    );
    return { votes, comments, deletedIdeas: ideas, ideasAnonymised };
  });

  await publishErasure(deps, companyId, outcome);
  // Their sessions went with the row; the live streams they opened end too.
  deps.events.publishCredentialRevoked({ userIds: [user.id] });
  const isDelete = contentMode === 'DELETE';
  const wasSsoUser = user.kind === 'SSO';
  return {
    userId: user.id,
    contentMode,
    votesRemoved: outcome.votes.length,
    ideasDeleted: outcome.deletedIdeas.length,
    ideasAnonymised: outcome.ideasAnonymised,
    commentsDeleted: isDelete ? outcome.comments.length : 0,
    commentsAnonymised: isDelete ? 0 : outcome.comments.length,
    wasSsoUser,
    notice: wasSsoUser
      ? 'Erased. If this person signs in through SSO again, a new, empty account is created: none of the erased history comes back.'
      : 'Erased. This person can sign up again with the same email; the new account starts empty.',
  };
}

/** Tells live boards about the counts that fell and the ideas that went (after the commit). */
async function publishErasure(
  deps: TDeps,
  companyId: number,
  outcome: { votes: { ideaId: number }[]; comments: { ideaId: number }[]; deletedIdeas: Idea[] },
): Promise<void> {
  const deletedIds = new Set(outcome.deletedIdeas.map((idea) => idea.id));
  const changedIds = [
    ...new Set([...outcome.votes, ...outcome.comments].map((row) => row.ideaId)),
  ].filter((id) => id > 0 && !deletedIds.has(id));
  const changed = changedIds.length
    ? await deps.prisma.idea.findMany({ where: { id: { in: changedIds } } })
    : [];
  for (const idea of changed) publishIdeaChange(deps, 'VOTED', idea, companyId);
  for (const idea of outcome.deletedIdeas) publishIdeaChange(deps, 'DELETED', idea, companyId);
}
