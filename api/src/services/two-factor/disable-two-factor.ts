import { z } from 'zod';
import { checkOwnPassword } from '../../auth/password-checks.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZPassword, parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { wrongPassword } from './confirm-two-factor-enrolment.ts';
import { enrollingUser } from './enrolling-user.ts';
import { verifySecondFactor } from './verify-second-factor.ts';
import { isTeamRole } from '../../viewer.ts';

const ZDisable = z.object({ password: ZPassword, code: requiredText(6, 30) });

/**
 * Turns two-factor sign-in off with the password and the second factor itself: a current code
 * of the authenticator app or an unused recovery code (used up), so that a stolen session plus
 * a phished or reused password cannot strip the account's second factor. The recovery codes go
 * with it. An owner or admin whose company requires it cannot (the owner turns the requirement
 * off first).
 */
export async function disableTwoFactor(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client: TClient,
): Promise<void> {
  const { password, code } = parseInput(ZDisable, input);
  const { userId } = await enrollingUser(deps, viewer, null);
  await deps.rateLimiter.consume('secondFactor', { ip: client.ip, account: `user:${userId}` });
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      companyId: true,
      passwordHash: true,
      role: true,
      company: { select: { requireTwoFactor: true } },
    },
  });
  if (
    !user.passwordHash ||
    !(await checkOwnPassword(deps.passwordChecks, client.ip, password, user.passwordHash))
  ) {
    throw wrongPassword();
  }
  if (user.company.requireTwoFactor && isTeamRole(user.role)) {
    throw new AppError(
      'FORBIDDEN',
      'Your company requires two-factor sign-in for its team, so it cannot be turned off.',
    );
  }
  // The attempt was counted above (password and code are one attempt).
  await verifySecondFactor(deps, userId, code, client, { isCounted: false });
  await deps.prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: {
        totpSecret: null,
        totpPendingSecret: null,
        twoFactorEnabledAt: null,
        totpLastStep: null,
      },
    });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await recordAudit(
      deps,
      {
        action: 'TWO_FACTOR_DISABLED',
        companyId: user.companyId,
        actor: { userId, address: client.address ?? client.ip },
        target: { type: 'User', id: userId },
      },
      tx,
    );
  });
}
