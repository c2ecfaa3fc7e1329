import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { guardSignIn } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';
import {
  ZPassword,
  optionalText,
  parseInput,
  requiredText,
  unstorableText,
} from '../../validation.ts';
import { recordAuditAfter } from '../audit/record-audit.ts';
import { openLoginChallenge } from '../two-factor/login-challenge.ts';
import type { TSecondFactorChallenge } from '../two-factor/login-challenge.ts';
import type { User } from '../../generated/prisma/client.ts';
import { createSession } from './create-session.ts';
import { TEAM_ROLES, isTeamRole } from '../../viewer.ts';
import { portalBase } from '../../portal/portal-paths.ts';

// The spec checks only lengths at sign-in; the address format is checked at signup.
// `companySlug` picks one company's account of the address on the console (one address may be
// on the team of several companies); widgets and portals name their company by the board.
export const ZCredentials = z.object({
  email: requiredText(6, 50),
  password: ZPassword,
  companySlug: optionalText(1, 100).meta({
    description:
      "The console only: sign in to this company's account of the address (a slug from `companies` of an earlier answer, or the company's own). Absent: every team account of the address is tried.",
  }),
});

/**
 * A console sign-in without `companySlug` checks exactly this many password hashes, whatever
 * the address: the oldest this many team accounts of the address, decoys making up the
 * difference. So an unknown address, an address on one team and an address on twenty take the
 * same time (each check costs ~130 ms of one core, auth/password.ts): nobody can time how many
 * teams an address is on (an inviter who planted an account for it by opening its link, or a
 * stranger). An address on more teams signs in to the newer ones with `companySlug` (the
 * console's `/login?company=…`, which its invitation and remembered companies use).
 */
export const SIGN_IN_HASHES_FLOOR = 2;

/** The most team accounts of one address a console sign-in without `companySlug` tries. */
export const MAX_TEAM_ACCOUNTS_TRIED = SIGN_IN_HASHES_FLOOR;

/** A company whose account of the address the password opens (the console's picker). */
export type TCompanyChoice = { name: string; slug: string };

// Compared against when the email is unknown, so both answers take the same time.
let decoyHash: Promise<string> | undefined;

/**
 * What a sign-in answers: a session token (the spec's `{token}`, unchanged for accounts without
 * two-factor sign-in), or, when a second factor is due, a short-lived challenge for
 * `logInSecondFactor` (or for enrolment first, when the company requires it of its team).
 */
export type TSessionOrChallenge = { token: string } | { secondFactor: TSecondFactorChallenge };

/**
 * What a console sign-in answers: as TSessionOrChallenge, or, when the password opens team
 * accounts of several companies and no `companySlug` was given, those companies (only those
 * whose account the password opened), to sign in again with one of them. Nothing else is
 * started then: no session, no challenge.
 */
export type TLogInResult = TSessionOrChallenge | { companies: TCompanyChoice[] };

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
        select: {
          companyId: true,
          slug: true,
          isPublic: true,
          company: { select: { name: true, slug: true, signupPolicy: true } },
        },
      });
  if (!board) throw errors.notFound('Board');
  if (board.company.signupPolicy === 'SSO_ONLY') throw ssoOnlyRefusal(board.company.name);
  return {
    id: board.companyId,
    name: board.company.name,
    // The board's page in the company's portal on the app's address (public boards only).
    boardPath: board.isPublic ? `${portalBase(board.company.slug)}/${board.slug}` : null,
  };
}

/**
 * Checks email and password; answers a new session token or a second-factor challenge. On the
 * console (`place` undefined) only team accounts sign in; through a widget or portal, accounts
 * of the board's company, with an END_USER-scoped session. Failed attempts are limited per
 * source and per address and source; successes never count; many failures on one address from
 * everywhere slow each source that fails to one try a window, without refusing a source that
 * has not failed (guardSignIn). The address's allowance is one for the console and every widget
 * and portal together.
 *
 * One address may be on the team of several companies, each account with its own password. On
 * the console the password is tried on the oldest two (MAX_TEAM_ACCOUNTS_TRIED, always exactly
 * SIGN_IN_HASHES_FLOOR hash checks): one match signs in as always; several answer the companies
 * whose account it opened (`companies`), and the console signs in again with the chosen
 * `companySlug`, which tries that company's account only. A slug with no account of the address
 * answers INVALID_CREDENTIALS like a wrong password.
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
  // Accounts with a second factor are refused there before any challenge opens (and a board's
  // sign-in tries one account: no choice of company is ever answered there).
  if (!('token' in result)) throw new AppError('FORBIDDEN', 'Sign in to the console.');
  const user = await deps.prisma.user.findUniqueOrThrow({ where: { id: result.userId } });
  return { token: result.token, user };
}

/** A sign-in's outcome: a session, a second factor to ask for, or the companies to pick from. */
type TSignInOutcome =
  | { token: string; userId: number }
  | { secondFactor: TSecondFactorChallenge }
  | { companies: TCompanyChoice[] };

