import { z } from 'zod';
import { checkOwnPassword } from '../../auth/password-checks.ts';
import { seal, unseal } from '../../auth/seal.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { createSession } from '../account/create-session.ts';
import {
  RECOVERY_CODE_COUNT,
  checkTotp,
  hashRecoveryCode,
  newRecoveryCode,
  normalizeCode,
} from './codes.ts';
import { enrollingUser } from './enrolling-user.ts';
import { closeChallenge } from './login-challenge.ts';
import { wrongCode } from './verify-second-factor.ts';

const ZConfirm = z.object({
  code: requiredText(6, 10),
  password: z.string().max(50).nullish(),
  challenge: z.string().max(200).nullish(),
});

export const wrongPassword = () =>
  new AppError('INVALID_CREDENTIALS', 'The password is not correct.', [
    { field: 'password', message: 'The password is not correct.' },
  ]);

/**
 * Turns two-factor sign-in on: the first code of the waiting secret proves the app has it, and
 * the password (or, for a required enrolment at sign-in, the challenge of the password step)
 * proves the person. Answers ten one-use recovery codes, shown this once and stored hashed, and
 * a session token when it finished a sign-in.
 */
export async function confirmTwoFactorEnrolment(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client: TClient,
): Promise<{ recoveryCodes: string[]; token: string | null }> {
  const { code, password, challenge } = parseInput(ZConfirm, input);
  const { userId, challengeId } = await enrollingUser(deps, viewer, challenge);
  await deps.rateLimiter.consume('secondFactor', { ip: client.ip, account: `user:${userId}` });
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      companyId: true,
      passwordHash: true,
      totpPendingSecret: true,
      twoFactorEnabledAt: true,
    },
  });
  if (challengeId === null) {
    if (!password) {
      throw new AppError('VALIDATION', 'Type your password.', [
        { field: 'password', message: 'This field is required.' },
      ]);
    }
    if (
      !user.passwordHash ||
      !(await checkOwnPassword(deps.passwordChecks, client.ip, password, user.passwordHash))
    ) {
      throw wrongPassword();
    }
  }
  if (user.twoFactorEnabledAt) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is on already.');
  }
  if (!user.totpPendingSecret) {
    throw new AppError('CONFLICT', 'Start setting up two-factor sign-in first.');
  }
  const secret = unseal(user.totpPendingSecret, deps.config.twoFactorKey);
  const step = await checkTotp(secret, normalizeCode(code), null);
  if (step === null) throw wrongCode();

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const token = await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, twoFactorEnabledAt: null, totpPendingSecret: user.totpPendingSecret },
      data: {
        totpSecret: seal(secret, deps.config.twoFactorKey),
        totpPendingSecret: null,
        twoFactorEnabledAt: new Date(),
        totpLastStep: step,
      },
    });
    if (count !== 1) throw new AppError('CONFLICT', 'Two-factor sign-in is on already.');
    await recordAudit(
      deps,
      {
        action: 'TWO_FACTOR_ENABLED',
        companyId: user.companyId,
        actor: { userId, address: client.address ?? client.ip },
        target: { type: 'User', id: userId },
      },
      tx,
    );
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(userId, c) })),
    });
    if (challengeId === null) return null;
    await closeChallenge(tx, challengeId);
    return createSession(tx, userId, deps.config.sessionTtlDays, client);
  });
  return { recoveryCodes, token };
}
