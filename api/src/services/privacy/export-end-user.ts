import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamRole } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TAuditActor } from '../audit/record-audit.ts';
import { findUserForPrivacyAdmin } from './privacy-access.ts';
import { plainCommentText } from '../comment/mention-markup.ts';

/** Version of the export document's layout: readers can tell later layouts apart. */
export const EXPORT_FORMAT = 1;

/**
 * Everything Feedboard stores about one person of the admin's company, as one JSON-ready
 * document (GDPR access and portability): profile, notification setting, ideas, comments,
 * votes, sign-ins, email confirmations, password recoveries, the mails sent to them and their
 * subscriptions to the company's changelog.
 * Secrets stay out: no password hash, no session or link token (only their times), and no mail
 * bodies (they carry unsubscribe and sign-in links). Owners and admins only (an admin for end users
 * and themselves, the owner for team members too); another company's user is not found.
 */
export async function exportEndUser(deps: TDeps, viewer: TViewer | null, userId: number) {
  const { admin, user } = await findUserForPrivacyAdmin(deps, viewer, userId);
  // An admin reads out end users and themselves; a team member's data (the owner's, another
  // admin's, a member's) only the company's owner (issue 33: an admin downloaded the owner's
  // sign-in times, recoveries and mails; then another admin's, demoted to member first).
  if (isTeamRole(user.role) && admin.role !== 'OWNER' && user.id !== admin.userId) {
    throw new AppError('FORBIDDEN', 'Only the owner can export the data of a team member.');
  }
  return exportUserDocument(deps, user, actorOf(admin));
}

/**
 * The export document of one user, whoever asked (an admin, or the person through a mailed
 * link: `actor` says who), recorded in the audit log before anything is read.
 */
export async function exportUserDocument(
  deps: TDeps,
  user: User,
  actor: TAuditActor,
  details: Record<string, string> = {},
) {
  // Like the CSV exports: written before anything is read, so no export goes unrecorded.
  await recordAudit(deps, {
    action: 'END_USER_EXPORTED',
    companyId: user.companyId,
    actor,
    target: { type: 'User', id: user.id },
    details,
  });
  const { prisma } = deps;
  const [ideas, comments, votes, sessions, confirmations, recoveries, mails, changelog] =
    await Promise.all([
      prisma.idea.findMany({
        where: { authorId: user.id },
        orderBy: { id: 'asc' },
        select: {
          id: true,
          title: true,
          description: true,
          status: true,
          voteCount: true,
          commentCount: true,
          createdAt: true,
          updatedAt: true,
          board: { select: { id: true, name: true } },
        },
      }),
      prisma.comment.findMany({
        // Internal notes (written while the person was on the team) are the team's, not theirs.
        where: { authorId: user.id, isInternal: false },
        orderBy: { id: 'asc' },
        select: {
          id: true,
          text: true,
          createdAt: true,
          updatedAt: true,
          idea: { select: { id: true, title: true } },
        },
      }),
      prisma.vote.findMany({
        where: { userId: user.id },
        orderBy: { id: 'asc' },
        select: {
          createdAt: true,
          importance: true,
          note: true,
          addedById: true,
          idea: { select: { id: true, title: true } },
        },
      }),
      prisma.session.findMany({
        where: { userId: user.id },
        orderBy: { id: 'asc' },
        select: { createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true },
      }),
      prisma.emailConfirmation.findMany({
        where: { userId: user.id },
        orderBy: { id: 'asc' },
        select: { email: true, createdAt: true, expiresAt: true, usedAt: true },
      }),
      prisma.passwordRecovery.findMany({
        where: { userId: user.id },
        orderBy: { id: 'asc' },
        select: { purpose: true, createdAt: true, expiresAt: true, usedAt: true },
      }),
      prisma.mail.findMany({
        where: mailsOf(user),
        orderBy: { id: 'asc' },
        select: {
          to: true,
          subject: true,
          topic: true,
          status: true,
          createdAt: true,
          sentAt: true,
        },
      }),
      prisma.changelogSubscriber.findMany({
        where: changelogSubscriptionsOf(user),
        orderBy: { id: 'asc' },
        select: {
          email: true,
          language: true,
          createdAt: true,
          confirmedAt: true,
          unsubscribedAt: true,
        },
      }),
    ]);
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      companyId: user.companyId,
      kind: user.kind,
      role: user.role,
      ssoId: user.externalId,
      loginEmail: user.loginEmail,
      email: user.email,
      emailConfirmedAt: user.emailConfirmedAt,
      displayName: user.displayName,
      avatarUrl: user.avatarUrl,
      language: user.language,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    notificationPreference: user.notifications,
    ideas: ideas.map(({ board, ...idea }) => ({
      ...idea,
      boardId: board.id,
      boardName: board.name,
    })),
    comments: comments.map(({ idea, ...comment }) => ({
      ...comment,
      text: plainCommentText(comment.text),
      ideaId: idea.id,
      ideaTitle: idea.title,
    })),
    votes: votes.map((vote) => ({
      ideaId: vote.idea.id,
      ideaTitle: vote.idea.title,
      createdAt: vote.createdAt,
      // Beside the first fields: how much they said they need it, and for a vote the team
      // added on their behalf, that it was and the team's note about it.
      importance: vote.importance,
      isAddedOnBehalf: vote.addedById !== null || vote.note !== null,
      note: vote.note,
    })),
    signIns: sessions,
    emailConfirmations: confirmations,
    passwordRecoveries: recoveries,
    mails,
    changelogSubscriptions: changelog,
  };
}

export type TEndUserExport = Awaited<ReturnType<typeof exportUserDocument>>;

/**
 * The mails that are the person's: those that name their account (notifications, confirmations,
 * password resets, privacy requests). Never by address: one address may be an account of several
 * companies, and a mail to it from another company (its reset or invitation link) is not this
 * company's to export or erase (issue 33: an export handed over another company's reset link).
 */
export function mailsOf(user: { id: number }) {
  return { userId: user.id };
}

/**
 * The company's changelog subscriptions that are the person's: those of their sign-in address,
 * and of their contact address once they proved it theirs (a subscription names an address,
 * not a user, and an unproven address may be someone else's).
 */
export function changelogSubscriptionsOf(user: {
  companyId: number;
  loginEmail: string | null;
  email: string | null;
  emailConfirmedAt: Date | null;
}) {
  const addresses = [user.loginEmail, user.emailConfirmedAt ? user.email : null]
    .filter((address): address is string => Boolean(address))
    .map((address) => address.trim().toLowerCase());
  return { companyId: user.companyId, email: { in: addresses } };
}
