import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { runAfterAnswer } from '../../background.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { Prisma, RecoveryPurpose } from '../../generated/prisma/client.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZPassword, parseInput, requiredText } from '../../validation.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { releaseHeldMail } from '../mail/release-held-mail.ts';
import { signInCompany } from './log-in.ts';
import type { TSignInPlace } from './log-in.ts';

/** How long a recovery token (mailed or answered) stays good. */
export const RECOVERY_TTL_MS = 60 * 60 * 1000;

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 'This password reset link is invalid or has expired.', [
    { field: 'token', message: 'This password reset link is invalid or has expired.' },
  ]);

/**
 * Takes the user's row lock for the rest of the transaction: issuing and using that user's
 * recovery tokens then happen one at a time, so "a newer link voids the older ones" and "using
 * one voids the others" hold when two links are used at once.
 */
async function lockUser(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId}::int FOR UPDATE`;
}

/**
 * Stores a new token. A new mailed link supersedes the user's unused ones (only the latest link
 * works); a new-password token is issued once a link was used, which voided the others already.
 */
async function issueToken(
  tx: Prisma.TransactionClient,
  userId: number,
  purpose: RecoveryPurpose,
): Promise<string> {
  const token = newToken();
  if (purpose === 'LINK') {
    await lockUser(tx, userId);
    await tx.passwordRecovery.updateMany({
      where: { userId, usedAt: null },
      data: { usedAt: new Date() },
    });
  }
  await tx.passwordRecovery.create({
    data: {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RECOVERY_TTL_MS),
    },
  });
  return token;
}

/**
 * Uses up a token and voids every other unused token of its user (an older link, a
 * new-password token of an earlier use), under the user's row lock: one conditional update, so
 * two concurrent uses of one token, or of two links of one user, cannot both succeed. The token
 * names its account; an email, when a caller still sends one (links mailed before issue 34 carry
 * it), must be that account's. Answers the user id and login address, or throws INVALID_TOKEN.
 */
async function consumeToken(
  tx: Prisma.TransactionClient,
  email: string | undefined,
  token: string,
  purpose: RecoveryPurpose,
): Promise<{ userId: number; loginEmail: string }> {
  const row = await tx.passwordRecovery.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, user: { select: { loginEmail: true } } },
  });
  if (!row?.user.loginEmail) throw invalidToken();
  if (email !== undefined && row.user.loginEmail !== email.toLowerCase()) throw invalidToken();
  await lockUser(tx, row.userId);
  const now = new Date();
  const used = await tx.passwordRecovery.updateMany({
    where: { id: row.id, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) throw invalidToken();
  await tx.passwordRecovery.updateMany({
    where: { userId: row.userId, usedAt: null, id: { not: row.id } },
    data: { usedAt: now },
  });
  return { userId: row.userId, loginEmail: row.user.loginEmail };
}

export const ZSendLink = z.object({ email: requiredText(6, 50) });

/** What every reset request answers, whether or not the address has an account. */
export const RESET_LINK_ANSWER =
  'If an account uses this email, a link to choose a new password is on its way.';

/** How far back a sign-in makes its source one of the address's own (mayMail). */
export const KNOWN_SOURCE_DAYS = 90;

/**
 * Counts a reset request against the address's limits and answers whether a mail may go:
 * `recoveryRequest` per address and source together (a stranger's requests use up only their
 * own source's allowance, never the owner's), then `recoveryMail`, a day's cap per address, so
 * nobody floods an inbox from many sources. A source an account of the address signed in from
 * (in the last KNOWN_SOURCE_DAYS) has a day's cap of its own beside the shared one: strangers
 * elsewhere who used up the shared cap cannot keep the owner from resetting at home or at work
 * (issue 33). Past a limit it answers false and nothing else changes: the caller answers as
 * always, so the limits tell nothing about the address.
 */
async function mayMail(deps: TDeps, client: TClient, loginEmail: string): Promise<boolean> {
  try {
    await deps.rateLimiter.consume('recoveryRequest', { account: `${client.ip} ${loginEmail}` });
    const isKnownSource = await hasSignedInFrom(deps, loginEmail, client.ip);
    await deps.rateLimiter.consume('recoveryMail', {
      account: isKnownSource ? `known ${client.ip} ${loginEmail}` : loginEmail,
    });
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) return false;
    throw error;
  }
}

/** Whether an account of the address signed in from `ip` lately (any company: mayMail). */
async function hasSignedInFrom(deps: TDeps, loginEmail: string, ip: string): Promise<boolean> {
  if (!ip) return false;
  const since = new Date(Date.now() - KNOWN_SOURCE_DAYS * 24 * 60 * 60 * 1000);
  const session = await deps.prisma.session.findFirst({
    where: { ipAddress: ip, createdAt: { gte: since }, user: { loginEmail } },
    select: { id: true },
  });
  return session !== null;
}

/**
 * Mails a reset link when the email belongs to an account. The answer is the same either way,
 * so nobody learns which emails have accounts. The console's reset (`place` undefined) is for
 * team accounts only, every one of the address (a link per company, in one mail); a widget's or portal's (its board hash) resets only the account of that
 * address in the board's company (end users are per company: the same address may be an end
 * user of several, each with its own password). Requests are limited per source (RateLimitError,
 * which says nothing about the address) and, silently, per address (mayMail).
 */
export async function sendResetLink(
  deps: TDeps,
  input: unknown,
  client: TClient,
  place?: TSignInPlace,
): Promise<void> {
  const { email } = parseInput(ZSendLink, input);
  const company = place ? await signInCompany(deps, place.boardHash) : undefined;
  await deps.rateLimiter.consume('recoveryRequest', { ip: client.ip });
  const loginEmail = email.toLowerCase();
  if (!(await mayMail(deps, client, loginEmail))) return;
  // Whether the account exists must not show in the answer's timing: the lookup and the mail
  // run after the answer (runAfterAnswer), with failures logged.
  runAfterAnswer(deps.log, 'A password reset link', () =>
    mailResetLink(deps, email, loginEmail, company),
  );
}

/** The most team accounts of one address a console reset mail covers (the oldest first). */
export const MAX_TEAM_ACCOUNTS_RESET = 20;

type TResetAccount = {
  id: number;
  email: string | null;
  language: string;
  company: { name: string };
};

/**
 * sendResetLink's lookup and mail, after the answer went out. A widget's or portal's reset
 * covers the board's company's account of the address; the console's, every team account of
 * the address (one address may be on several companies' teams): one mail per recipient, with
 * a link per account that names its company. Each link is its own account's: it supersedes that
 * account's older links only, and using it voids that account's others only.
 */
async function mailResetLink(
  deps: TDeps,
  email: string,
  loginEmail: string,
  company: Awaited<ReturnType<typeof signInCompany>> | undefined,
): Promise<void> {
  const select = { id: true, email: true, language: true, company: { select: { name: true } } };
  const users: TResetAccount[] = company
    ? await deps.prisma.user.findMany({
        where: { companyId: company.id, loginEmail, kind: 'REGULAR' },
        select,
      })
    : await deps.prisma.user.findMany({
        where: { loginEmail, kind: 'REGULAR', role: { in: [...TEAM_ROLES] } },
        orderBy: { id: 'asc' },
        take: MAX_TEAM_ACCOUNTS_RESET,
        select,
      });
  // Accounts of one address share its inbox; a contact address typed otherwise gets its own mail.
  const byRecipient = new Map<string, TResetAccount[]>();
  for (const user of users) {
    const to = user.email ?? email;
    byRecipient.set(to.toLowerCase(), [...(byRecipient.get(to.toLowerCase()) ?? []), user]);
  }
  for (const accounts of byRecipient.values()) {
    await mailResetLinks(deps, email, loginEmail, company, accounts);
  }
}

/** One reset mail: a link for each account (all of one recipient), naming its company when several. */
async function mailResetLinks(
  deps: TDeps,
  email: string,
  loginEmail: string,
  company: Awaited<ReturnType<typeof signInCompany>> | undefined,
  accounts: TResetAccount[],
): Promise<void> {
  const [first] = accounts;
  if (!first) return;
  const isPolish = first.language.startsWith('pl');
  // `lang` shows the reset pages in the language of this mail (not the console's last one).
  // `for=board` tells them the account is a board's end user: they end with "sign in on the
  // board" (and `board`, a public board's portal path, links there) rather than sending them to
  // the console's login, which is for the team. Hints only: the token alone grants the reset.
  // The link carries the token and no address: addresses in URLs end up in access logs,
  // browser histories and referrers; the token names its account.
  const query = new URLSearchParams({ lang: isPolish ? 'pl-PL' : 'en-US' });
  if (company) query.set('for', 'board');
  if (company?.boardPath) query.set('board', company.boardPath);
  const links: { companyName: string; link: string }[] = [];
  for (const account of accounts) {
    const token = await deps.prisma.$transaction((tx) => issueToken(tx, account.id, 'LINK'));
    links.push({
      companyName: account.company.name,
      link: `${deps.config.appUrl}/password-reset/${token}?${query}`,
    });
  }
  const to = first.email ?? email;
  // A board's end user asked on the company's board: the mail speaks in the company's name.
  const brand = company?.name ?? 'Feedboard';
  const subject = isPolish ? `Zresetuj hasło do ${brand}` : `Reset your ${brand} password`;
  const ignore = isPolish
    ? 'Jeśli to nie Twoja prośba o zmianę hasła, zignoruj tę wiadomość.'
    : 'If you did not ask for this, you can ignore this message.';
  if (links.length > 1) {
    // Each company's account has its own password: one link each, named by its company.
    const list = links.map(({ companyName, link }) => `${companyName}:\n${link}`).join('\n\n');
    await deps.mailer.send({
      to,
      subject,
      text: isPolish
        ? `Ten adres loguje się do kilku firm w Feedboard, każda z własnym hasłem. Aby ustawić nowe hasło w jednej z nich, otwórz jej link (każdy ważny przez godzinę, jednorazowy):\n\n${list}\n\n${ignore}\n`
        : `This address signs in to several companies on Feedboard, each with its own password. To choose a new password for one of them, open its link (each works once, for one hour):\n\n${list}\n\n${ignore}\n`,
    });
    return;
  }
  const [{ link } = { link: '' }] = links;
  const where = company
    ? isPolish
      ? `Dotyczy Twojego konta w ${company.name}; potem zaloguj się ponownie na tablicy ${company.name}.\n\n`
      : `This is for your account with ${company.name}; then sign in again on ${company.name}'s board.\n\n`
    : '';
  await deps.mailer.send({
    to,
    userId: first.id,
    subject,
    text: isPolish
      ? `Aby ustawić nowe hasło, otwórz ten link (ważny przez godzinę, jednorazowy):\n\n${link}\n\n${where}${ignore}\n`
      : `To choose a new password, open this link (it works once, for one hour):\n\n${link}\n\n${where}${ignore}\n`,
  });
}

