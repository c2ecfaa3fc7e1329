import { z } from 'zod';
import { checkOwnPassword } from '../../auth/password-checks.ts';
import { unseal } from '../../auth/seal.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZPassword, parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { recordAudit } from '../audit/record-audit.ts';
import {
  RECOVERY_CODE_COUNT,
  checkTotp,
  hashRecoveryCode,
  newRecoveryCode,
  normalizeCode,
} from './codes.ts';
import { wrongPassword } from './confirm-two-factor-enrolment.ts';
import { enrollingUser } from './enrolling-user.ts';
import { wrongCode } from './verify-second-factor.ts';

const ZReplace = z.object({ password: ZPassword, code: requiredText(6, 10) });

/**
 * Replaces the recovery codes with ten new ones (the old ones stop working), for the signed-in
 * user with two-factor sign-in on: the password and a current code from the app prove it is
 * them and that they still have the app. Answers the new codes, shown this once.
 */
export async function replaceRecoveryCodes(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client: TClient,
): Promise<string[]> {
  const { password, code } = parseInput(ZReplace, input);
  const { userId } = await enrollingUser(deps, viewer, null);
  await deps.rateLimiter.consume('secondFactor', { ip: client.ip, account: `user:${userId}` });
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      companyId: true,
      passwordHash: true,
      totpSecret: true,
      totpLastStep: true,
      twoFactorEnabledAt: true,
    },
  });
  if (
    !user.passwordHash ||
    !(await checkOwnPassword(deps.passwordChecks, client.ip, password, user.passwordHash))
  ) {
    throw wrongPassword();
  }
  if (!user.totpSecret || !user.twoFactorEnabledAt) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is off: there are no recovery codes.');
  }
  const secret = unseal(user.totpSecret, deps.config.twoFactorKey);
  const step = await checkTotp(secret, normalizeCode(code), user.totpLastStep);
  if (step === null) throw wrongCode();

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.prisma.$transaction(async (tx) => {
    // The code's step is used up here, as at sign-in: the same code cannot be played twice.
    const { count } = await tx.user.updateMany({
      where: { id: userId, totpLastStep: user.totpLastStep, twoFactorEnabledAt: { not: null } },
      data: { totpLastStep: step },
    });
    if (count !== 1) throw wrongCode();
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(userId, c) })),
    });
    await recordAudit(
      deps,
      {
        action: 'TWO_FACTOR_RECOVERY_CODES_REPLACED',
        companyId: user.companyId,
        actor: { userId, address: client.address ?? client.ip },
        target: { type: 'User', id: userId },
      },
      tx,
    );
  });
  return recoveryCodes;
}
