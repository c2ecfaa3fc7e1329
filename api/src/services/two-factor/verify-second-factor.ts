import { unseal } from '../../auth/seal.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { checkTotp, hashRecoveryCode, normalizeCode } from './codes.ts';

export const wrongCode = () =>
  new AppError('INVALID_CREDENTIALS', 'The code is not correct.', [
    {
      field: 'code',
      message:
        'The code is not correct. Type the current code from your authenticator app, or one of your recovery codes.',
    },
  ]);

/**
 * Checks a second factor of a user with two-factor sign-in on: a current TOTP code, refused
 * when a code of the same or a later time step was accepted before (no replay), or an unused
 * recovery code, used up by this call. Attempts count against the `secondFactor` rate limit
 * (`isCounted: false` when the caller counted this attempt already).
 */
export async function verifySecondFactor(
  deps: TDeps,
  userId: number,
  code: string,
  client: TClient,
  options: { isCounted?: boolean } = {},
): Promise<'totp' | 'recovery'> {
  if (options.isCounted ?? true) {
    await deps.rateLimiter.consume('secondFactor', { ip: client.ip, account: `user:${userId}` });
  }
  const typed = normalizeCode(code);
  if (/^\d{6}$/.test(typed)) {
    const user = await deps.prisma.user.findUnique({
      where: { id: userId },
      select: { totpSecret: true, totpLastStep: true, twoFactorEnabledAt: true },
    });
    if (!user?.totpSecret || !user.twoFactorEnabledAt) throw wrongCode();
    const secret = unseal(user.totpSecret, deps.config.twoFactorKey);
    const step = await checkTotp(secret, typed, user.totpLastStep);
    if (step === null) throw wrongCode();
    // Only one of two racing sign-ins with the same code wins the step.
    const { count } = await deps.prisma.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    if (count !== 1) throw wrongCode();
    return 'totp';
  }
  const { count } = await deps.prisma.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(userId, typed), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count !== 1) throw wrongCode();
  return 'recovery';
}