async function signIn(
  deps: TDeps,
  input: unknown,
  client: TClient,
  place: TSignInPlace,
): Promise<TSignInOutcome> {
  const credentials = parseInput(ZCredentials, input);
  // At most a few sign-ins of one address in flight: the rest are refused at once (429), not
  // queued behind each other's hash checks and everyone else's (auth/password-checks.ts).
  return deps.passwordChecks.gate(client.ip, () => signInChecked(deps, credentials, client, place));
}

async function signInChecked(
  deps: TDeps,
  { email, password, companySlug }: z.infer<typeof ZCredentials>,
  client: TClient,
  place: TSignInPlace,
): Promise<TSignInOutcome> {
  const loginEmail = email.toLowerCase();
  const companyId = place ? (await signInCompany(deps, place.boardHash)).id : undefined;
  // One allowance per address, wherever it is tried: the console and every widget or portal
  // count their failures together, so an address that is a team account and an end user (or an
  // end user or team member of several companies) gives a guesser no more tries than one
  // account would.
  const attempt = await guardSignIn(deps.rateLimiter, client.ip, loginEmail);
  const select = {
    id: true,
    companyId: true,
    passwordHash: true,
    role: true,
    twoFactorEnabledAt: true,
    company: { select: { requireTwoFactor: true, name: true, slug: true } },
  } as const;
  // The accounts the password is tried on: the board's company's (widget, portal), the named
  // company's team account, or (the console without a company) every team account of the
  // address, each with its own password.
  const candidates =
    companyId !== undefined
      ? await deps.prisma.user.findMany({
          where: { companyId, loginEmail },
          select,
        })
      : await deps.prisma.user.findMany({
          where: {
            loginEmail,
            role: { in: [...TEAM_ROLES] },
            ...(companySlug === undefined ? {} : { company: { slug: companySlug } }),
          },
          orderBy: { id: 'asc' },
          take: MAX_TEAM_ACCOUNTS_TRIED,
          select,
        });
  decoyHash ??= hashPassword('decoy-password');
  const hashesFloor =
    companyId === undefined && companySlug === undefined ? SIGN_IN_HASHES_FLOOR : 1;
  const matched: typeof candidates = [];
  for (const candidate of candidates) {
    // An account without a password is checked against the decoy: the same work, never a match.
    const isValid = await deps.passwordChecks.verify(
      password,
      candidate.passwordHash ?? (await decoyHash),
    );
    if (candidate.passwordHash && isValid) matched.push(candidate);
  }
  for (let checked = candidates.length; checked < hashesFloor; checked += 1) {
    await deps.passwordChecks.verify(password, await decoyHash);
  }
  const address = client.address ?? client.ip;
  // Sign-ins have no transaction to share: the entry is written after, and a failed insert is
  // logged rather than locking people out (recordAuditAfter). A refused attempt with an email
  // no user has belongs to no company; the email tried is kept so owners can see guessing. A
  // refused attempt on several companies' accounts belongs to none of them either: which
  // company the person meant is not known, and an entry in each would show every company (an
  // inviter who planted an account for the address among them) when and from where the person
  // signs in to the others.
  if (matched.length === 0) {
    await attempt.failed();
    const [user, ...others] = candidates;
    const target = others.length ? undefined : user;
    await recordAuditAfter(deps, {
      action: 'SIGN_IN_FAILED',
      companyId: target?.companyId ?? companyId ?? null,
      // Whoever typed it is not known to be the user: the user is the target, not the actor.
      actor: { label: email.slice(0, 100), address },
      ...(target ? { target: { type: 'User', id: target.id } } : {}),
      details: { email: email.slice(0, 100) },
    });
    throw invalidCredentials();
  }
  await attempt.succeeded();
  const [user, ...others] = matched;
  if (!user) throw invalidCredentials();
  if (others.length) {
    // The password opens several companies' accounts: the person picks one and signs in again
    // with its slug. Only the companies the password opened are named.
    return {
      companies: matched
        .map(({ company }) => ({ name: company.name, slug: company.slug }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug)),
    };
  }
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
