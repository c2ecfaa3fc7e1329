import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { newToken } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { RateLimitError } from '../../rate-limit.ts';
import type { TClient } from '../../rate-limit.ts';
import { ZEmail, ZLanguage, ZPassword, optionalText, parseInput } from '../../validation.ts';
import { createSession } from './create-session.ts';
import { sendSignUpConfirmation } from './send-email-confirmation.ts';
import { slugify } from '../slug.ts';
import { TEAM_ROLES } from '../../viewer.ts';

export const ZRegistration = z.object({
  email: ZEmail,
  password: ZPassword,
  company: optionalText(6, 50),
  ref: z.preprocess(
    (input) => (typeof input === 'string' && input.trim() ? input.trim().slice(0, 64) : undefined),
    z.string().optional(),
  ),
  // The console's language at sign-up: the account keeps it, and the confirmation mail uses it.
  // GraphQL passes an unset nullable argument as null: the same as absent.
  language: z
    .preprocess((input) => input ?? undefined, ZLanguage.optional())
    .meta({
      description: 'en-US or pl-PL (en and pl are read as those); en-US when absent.',
    }),
});
export type TRegistration = z.input<typeof ZRegistration>;

/**
 * What a sign-up answers: a new account's session token (the spec's `{token}`), or, for an
 * address that has a team account already, CHECK_INBOX and no token: its owner is mailed
 * instead (existingAccountMail). Nothing in the answer's shape, beyond the token, nor any error
 * tells a stranger that the address has an account (issue 33).
 */
export type TRegistrationResult =
  | { status: 'CREATED'; token: string; userId: number; companyId: number }
  | { status: 'CHECK_INBOX' };

/** The mail to an account's owner when someone signs up with its address again. */
function existingAccountMail(language: string, appUrl: string): { subject: string; text: string } {
  const login = `${appUrl}/login`;
  const reset = `${appUrl}/password-reset`;
  if (language.startsWith('pl')) {
    return {
      subject: 'Ktoś próbował założyć konto Feedboard na Twój adres',
      text: `Ktoś (może Ty) próbował właśnie założyć konto Feedboard na ten adres, ale masz już konto.\n\nZaloguj się: ${login}\nNie pamiętasz hasła? Ustaw nowe: ${reset}\n\nJeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieniło.\n`,
    };
  }
  return {
    subject: 'Someone tried to create a Feedboard account with your address',
    text: `Someone (perhaps you) just tried to create a Feedboard account with this address, but you have one already.\n\nSign in: ${login}\nForgot your password? Choose a new one: ${reset}\n\nIf it was not you, ignore this message: nothing has changed.\n`,
  };
}

/**
 * Tells the owner of the team account with this address that someone signed up with it, at
 * most a few times an hour per address (RATE_LIMIT_MAIL_RECIPIENT_*, counted apart from other
 * mails): past that, nothing is mailed and the answer is the same.
 */
async function mailExistingAccount(deps: TDeps, loginEmail: string): Promise<void> {
  const owner = await deps.prisma.user.findFirst({
    where: { loginEmail, kind: 'REGULAR', role: { in: [...TEAM_ROLES] } },
    select: { email: true, language: true },
  });
  if (!owner) return;
  try {
    await deps.rateLimiter.consume('mailRecipient', { account: `signupAgain:${loginEmail}` });
  } catch (error) {
    if (error instanceof RateLimitError) return;
    throw error;
  }
  await deps.mailer.send({
    to: owner.email ?? loginEmail,
    ...existingAccountMail(owner.language, deps.config.appUrl),
  });
}

/**
 * Signs up: creates the company (unique slug, random SSO secret, FREE plan, no board yet), its
 * OWNER, and a session, then mails the owner a link to confirm their address (until then no
 * notification, invitation or test mail goes from or to it). Answers the session token. An
 * address that is an end user of companies' boards may register: only team accounts are taken.
 * An address with a team account answers CHECK_INBOX without a token, never an error, and its
 * owner is mailed (the same password hashing happens first either way). Sign-ups are limited
 * per address and per email (RateLimitError).
 */
export async function registerAccount(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<TRegistrationResult> {
  const data = parseInput(ZRegistration, input);
  await deps.rateLimiter.consume('signup', { ip: client.ip, account: data.email });
  const loginEmail = data.email.toLowerCase();
  // Hashed before anything is looked up, so both answers cost the same work.
  const passwordHash = await hashPassword(data.password);
  // Team accounts' addresses are unique across companies (the console signs them in by address
  // alone); being an end user of some company's board does not take the address.
  const teamAccount = await deps.prisma.user.findFirst({
    where: { loginEmail, role: { in: [...TEAM_ROLES] } },
    select: { id: true },
  });
  if (teamAccount) {
    await mailExistingAccount(deps, loginEmail);
    return { status: 'CHECK_INBOX' };
  }
  const companyName = data.company ?? `${data.email.split('@')[0]}'s company`;
  const baseSlug = slugify(companyName) || 'company';

  for (let attempt = 0; ; attempt += 1) {
    const slug = attempt === 0 ? baseSlug : `${baseSlug}-${newToken().slice(0, 6).toLowerCase()}`;
    try {
      const account = await deps.prisma.$transaction(async (tx) => {
        const company = await tx.company.create({
          data: {
            name: companyName,
            slug,
            secret: newToken(),
            referralCode: data.ref ?? null,
            subscription: { create: { product: 'FREE' } },
          },
        });
        const user = await tx.user.create({
          data: {
            companyId: company.id,
            kind: 'REGULAR',
            role: 'OWNER',
            loginEmail,
            email: data.email,
            displayName: data.email.split('@')[0] ?? data.email,
            passwordHash,
            ...(data.language ? { language: data.language } : {}),
          },
        });
        const token = await createSession(tx, user.id, deps.config.sessionTtlDays, client);
        return { status: 'CREATED' as const, token, userId: user.id, companyId: company.id };
      });
      await sendSignUpConfirmation(deps, account.userId);
      return account;
    } catch (error) {
      // A sign-up with the same address committed first: as for any taken address.
      if (isUniqueViolation(error, 'loginEmail')) {
        await mailExistingAccount(deps, loginEmail);
        return { status: 'CHECK_INBOX' };
      }
      if (isUniqueViolation(error, 'slug') && attempt < 5) continue;
      throw error;
    }
  }
}