/** The limiter's key for a reset: the address when the caller sends one, else the source alone. */
const resetLimitKey = (client: TClient, email: string | undefined) =>
  email === undefined ? { ip: client.ip } : { ip: client.ip, account: email };

export const ZCheckToken = z.object({
  email: requiredText(6, 50)
    .optional()
    .describe('Not needed: the token names its account. If sent, it must be that account’s.'),
  token: requiredText(1, 200),
});

/**
 * Exchanges the mailed token (once) for a token good for one new-password call; answers the
 * account's address too, for the new-password page to say whose password it sets (the link
 * itself no longer carries it).
 */
export async function checkResetToken(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ newPasswordToken: string; email: string }> {
  const { email, token } = parseInput(ZCheckToken, input);
  await deps.rateLimiter.consume('recoveryReset', resetLimitKey(client, email));
  return deps.prisma.$transaction(async (tx) => {
    const { userId, loginEmail } = await consumeToken(tx, email, token, 'LINK');
    return { newPasswordToken: await issueToken(tx, userId, 'NEW_PASSWORD'), email: loginEmail };
  });
}

export const ZNewPassword = z.object({
  email: requiredText(6, 50)
    .optional()
    .describe('Not needed: the token names its account. If sent, it must be that account’s.'),
  newPasswordToken: requiredText(1, 200),
  password: ZPassword,
});

