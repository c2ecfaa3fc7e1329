import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { releaseHeldMail } from '../mail/release-held-mail.ts';

/**
 * What a confirmation link stands for: `ready` (valid, not used yet), `confirmed` (the address
 * it names is confirmed, by it or before), `invalid` (unknown, used up, expired, or for an
 * address the user no longer has). Each with the user's language for the page.
 */
/**
 * `next` says where the page leads on: a team member to the console, an end user to the
 * company's portal (its slug).
 */
export type TConfirmationState =
  | { state: 'ready' | 'confirmed'; language: string; next: TConfirmationNext }
  | { state: 'invalid'; language?: undefined; next?: undefined };

export type TConfirmationNext = { kind: 'console' } | { kind: 'portal'; companySlug: string };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

async function findConfirmation(deps: TDeps, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  return deps.prisma.emailConfirmation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      userId: true,
      email: true,
      usedAt: true,
      expiresAt: true,
      user: {
        select: {
          email: true,
          emailConfirmedAt: true,
          language: true,
          role: true,
          company: { select: { slug: true } },
        },
      },
    },
  });
}

function nextStep(user: { role: string; company: { slug: string } }): TConfirmationNext {
  return user.role === 'END_USER'
    ? { kind: 'portal', companySlug: user.company.slug }
    : { kind: 'console' };
}

/**
 * Reads a confirmation link and changes nothing: what its GET page answers, because mail
 * scanners and link previews open every link of a mail before (or without) its reader.
 */
export async function checkEmailConfirmation(
  deps: TDeps,
  token: string,
): Promise<TConfirmationState> {
  const row = await findConfirmation(deps, token);
  if (!row || row.user.email !== row.email) return { state: 'invalid' };
  const { language } = row.user;
  const next = nextStep(row.user);
  if (row.user.emailConfirmedAt) return { state: 'confirmed', language, next };
  if (row.usedAt || row.expiresAt <= new Date()) return { state: 'invalid' };
  return { state: 'ready', language, next };
}

/**
 * Confirms the address a link was mailed to (the POST of its page). The token is used up in one
 * conditional update, so it works once however many requests race; it confirms only while the
 * user still has that address. Doing it again once confirmed changes nothing. The mails held
 * for the confirmation (invitations sent before it) are queued in the same transaction.
 */
export async function confirmEmail(deps: TDeps, token: string): Promise<TConfirmationState> {
  const row = await findConfirmation(deps, token);
  if (!row || row.user.email !== row.email) return { state: 'invalid' };
  const { language } = row.user;
  const next = nextStep(row.user);
  if (row.user.emailConfirmedAt) return { state: 'confirmed', language, next };
  const confirmed = await deps.prisma.$transaction(async (tx) => {
    const used = await tx.emailConfirmation.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (used.count !== 1) return null;
    const user = await tx.user.updateMany({
      where: { id: row.userId, email: row.email, emailConfirmedAt: null },
      data: { emailConfirmedAt: new Date() },
    });
    return user.count === 1 ? await releaseHeldMail(tx, row.userId) : [];
  });
  if (confirmed) deps.mailer.wake(confirmed);
  return confirmed ? { state: 'confirmed', language, next } : { state: 'invalid' };
}
