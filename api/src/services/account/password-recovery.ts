import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { runAfterAnswer } from '../../background.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { Prisma, RecoveryPurpose } from '../../generated/prisma/client.ts';
import { RateLimitError } from '../../rate-limit.ts';
import type { TClient } from '../../rate-limit.ts';
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
 * two concurrent uses of one token, or of two links of one user, cannot both succeed. Answers
 * the user id, or throws INVALID_TOKEN.
 */
async function consumeToken(
  tx: Prisma.TransactionClient,
  email: string,
  token: string,
  purpose: RecoveryPurpose,
): Promise<number> {
  const row = await tx.passwordRecovery.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, user: { select: { loginEmail: true } } },
  });
  if (!row || row.user.loginEmail !== email.toLowerCase()) throw invalidToken();
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
  return row.userId;
}

export const ZSendLink = z.object({ email: requiredText(6, 50) });

/** What every reset request answers, whether or not the address has an account. */
export const RESET_LINK_ANSWER =
  'If an account uses this email, a link to choose a new password is on its way.';

/**
 * Counts a reset request against the address's limits and answers whether a mail may go:
 * `recoveryRequest` per address and source together (a stranger's requests use up only their
 * own source's allowance, never the owner's), then `recoveryMail` per address from every source
 * (a day's cap, so nobody floods an inbox from many sources). Past either it answers false and
 * nothing else changes: the caller answers as always, so the limits tell nothing about the
 * address, and a stranger cannot make the owner's own request look refused.
 */
async function mayMail(deps: TDeps, client: TClient, loginEmail: string): Promise<boolean> {
  try {
    await deps.rateLimiter.consume('recoveryRequest', { account: `${client.ip} ${loginEmail}` });
    await deps.rateLimiter.consume('recoveryMail', { account: loginEmail });
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) return false;
    throw error;
  }
}

/**
 * Mails a reset link when the email belongs to an account. The answer is the same either way,
 * so nobody learns which emails have accounts. The console's reset (`place` undefined) is for
 * team accounts only; a widget's or portal's (its board hash) resets only the account of that
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

/** sendResetLink's lookup and mail, after the answer went out. */
async function mailResetLink(
  deps: TDeps,
  email: string,
  loginEmail: string,
  company: Awaited<ReturnType<typeof signInCompany>> | undefined,
): Promise<void> {
  const select = { id: true, email: true, language: true } as const;
  const user = company
    ? await deps.prisma.user.findFirst({
        where: { companyId: company.id, loginEmail, kind: 'REGULAR' },
        select,
      })
    : await deps.prisma.user.findFirst({
        where: { loginEmail, kind: 'REGULAR', role: { in: [...TEAM_ROLES] } },
        select,
      });
  if (!user) return;
  const token = await deps.prisma.$transaction((tx) => issueToken(tx, user.id, 'LINK'));
  // `for=board` tells the reset page the account is a board's end user: it ends with "sign in
  // on the board" rather than sending them to the console's login, which is for the team.
  const link = `${deps.config.appUrl}/password-reset/${encodeURIComponent(loginEmail)}/${token}${
    company ? '?for=board' : ''
  }`;
  const isPolish = user.language.startsWith('pl');
  const where = company
    ? isPolish
      ? `Dotyczy Twojego konta w ${company.name}; potem zaloguj się ponownie na tablicy ${company.name}.\n\n`
      : `This is for your account with ${company.name}; then sign in again on ${company.name}'s board.\n\n`
    : '';
  await deps.mailer.send({
    to: user.email ?? email,
    subject: isPolish ? 'Zresetuj hasło do Feedboard' : 'Reset your Feedboard password',
    text: isPolish
      ? `Aby ustawić nowe hasło, otwórz ten link (ważny przez godzinę, jednorazowy):\n\n${link}\n\n${where}Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość.\n`
      : `To choose a new password, open this link (it works once, for one hour):\n\n${link}\n\n${where}If you did not ask for this, you can ignore this message.\n`,
  });
}

export const ZCheckToken = z.object({ email: requiredText(6, 50), token: requiredText(1, 200) });

/** Exchanges the mailed token (once) for a token good for one new-password call. */
export async function checkResetToken(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ newPasswordToken: string }> {
  const { email, token } = parseInput(ZCheckToken, input);
  await deps.rateLimiter.consume('recoveryReset', { ip: client.ip, account: email });
  const newPasswordToken = await deps.prisma.$transaction(async (tx) => {
    const userId = await consumeToken(tx, email, token, 'LINK');
    return issueToken(tx, userId, 'NEW_PASSWORD');
  });
  return { newPasswordToken };
}

export const ZNewPassword = z.object({
  email: requiredText(6, 50),
  newPasswordToken: requiredText(1, 200),
  password: ZPassword,
});

/**
 * Sets the new password and signs the user out everywhere (their live streams end too). The link behind it was mailed to the
 * user's address, so following it also confirms that address.
 */
export async function setNewPassword(deps: TDeps, input: unknown, client: TClient): Promise<void> {
  const { email, newPasswordToken, password } = parseInput(ZNewPassword, input);
  await deps.rateLimiter.consume('recoveryReset', { ip: client.ip, account: email });
  const passwordHash = await hashPassword(password);
  const sessionIds = await deps.prisma.$transaction(async (tx) => {
    const userId = await consumeToken(tx, email, newPasswordToken, 'NEW_PASSWORD');
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const confirmed = await tx.user.updateMany({
      where: { id: userId, email: { not: null }, emailConfirmedAt: null },
      data: { emailConfirmedAt: new Date() },
    });
    // The mails held for that confirmation (invitations sent before it) go now.
    if (confirmed.count === 1) await releaseHeldMail(tx, userId);
    const revoked = await tx.session.updateManyAndReturn({
      where: { userId, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { id: true },
    });
    return revoked.map(({ id }) => id);
  });
  // Whoever held a session (and its live streams) is out.
  deps.events.publishCredentialRevoked({ sessionIds });
  deps.mailer.wake();
}
