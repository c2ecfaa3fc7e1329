import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZPassword, parseInput, requiredText } from '../../validation.ts';
import { recordAuditAfter } from '../audit/record-audit.ts';
import { openLoginChallenge } from '../two-factor/login-challenge.ts';
import type { TSecondFactorChallenge } from '../two-factor/login-challenge.ts';
import { createSession } from './create-session.ts';
import { isTeamRole } from '../../viewer.ts';

// The spec checks only lengths at sign-in; the address format is checked at signup.
export const ZCredentials = z.object({ email: requiredText(6, 50), password: ZPassword });

// Compared against when the email is unknown, so both answers take the same time.
let decoyHash: Promise<string> | undefined;

/**
 * What a sign-in answers: a session token (the spec's `{token}`, unchanged for accounts without
 * two-factor sign-in), or, when a second factor is due, a short-lived challenge for
 * `logInSecondFactor` (or for enrolment first, when the company requires it of its team).
 */
export type TLogInResult = { token: string } | { secondFactor: TSecondFactorChallenge };

/**
 * Checks email and password; answers a new session token or a second-factor challenge.
 * Attempts are limited per address, per address and email together, and per email from all
 * addresses (RateLimitError).
 */
export async function logIn(deps: TDeps, input: unknown, client: TClient): Promise<TLogInResult> {
  const { email, password } = parseInput(ZCredentials, input);
  await deps.rateLimiter.consume('login', { ip: client.ip, account: `${client.ip} ${email}` });
  await deps.rateLimiter.consume('loginEmail', { account: email });
  const user = await deps.prisma.user.findUnique({
    where: { loginEmail: email.toLowerCase() },
    select: {
      id: true,
      companyId: true,
      passwordHash: true,
      role: true,
      twoFactorEnabledAt: true,
      company: { select: { requireTwoFactor: true } },
    },
  });
  decoyHash ??= hashPassword('decoy-password');
  const isValid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  const address = client.address ?? client.ip;
  // Sign-ins have no transaction to share: the entry is written after, and a failed insert is
  // logged rather than locking people out (recordAuditAfter). A refused attempt with an email
  // no user has belongs to no company; the email tried is kept so owners can see guessing.
  if (!user?.passwordHash || !isValid) {
    await recordAuditAfter(deps, {
      action: 'SIGN_IN_FAILED',
      companyId: user?.companyId ?? null,
      // Whoever typed it is not known to be the user: the user is the target, not the actor.
      actor: { label: email.slice(0, 100), address },
      ...(user ? { target: { type: 'User', id: user.id } } : {}),
      details: { email: email.slice(0, 100) },
    });
    throw new AppError('INVALID_CREDENTIALS', 'The email or password is not correct.');
  }
  // The password was right; the sign-in succeeds only with the second factor (recorded there).
  if (user.twoFactorEnabledAt) {
    return { secondFactor: await openLoginChallenge(deps, user.id, false) };
  }
  if (isTeamRole(user.role) && user.company.requireTwoFactor) {
    return { secondFactor: await openLoginChallenge(deps, user.id, true) };
  }
  const token = await createSession(deps.prisma, user.id, deps.config.sessionTtlDays, client);
  await recordAuditAfter(deps, {
    action: 'SIGN_IN_SUCCEEDED',
    companyId: user.companyId,
    actor: { userId: user.id, address },
    target: { type: 'User', id: user.id },
  });
  return { token };
}
