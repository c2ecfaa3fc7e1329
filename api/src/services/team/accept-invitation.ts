import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Role } from '../../generated/prisma/client.ts';
import { guardSignIn } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZLanguage, ZPassword, optionalName, parseInput } from '../../validation.ts';
import { isTeamRole } from '../../viewer.ts';
import { createSession } from '../account/create-session.ts';
import { sendEmailConfirmation } from '../account/send-email-confirmation.ts';
import type { TSessionOrChallenge } from '../account/log-in.ts';
import { openLoginChallenge } from '../two-factor/login-challenge.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dropHeldInvitationMail } from '../mail/release-held-mail.ts';
import { DISPLAY_NAME_LIMITS } from '../account/profile-limits.ts';

/** What the accept page shows before the person answers. */
export type TInvitationPreview = {
  email: string;
  role: Role;
  companyName: string;
  /** An account signs in with this address already: accepting asks for its password. */
  hasAccount: boolean;
};

const ZAccept = z.object({
  password: ZPassword,
  // The same rule as a sign-up's name (a one-letter name passed here: walkthrough 11, F6).
  displayName: optionalName(DISPLAY_NAME_LIMITS.min, DISPLAY_NAME_LIMITS.max),
  // The language the person read the invitation page in: a new account keeps it (an invitee who
  // joined in Polish landed in an English console; first-hour walkthrough 4, #16). GraphQL
  // passes an unset nullable argument as null: the same as absent (en-US).
  language: z.preprocess((input) => input ?? undefined, ZLanguage.optional()),
});

function invalidLink(): AppError {
  return new AppError(
    'INVALID_TOKEN',
    'This invitation link is not valid: it was used, revoked or has expired. Ask for a new one.',
  );
}

/**
 * The unanswered invitation a link names, and whether the link is the mailed one (which proves
 * the address) rather than the one the inviter copied.
 */
async function findUsableInvitation(deps: TDeps, token: string) {
  const hash = hashToken(String(token));
  const invitation = await deps.prisma.invitation.findFirst({
    where: { OR: [{ tokenHash: hash }, { mailTokenHash: hash }] },
    include: { company: { select: { name: true, requireTwoFactor: true } } },
  });
  if (
    !invitation ||
    invitation.acceptedAt ||
    invitation.revokedAt ||
    invitation.expiresAt.getTime() <= Date.now()
  ) {
    throw invalidLink();
  }
  return { ...invitation, isMailedLink: invitation.mailTokenHash === hash };
}

/** The invitation a link names, for the accept page; a used, revoked or expired link is refused. */
export async function previewInvitation(deps: TDeps, token: string): Promise<TInvitationPreview> {
  const invitation = await findUsableInvitation(deps, token);
  const account = await deps.prisma.user.count({
    where: { companyId: invitation.companyId, loginEmail: invitation.email },
  });
  return {
    email: invitation.email,
    role: invitation.role,
    companyName: invitation.company.name,
    hasAccount: account > 0,
  };
}

/**
 * Accepts an invitation with its link: creates the account (the given password and name; its
 * address confirmed when the link is the mailed one, else mailed a confirmation link: the link
 * the inviter copied proves nothing about who reads the address, issue 33) or, when one signs in with the invited address, attaches it after
 * checking its password (an end user of the company joins the team). Accounts of the address in
 * other companies, on their teams or end users, are neither looked at nor touched: the new team
 * account is this company's own, with its own password. Answers a session token.
 *
 * The link is claimed with a conditional update (still unanswered) in the same transaction as
 * the membership, so two acceptances at once make one membership and the other is refused. It
 * works before the inviter confirmed their address; the invitation mail held until then is
 * dropped.
 *
 * The link and the password are the first factor only, as at sign-in (logIn): an account with
 * two-factor sign-in on, or a team account of a company that requires it and has none yet, is
 * answered a second-factor challenge (`enrolmentRequired` for the latter) instead of a session,
 * and gets its session from logInSecondFactor or confirmTwoFactorEnrolment.
 */
export async function acceptInvitation(
  deps: TDeps,
  token: string,
  input: unknown,
  client: TClient,
): Promise<TSessionOrChallenge & { userId: number; companyId: number }> {
  const data = parseInput(ZAccept, input);
  const invitation = await findUsableInvitation(deps, token);
  const { email, companyId, role } = invitation;
  // The address's account in this company (an end user joins the team), if any. Whether the
  // address is on other companies' teams plays no part: one address may be on several teams,
  // each account with its own password, and the answer never tells (issue 33: the inviter holds
  // the link, and a refusal told them the address was on another team).
  const existing = await deps.prisma.user.findUnique({
    where: { companyId_loginEmail: { companyId, loginEmail: email } },
  });
  if (existing) {
    // The existing account's password is checked: a sign-in in all but name, counted in the
    // same allowance per address as every sign-in (an invitation link was a guessing oracle
    // without it: outsider finding).
    const stored = existing.passwordHash;
    const isRight = await deps.passwordChecks.gate(client.ip, async () => {
      const attempt = await guardSignIn(deps.rateLimiter, client.ip, email.toLowerCase());
      const matches = stored !== null && (await deps.passwordChecks.verify(data.password, stored));
      if (matches) await attempt.succeeded();
      else await attempt.failed();
      return matches;
    });
    if (!isRight) {
      throw errors.validation([{ field: 'password', message: 'The password is not right.' }]);
    }
  }
  const passwordHash = existing ? null : await hashPassword(data.password);
  const accepted = await deps.prisma.$transaction(async (tx) => {
    const claimed = await tx.invitation.updateMany({
      where: {
        id: invitation.id,
        // A new link made meanwhile voids this one.
        tokenHash: invitation.tokenHash,
        acceptedAt: null,
        revokedAt: null,
        expiresAt: { gt: new Date() },
      },
      data: { acceptedAt: new Date() },
    });
    if (claimed.count === 0) throw invalidLink();
    // The mail still waiting for the inviter's confirmation has nothing left to say.
    await dropHeldInvitationMail(tx, invitation.id);
    const user = existing
      ? await tx.user.update({
          where: { id: existing.id },
          // Someone on the team already keeps the higher role they have; an end user joining
          // the team sheds a block (team members are never blocked).
          data: isTeamRole(existing.role) ? {} : { role, blockedAt: null },
        })
      : await tx.user.create({
          data: {
            companyId,
            kind: 'REGULAR',
            role,
            loginEmail: email,
            email,
            emailConfirmedAt: invitation.isMailedLink ? new Date() : null,
            displayName: data.displayName ?? email.split('@')[0] ?? email,
            passwordHash,
            ...(data.language ? { language: data.language } : {}),
          },
        });
    await tx.invitation.update({ where: { id: invitation.id }, data: { acceptedById: user.id } });
    await recordAudit(
      deps,
      {
        action: 'INVITATION_ACCEPTED',
        companyId,
        actor: { userId: user.id, address: client.address ?? client.ip },
        target: { type: 'Invitation', id: invitation.id },
        details: { email, role: user.role },
      },
      tx,
    );
    if (user.twoFactorEnabledAt || (isTeamRole(user.role) && invitation.company.requireTwoFactor)) {
      const mustEnrol = !user.twoFactorEnabledAt;
      const secondFactor = await openLoginChallenge(deps, user.id, mustEnrol, tx);
      return { secondFactor, userId: user.id, companyId };
    }
    const session = await createSession(tx, user.id, deps.config.sessionTtlDays, client);
    return { token: session, userId: user.id, companyId };
  });
  if (!existing && !invitation.isMailedLink) await sendEmailConfirmation(deps, accepted.userId);
  return accepted;
}
