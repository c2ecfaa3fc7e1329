import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { guardSignIn } from '../../rate-limit.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZPassword, parseInput, requiredText, unstorableText } from '../../validation.ts';
import { recordAuditAfter } from '../audit/record-audit.ts';
import { openLoginChallenge } from '../two-factor/login-challenge.ts';
import type { TSecondFactorChallenge } from '../two-factor/login-challenge.ts';
import type { User } from '../../generated/prisma/client.ts';
import { createSession } from './create-session.ts';
import { TEAM_ROLES, isTeamRole } from '../../viewer.ts';

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
 * Where a sign-in happens. The console (no board) signs team accounts in, with everything their
 * role allows. A widget or portal (its board hash) signs in an account of the board's company,
 * team member or end user, with an END_USER-scoped session: its token lives in a customer's
 * page, where any script of that page can read it.
 */
export type TSignInPlace = { boardHash: string } | undefined;

/** The widget and portal sign people in by the company's own sign-in only (SSO_ONLY). */
export const ssoOnlyRefusal = (companyName: string) =>
  new AppError(
    'FORBIDDEN',
    `${companyName} signs people in with its own sign-in only: sign in on ${companyName}'s site to take part here.`,
  );

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'The email or password is not correct.');

/**
 * The company of a widget or portal sign-in (or password reset), by its board's hash, private
 * boards included (their visitors sign in). Not found for an unknown hash; FORBIDDEN when the
 * company signs people in by its own SSO only.
 */
export async function signInCompany(deps: TDeps, boardHash: string) {
  const board = unstorableText(boardHash)
    ? null
    : await deps.prisma.board.findUnique({
        where: { widgetHash: boardHash },
        select: { companyId: true, company: { select: { name: true, signupPolicy: true } } },
      });
  if (!board) throw errors.notFound('Board');
  if (board.company.signupPolicy === 'SSO_ONLY') throw ssoOnlyRefusal(board.company.name);
  return { id: board.companyId, name: board.company.name };
}

/**
 * Checks email and password; answers a new session token or a second-factor challenge. On the
 * console (`place` undefined) only team accounts sign in; through a widget or portal, accounts
 * of the board's company, with an END_USER-scoped session. Failed attempts are limited per
 * source and per account and source; successes never count; many failures on one account from
 * everywhere slow each source that fails to one try a window, without refusing a source that
 * has not failed (guardSignIn).
 */
export async function logIn(
  deps: TDeps,
  input: unknown,
  client: TClient,
  place?: TSignInPlace,
): Promise<TLogInResult> {
  const result = await signIn(deps, input, client, place);
  return 'token' in result ? { token: result.token } : result;
}

/**
 * A widget's or portal's sign-in (logIn through the board `boardHash`): answers the
 * END_USER-scoped session token and the user.
 */
export async function logInThroughBoard(
  deps: TDeps,
  boardHash: string,
  input: unknown,
  client: TClient,
): Promise<{ token: string; user: User }> {
  const result = await signIn(deps, input, client, { boardHash });
  // Accounts with a second factor are refused there before any challenge opens.
  if (!('token' in result)) throw new AppError('FORBIDDEN', 'Sign in to the console.');
  const user = await deps.prisma.user.findUniqueOrThrow({ where: { id: result.userId } });
  return { token: result.token, user };
}

async function signIn(
  deps: TDeps,
  input: unknown,
  client: TClient,
  place: TSignInPlace,
): Promise<{ token: string; userId: number } | { secondFactor: TSecondFactorChallenge }> {
  const { email, password } = parseInput(ZCredentials, input);
  const loginEmail = email.toLowerCase();
  const companyId = place ? (await signInCompany(deps, place.boardHash)).id : undefined;
  const attempt = await guardSignIn(deps.rateLimiter, client.ip, `${companyId ?? 'team'} ${email}`);
  const select = {
    id: true,
    companyId: true,
    passwordHash: true,
    role: true,
    twoFactorEnabledAt: true,
    company: { select: { requireTwoFactor: true } },
  } as const;
  const user =
    companyId === undefined
      ? await deps.prisma.user.findFirst({
          where: { loginEmail, role: { in: [...TEAM_ROLES] } },
          select,
        })
      : await deps.prisma.user.findUnique({
          where: { companyId_loginEmail: { companyId, loginEmail } },
          select,
        });
  decoyHash ??= hashPassword('decoy-password');
  const isValid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  const address = client.address ?? client.ip;
  // Sign-ins have no transaction to share: the entry is written after, and a failed insert is
  // logged rather than locking people out (recordAuditAfter). A refused attempt with an email
  // no user has belongs to no company; the email tried is kept so owners can see guessing.
  if (!user?.passwordHash || !isValid) {
    await attempt.failed();
    await recordAuditAfter(deps, {
      action: 'SIGN_IN_FAILED',
      companyId: user?.companyId ?? companyId ?? null,
      // Whoever typed it is not known to be the user: the user is the target, not the actor.
      actor: { label: email.slice(0, 100), address },
      ...(user ? { target: { type: 'User', id: user.id } } : {}),
      details: { email: email.slice(0, 100) },
    });
    throw invalidCredentials();
  }
  await attempt.succeeded();
  const isEndUserScope = place !== undefined;
  // A team member's account keeps its second factor in the widget too; the challenge's session
  // would be a full one, so the widget sends them to the console instead.
  if (
    isEndUserScope &&
    (user.twoFactorEnabledAt || (isTeamRole(user.role) && user.company.requireTwoFactor))
  ) {
    throw new AppError(
      'FORBIDDEN',
      'This account signs in with a second factor: sign in to the console, or with another account here.',
    );
  }
  // The password was right; the sign-in succeeds only with the second factor (recorded there).
  if (user.twoFactorEnabledAt) {
    return { secondFactor: await openLoginChallenge(deps, user.id, false) };
  }
  if (isTeamRole(user.role) && user.company.requireTwoFactor) {
    return { secondFactor: await openLoginChallenge(deps, user.id, true) };
  }
  const token = await createSession(deps.prisma, user.id, deps.config.sessionTtlDays, client, {
    scope: isEndUserScope ? 'END_USER' : 'FULL',
  });
  await recordAuditAfter(deps, {
    action: 'SIGN_IN_SUCCEEDED',
    companyId: user.companyId,
    actor: { userId: user.id, address },
    target: { type: 'User', id: user.id },
  });
  return { token, userId: user.id };
}
