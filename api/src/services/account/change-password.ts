import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { checkOwnPassword } from '../../auth/password-checks.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { ZPassword, messages, parseInput, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

export const ZPasswordChange = z.object({
  currentPassword: z
    .string({ error: requiredOr('It has to be text.') })
    .min(1, { error: messages.required }),
  newPassword: ZPassword,
});

export const WRONG_CURRENT_PASSWORD = 'This is not your current password.';
export const SAME_PASSWORD = 'The new password has to be different from the current one.';

/**
 * Changes the caller's password (6 to 50 characters, as at sign-up) when they give their
 * current one, then signs out every other session of theirs (ending their live streams), voids unused reset links and
 * second-step challenges, and writes PASSWORD_CHANGED to the audit log, all in one
 * transaction. The session that made the change stays signed in. Attempts have a limit of their
 * own per account, as strict as sign-in's (`login`), so a stolen session cannot guess the
 * current password quickly. Two changes
 * at once from the same current password: the first wins, the second is told to try again.
 * Only a person signed in with a password may: API keys and SSO users are refused.
 */
export async function changePassword(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ signedOutSessions: number }> {
  const caller = requireAccountConsole(viewer);
  if (caller.apiKeyId) {
    throw new AppError('BAD_REQUEST', 'An API key cannot change a password: sign in to do it.');
  }
  const { currentPassword, newPassword } = parseInput(ZPasswordChange, input);
  const user = await deps.prisma.user.findUnique({ where: { id: caller.userId } });
  if (!user) throw errors.unauthenticated();
  if (!user.passwordHash) {
    throw new AppError(
      'CONFLICT',
      'You sign in through the site you use this board on: your account has no password here.',
    );
  }
  await deps.rateLimiter.consume('login', { account: `password-change ${user.id}` });
  // No address at hand here: one account's checks in flight are capped instead.
  if (
    !(await checkOwnPassword(
      deps.passwordChecks,
      `user:${user.id}`,
      currentPassword,
      user.passwordHash,
    ))
  ) {
    throw errors.validation([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
  }
  if (newPassword === currentPassword) {
    throw errors.validation([{ field: 'newPassword', message: SAME_PASSWORD }]);
  }
  const passwordHash = await hashPassword(newPassword);
  const changed = await deps.prisma.$transaction(async (tx) => {
    // Only over the hash that was checked: a change made meanwhile wins.
    const { count } = await tx.user.updateMany({
      where: { id: user.id, passwordHash: user.passwordHash },
      data: { passwordHash },
    });
    if (count === 0) {
      throw new AppError(
        'CONFLICT',
        'Your password was changed a moment ago: reload the page and try again.',
      );
    }
    const now = new Date();
    const revoked = await tx.session.updateManyAndReturn({
      where: { userId: user.id, revokedAt: null, id: { not: caller.sessionId } },
      data: { revokedAt: now },
      select: { id: true },
    });
    const signedOutSessions = revoked.length;
    await tx.passwordRecovery.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { usedAt: now },
    });
    await tx.loginChallenge.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { usedAt: now },
    });
    await recordAudit(
      deps,
      {
        action: 'PASSWORD_CHANGED',
        companyId: user.companyId,
        actor: actorOf(caller),
        target: { type: 'User', id: user.id },
        details: { signedOutSessions },
      },
      tx,
    );
    return { signedOutSessions, sessionIds: revoked.map(({ id }) => id) };
  });
  // The other sessions' live streams end with them.
  deps.events.publishCredentialRevoked({ sessionIds: changed.sessionIds });
  return { signedOutSessions: changed.signedOutSessions };
}
