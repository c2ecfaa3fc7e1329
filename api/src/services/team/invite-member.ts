import { z } from 'zod';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Invitation, Prisma } from '../../generated/prisma/client.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZEmail, parseInput, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamRole } from '../../viewer.ts';
import { requireConfirmedEmail } from '../account/require-confirmed-email.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TAuditAction } from '../audit/audit-actions.ts';
import { limitRequestedMail } from '../mail/limit-requested-mail.ts';
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

/**
 * Gives the invitation a new link, valid for 7 days from now, and writes the audit entry in one
 * transaction with `change`, then queues the mail in the inviter's language (the durable queue
 * retries it). Should queueing fail after the commit, the invitation waits unmailed and the
 * admin's "Resend" mails it. Every invitation mail counts against the company's and the
 * recipient's limits first (RATE_LIMIT_INVITATION_MAIL_*, RATE_LIMIT_MAIL_RECIPIENT_*): a
 * refused one changes nothing.
 */
async function mailInvitation(
  deps: TDeps,
  admin: TViewer,
  mail: { action: TAuditAction; to: string; client: TClient | undefined },
  change: (
    tx: Prisma.TransactionClient,
    link: { tokenHash: string; expiresAt: Date },
  ) => Promise<Invitation>,
): Promise<Invitation> {
  await limitRequestedMail(deps, 'invitationMail', {
    companyId: admin.companyId,
    client: mail.client,
    to: mail.to,
  });
  const [inviter, company] = await Promise.all([
    deps.prisma.user.findUniqueOrThrow({ where: { id: admin.userId } }),
    deps.prisma.company.findUniqueOrThrow({ where: { id: admin.companyId } }),
  ]);
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3_600_000);
  const invitation = await deps.prisma.$transaction(async (tx) => {
    const saved = await change(tx, { tokenHash: hashToken(token), expiresAt });
    await recordAudit(
      deps,
      {
        action: mail.action,
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Invitation', id: saved.id },
        details: { email: saved.email, role: saved.role },
      },
      tx,
    );
    return saved;
  });
  await deps.mailer.send({
    to: invitation.email,
    topic: 'INVITATION',
    ...invitationMail(inviter.language, {
      inviter: inviter.displayName,
      company: company.name,
      role: invitation.role,
      link: invitationLink(deps, token),
    }),
  });
  return invitation;
}

/**
 * Invites a person to the team by email with the role ADMIN or MEMBER (owners and admins,
 * signed in, whose own address is confirmed). Someone already on the team, or already invited
 * and not answered yet, is a conflict (resend that invitation instead); FREE companies have at
 * most PLAN_CAPS.FREE.pendingInvitations invitations waiting at once.
 */
export async function inviteMember(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client?: TClient,
): Promise<Invitation> {
  const admin = requireTeamAdmin(viewer);
  const data = parseInput(ZInvite, input);
  await requireConfirmedEmail(deps, admin.userId);
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
 * Mails a pending (or expired, unanswered) invitation again with a new 7-day link; the old link
 * stops working. Limited like every invitation mail (per company, client and recipient).
 */
export async function resendInvitation(
  deps: TDeps,
  viewer: TViewer | null,
  invitationId: number,
  client?: TClient,
): Promise<Invitation> {
  const { admin, invitation } = await findPendingInvitation(deps, viewer, invitationId);
  await requireConfirmedEmail(deps, admin.userId);
  const mail = { action: 'INVITATION_RESENT' as const, to: invitation.email, client };
  return mailInvitation(deps, admin, mail, (tx, link) =>
    tx.invitation.update({ where: { id: invitation.id }, data: { ...link, sentAt: new Date() } }),
  );
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: TDeps,
  viewer: TViewer | null,
  invitationId: number,
): Promise<Invitation> {
  const { admin, invitation } = await findPendingInvitation(deps, viewer, invitationId);
  return deps.prisma.$transaction(async (tx) => {
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
