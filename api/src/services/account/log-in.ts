import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZPassword, parseInput, requiredText } from '../../validation.ts';
import { createSession } from './create-session.ts';

// The spec checks only lengths at sign-in; the address format is checked at signup.
export const ZCredentials = z.object({ email: requiredText(6, 50), password: ZPassword });

// Compared against when the email is unknown, so both answers take the same time.
let decoyHash: Promise<string> | undefined;

/**
 * Checks email and password; answers a new session token. Attempts are limited per address,
 * per address and email together, and per email from all addresses (RateLimitError).
 */
export async function logIn(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ token: string }> {
  const { email, password } = parseInput(ZCredentials, input);
  await deps.rateLimiter.consume('login', { ip: client.ip, account: `${client.ip} ${email}` });
  await deps.rateLimiter.consume('loginEmail', { account: email });
  const user = await deps.prisma.user.findUnique({
    where: { loginEmail: email.toLowerCase() },
    select: { id: true, passwordHash: true },
  });
  decoyHash ??= hashPassword('decoy-password');
  const isValid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user?.passwordHash || !isValid) {
    throw new AppError('INVALID_CREDENTIALS', 'The email or password is not correct.');
  }
  return { token: await createSession(deps.prisma, user.id, deps.config.sessionTtlDays) };
}
