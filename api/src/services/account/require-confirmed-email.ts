import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';

/**
 * Refuses, with EMAIL_NOT_CONFIRMED, an action that mails from or in the name of a user whose
 * address is not confirmed yet (test mails, invoice requests; invitation mails are held until
 * the confirmation instead): an account signed up with someone else's address must not be able
 * to mail people. Answers the confirmed address.
 */
export async function requireConfirmedEmail(deps: TDeps, userId: number): Promise<string> {
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { email: true, emailConfirmedAt: true },
  });
  if (!user) throw errors.unauthenticated();
  if (!user.email) {
    throw new AppError('CONFLICT', 'Your account has no email address.');
  }
  if (!user.emailConfirmedAt) {
    throw new AppError(
      'EMAIL_NOT_CONFIRMED',
      `Confirm your email address first: open the link we mailed to ${user.email}, or send a new one from Profile settings.`,
    );
  }
  return user.email;
}