/**
 * Sets the new password and signs the user out everywhere (their live streams end too). The link behind it was mailed to the
 * user's address, so following it also confirms that address.
 */
export async function setNewPassword(deps: TDeps, input: unknown, client: TClient): Promise<void> {
  const { email, newPasswordToken, password } = parseInput(ZNewPassword, input);
  await deps.rateLimiter.consume('recoveryReset', resetLimitKey(client, email));
  const passwordHash = await hashPassword(password);
  const { sessionIds, released } = await deps.prisma.$transaction(async (tx) => {
    const { userId } = await consumeToken(tx, email, newPasswordToken, 'NEW_PASSWORD');
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const confirmed = await tx.user.updateMany({
      where: { id: userId, email: { not: null }, emailConfirmedAt: null },
      data: { emailConfirmedAt: new Date() },
    });
    // The mails held for that confirmation (invitations sent before it) go now.
    const released = confirmed.count === 1 ? await releaseHeldMail(tx, userId) : [];
    const revoked = await tx.session.updateManyAndReturn({
      where: { userId, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true },
    });
    return { sessionIds: revoked.map(({ id }) => id), released };
  });
  // Whoever held a session (and its live streams) is out.
  deps.events.publishCredentialRevoked({ sessionIds });
  deps.mailer.wake(released);
}
