import { z } from 'zod';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Invitation, Prisma } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZEmail, parseInput, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamRole } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TAuditAction } from '../audit/audit-actions.ts';
import { limitRequestedMail } from '../mail/limit-requested-mail.ts';
import { dropHeldInvitationMail } from '../mail/release-held-mail.ts';
import { loadPlan } from '../plan/plan-state.ts';
import { PLAN_CAPS } from '../plan/plans.ts';
import { ASSIGNABLE_ROLES } from './change-member-role.ts';
import { INVITATION_TTL_DAYS, invitationLink, invitationMail } from './invitation-mail.ts';
import { requireTeamAdmin } from './team-access.ts';

const ZInvite = z.object({ email: ZEmail, role: requiredEnum(ASSIGNABLE_ROLES) });

/** Invitations still waiting for an answer: not accepted, not revoked, not expired. */
export function pendingInvitationWhere(companyId: number): Prisma.InvitationWhereInput {
  return { companyId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } };
}

/** An invitation as inviting answers it: with its link, shown this once (only its hash is kept). */
export type TInvitationWithLink = Invitation & { link: string };

/**
 * Gives the invitation a new link, valid for 7 days from now (the old link stops working), and
 * in one transaction with `change` writes the audit entry and the mail in the inviter's language:
 * queued when the inviter's address is confirmed, else held until they confirm it
 * (releaseHeldMail), replacing the mail held for the old link. The inviter's row is locked
 * first, so a confirmation at the same moment either comes before (the mail is queued) or after
 * (it releases this held mail). Every invitation mail counts against the company's and the
 * recipient's limits first (RATE_LIMIT_INVITATION_MAIL_*, RATE_LIMIT_MAIL_RECIPIENT_*): a
 * refused one changes nothing. Answers the invitation with its link.
 */
async function mailInvitation(
  deps: TDeps,
  admin: TViewer,
  mail: { action: TAuditAction; to: string; client: TClient | undefined },
  change: (
    tx: Prisma.TransactionClient,
    link: { tokenHash: string; mailTokenHash: string; expiresAt: Date },
  ) => Promise<Invitation>,
): Promise<TInvitationWithLink> {
  await limitRequestedMail(deps, 'invitationMail', {
    companyId: admin.companyId,
    client: mail.client,
    to: mail.to,
  });
  const company = await deps.prisma.company.findUniqueOrThrow({ where: { id: admin.companyId } });
  // Two links to one invitation: the one answered to copy, and the mailed one, which alone
  // proves that the person accepting reads the address's mail.
  const token = newToken();
  const link = invitationLink(deps, token);
  const mailToken = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3_600_000);
  const { invitation, isHeld } = await deps.prisma.$transaction(async (tx) => {
    const [inviter] = await tx.$queryRaw<
      { displayName: string; language: string; isConfirmed: boolean }[]
    >`SELECT "displayName", "language",
        ("email" IS NOT NULL AND "emailConfirmedAt" IS NOT NULL) AS "isConfirmed"
      FROM "User" WHERE "id" = ${admin.userId} FOR UPDATE`;
    if (!inviter) throw errors.unauthenticated();
    const saved = await change(tx, {
      tokenHash: hashToken(token),
      mailTokenHash: hashToken(mailToken),
      expiresAt,
    });
    await dropHeldInvitationMail(tx, saved.id);
    const queued = await deps.mailer.send(
      {
        to: saved.email,
        topic: 'INVITATION',
        language: inviter.language,
        ...invitationMail(inviter.language, {
          inviter: inviter.displayName,
          company: company.name,
          role: saved.role,
          link: invitationLink(deps, mailToken),
        }),
      },
      { db: tx, ...(inviter.isConfirmed ? {} : { heldForUserId: admin.userId }) },
    );
    const current = inviter.isConfirmed
      ? { ...saved, heldMailId: null }
      : await tx.invitation.update({ where: { id: saved.id }, data: { heldMailId: queued.id } });
    await recordAudit(
      deps,
      {
        action: mail.action,
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Invitation', id: saved.id },
        details: {
          email: saved.email,
          role: saved.role,
          ...(inviter.isConfirmed ? {} : { mailHeld: true }),
        },
      },
      tx,
    );
    return { invitation: current, isHeld: !inviter.isConfirmed };
  });
  if (!isHeld) deps.mailer.wake();
  return { ...invitation, link };
}

