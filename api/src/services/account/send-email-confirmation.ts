import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';

/** How long a confirmation link works (once). */
export const CONFIRMATION_TTL_HOURS = 24;

/**
 * The mail that carries a confirmation link, in the recipient's language. `brand` is whose
 * name the mail speaks in: the company for a board's end user (who signed up on its board and
 * may never have heard of Feedboard), Feedboard for the company's team. It greets nobody by
 * name: the name was chosen by whoever signed up, and until the address is confirmed that may
 * be a stranger writing to someone else's inbox in the company's name ("Hi pay now at
 * http://…": outside attacks 8 and 9).
 */
function confirmationMail(
  language: string,
  v: { email: string; link: string; brand: string },
): { subject: string; text: string } {
  if (language.startsWith('pl')) {
    return {
      subject: `Potwierdź swój adres e-mail w ${v.brand}`,
      text: `Dzień dobry,\n\npotwierdź, że ${v.email} to Twój adres: otwórz ten link (działa raz, przez ${CONFIRMATION_TTL_HOURS} godziny) i naciśnij przycisk „Potwierdź adres”:\n\n${v.link}\n\nDopóki tego nie zrobisz, ${v.brand} nie wysyła na ten adres żadnych powiadomień. Jeśli to nie Twoje konto, zignoruj tę wiadomość: nic więcej nie przyjdzie.\n`,
    };
  }
  return {
    subject: `Confirm your email address for ${v.brand}`,
    text: `Hello,\n\nPlease confirm that ${v.email} is your address: open this link (it works once, for ${CONFIRMATION_TTL_HOURS} hours) and press "Confirm address":\n\n${v.link}\n\nUntil you do, ${v.brand} sends no notification emails to this address. If you did not sign up, ignore this message: nothing more will come.\n`,
  };
}

/**
 * Mails the user a one-use link that confirms their current email (the token is stored hashed,
 * with the address it was sent to). Nothing is sent when the user has no email or it is
 * confirmed already. Answers whether a mail was queued. Callers limit how often (see
 * resendEmailConfirmation); sign-up sends it once, on its own.
 */
export async function sendEmailConfirmation(deps: TDeps, userId: number): Promise<boolean> {
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      emailConfirmedAt: true,
      language: true,
      role: true,
      company: { select: { name: true } },
    },
  });
  if (!user?.email || user.emailConfirmedAt) return false;
  const token = newToken();
  await deps.prisma.emailConfirmation.create({
    data: {
      userId,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CONFIRMATION_TTL_HOURS * 3_600_000),
    },
  });
  const link = `${deps.config.appUrl}/confirm-email/${token}`;
  await deps.mailer.send({
    to: user.email,
    userId,
    topic: 'EMAIL_CONFIRMATION',
    ...confirmationMail(user.language, {
      email: user.email,
      link,
      brand: user.role === 'END_USER' ? user.company.name : 'Feedboard',
    }),
  });
  return true;
}

/**
 * Whether one more mail nobody signed in asked for (a sign-up's confirmation, "someone tried to
 * sign up with your address") may go to `email`: counted per address across every company, on
 * the confirmation mail's limit (RATE_LIMIT_CONFIRM_EMAIL_*, shared with "Resend confirmation"),
 * so sign-ups at many companies' widgets cannot flood one inbox. Past it: false, nothing thrown.
 */
export async function mayMailUnasked(deps: TDeps, email: string): Promise<boolean> {
  try {
    // A count of its own (the same allowance), so sign-ups never use up the user's own resends.
    await deps.rateLimiter.consume('confirmEmail', { account: `sign-up:${email.toLowerCase()}` });
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) {
      deps.log.info(`No more unasked mail to an address this hour (user sign-up).`);
      return false;
    }
    throw error;
  }
}

/**
 * The confirmation mail a sign-up sends, after the account committed: a mail failure is logged
 * and never fails the sign-up (the user can ask again from their profile). Past the per-address
 * cap (mayMailUnasked) no mail goes and the sign-up answers the same.
 */
export async function sendSignUpConfirmation(deps: TDeps, userId: number): Promise<void> {
  try {
    const user = await deps.prisma.user.findUnique({
      where: { id: userId },
      select: { email: true },
    });
    if (!user?.email || !(await mayMailUnasked(deps, user.email))) return;
    await sendEmailConfirmation(deps, userId);
  } catch (error) {
    deps.log.error(`The email confirmation of user ${userId} was not queued`, error);
  }
}

/**
 * "Resend confirmation" from the widget or console profile: a new link to the signed-in user's
 * address. Limited per address (and per client address), since every call mails someone.
 */
export async function resendEmailConfirmation(
  deps: TDeps,
  viewer: TViewer | null,
  client: TClient,
): Promise<{ email: string }> {
  const { userId } = requireAccountConsole(viewer);
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { email: true, emailConfirmedAt: true },
  });
  if (!user?.email) {
    throw new AppError('CONFLICT', 'Your account has no email address to confirm.');
  }
  if (user.emailConfirmedAt) {
    throw new AppError('CONFLICT', 'Your email address is confirmed already.');
  }
  await deps.rateLimiter.consume('confirmEmail', {
    ip: client.ip,
    account: user.email.toLowerCase(),
  });
  await sendEmailConfirmation(deps, userId);
  return { email: user.email };
}
