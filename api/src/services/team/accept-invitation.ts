import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Role } from '../../generated/prisma/client.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZPassword, optionalText, parseInput } from '../../validation.ts';
import { isTeamRole } from '../../viewer.ts';
import { createSession } from '../account/create-session.ts';
import type { TLogInResult } from '../account/log-in.ts';
import { openLoginChallenge } from '../two-factor/login-challenge.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { dropHeldInvitationMail } from '../mail/release-held-mail.ts';

/** What the accept page shows before the person answers. */
export type TInvitationPreview = {
  email: string;
  role: Role;
  companyName: string;
  /** An account signs in with this address already: accepting asks for its password. */
  hasAccount: boolean;
};

const ZAccept = z.object({ password: ZPassword, displayName: optionalText(1, 50) });

function invalidLink(): AppError {
  return new AppError(
    'INVALID_TOKEN',
    'This invitation link is not valid: it was used, revoked or has expired. Ask for a new one.',
  );
}

async function findUsableInvitation(deps: TDeps, token: string) {
  const invitation = await deps.prisma.invitation.findUnique({
    where: { tokenHash: hashToken(String(token)) },
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
  return invitation;
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
 * Accepts an invitation with its link: creates the account (email confirmed by the link, the
 * given password and name) or, when one signs in with the invited address, attaches it after
 * checking its password (an end user of the company joins the team; a team member of another
 * company is refused, since a team account belongs to one company; being an end user of other
 * companies' boards is no obstacle). Answers a session token.
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
): Promise<TLogInResult & { userId: number; companyId: number }> {
  const data = parseInput(ZAccept, input);
  const invitation = await findUsableInvitation(deps, token);
  const { email, companyId, role } = invitation;
  // The address's account in this company (an end user joins the team), if any; a team account
  // elsewhere keeps the address (team addresses are unique across companies).
  const [existing, teamElsewhere] = await Promise.all([
    deps.prisma.user.findUnique({
      where: { companyId_loginEmail: { companyId, loginEmail: email } },
    }),
    deps.prisma.user.count({
      where: { loginEmail: email, companyId: { not: companyId }, role: { not: 'END_USER' } },
    }),
  ]);
  if (teamElsewhere > 0) {
    throw new AppError(
      'CONFLICT',
      'This address signs in to another company on Feedboard: ask to be invited with another address.',
    );
  }
  if (
    existing &&
    !(existing.passwordHash && (await verifyPassword(data.password, existing.passwordHash)))
  ) {
    throw errors.validation([{ field: 'password', message: 'The password is not right.' }]);
  }
  const passwordHash = existing ? null : await hashPassword(data.password);
  return deps.prisma.$transaction(async (tx) => {
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
            emailConfirmedAt: new Date(),
            displayName: data.displayName ?? email.split('@')[0] ?? email,
            passwordHash,
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
}