/**
 * Invites a person to the team by email with the role ADMIN or MEMBER (owners and admins,
 * signed in) and answers the invitation with its link to copy. The mail with the link goes at
 * once when the inviter's address is confirmed, else when they confirm it; the link works
 * either way. Someone already on the team, or already invited and not answered yet, is a
 * conflict (make a new link for that invitation instead); FREE companies have at most
 * PLAN_CAPS.FREE.pendingInvitations invitations waiting at once.
 */
export async function inviteMember(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client?: TClient,
): Promise<TInvitationWithLink> {
  const admin = requireTeamAdmin(viewer);
  const data = parseInput(ZInvite, input);
  const email = data.email.toLowerCase();
  const existing = await deps.prisma.user.findUnique({
    where: { companyId_loginEmail: { companyId: admin.companyId, loginEmail: email } },
    select: { companyId: true, role: true },
  });
  if (existing?.companyId === admin.companyId && isTeamRole(existing.role)) {
    throw errors.validation([{ field: 'email', message: 'This person is on the team already.' }]);
  }
  const where = pendingInvitationWhere(admin.companyId);
  if (await deps.prisma.invitation.count({ where: { ...where, email } })) {
    throw errors.validation([
      { field: 'email', message: 'This address is invited already: resend that invitation.' },
    ]);
  }
  const { inForce } = await loadPlan(deps.prisma, admin.companyId);
  const cap = PLAN_CAPS[inForce].pendingInvitations;
  if (cap !== null && (await deps.prisma.invitation.count({ where })) >= cap) {
    throw new AppError(
      'PLAN_LIMIT',
      `Your plan allows ${cap} invitations waiting for an answer at once. Upgrade the plan, or revoke one.`,
    );
  }
  const mail = { action: 'INVITATION_SENT' as const, to: email, client };
  return mailInvitation(deps, admin, mail, (tx, link) =>
    tx.invitation.create({
      data: {
        companyId: admin.companyId,
        email,
        role: data.role,
        invitedById: admin.userId,
        ...link,
      },
    }),
  );
}

/** A pending invitation of the admin's company, or NOT_FOUND (before any role check). */
async function findPendingInvitation(
  deps: TDeps,
  viewer: TViewer | null,
  invitationId: number,
): Promise<{ admin: TViewer; invitation: Invitation }> {
  const companyId = viewer?.companyId ?? 0;
  const invitation = await deps.prisma.invitation.findFirst({
    where: { id: invitationId, companyId, acceptedAt: null, revokedAt: null },
  });
  if (!viewer) throw errors.unauthenticated();
  if (!invitation) throw errors.notFound('Invitation');
  return { admin: requireTeamAdmin(viewer), invitation };
}

/**
 * Gives a pending (or expired, unanswered) invitation a new 7-day link, answered to copy and
 * mailed (or held, as inviteMember does); the old link stops working, and a mail still held
 * with it is dropped. Limited like every invitation mail (per company, client and recipient).
 */
export async function resendInvitation(
  deps: TDeps,
  viewer: TViewer | null,
  invitationId: number,
  client?: TClient,
): Promise<TInvitationWithLink> {
  const { admin, invitation } = await findPendingInvitation(deps, viewer, invitationId);
  const mail = { action: 'INVITATION_RESENT' as const, to: invitation.email, client };
  return mailInvitation(deps, admin, mail, (tx, link) =>
    tx.invitation.update({ where: { id: invitation.id }, data: { ...link, sentAt: new Date() } }),
  );
}

/** Revokes a pending invitation: its link stops working at once, and a held mail never goes. */
export async function revokeInvitation(
  deps: TDeps,
  viewer: TViewer | null,
  invitationId: number,
): Promise<Invitation> {
  const { admin, invitation } = await findPendingInvitation(deps, viewer, invitationId);
  return deps.prisma.$transaction(async (tx) => {
    await dropHeldInvitationMail(tx, invitation.id);
    const revoked = await tx.invitation.update({
      where: { id: invitation.id },
      data: { revokedAt: new Date() },
    });
    await recordAudit(
      deps,
      {
        action: 'INVITATION_REVOKED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Invitation', id: invitation.id },
        details: { email: invitation.email, role: invitation.role },
      },
      tx,
    );
    return revoked;
  });
}

/** The company's invitations waiting for an answer (expired ones too), newest first (admins). */
export function listInvitations(deps: TDeps, viewer: TViewer | null): Promise<Invitation[]> {
  const admin = requireTeamAdmin(viewer);
  return deps.prisma.invitation.findMany({
    where: { companyId: admin.companyId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}
