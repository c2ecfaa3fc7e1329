import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { newToken } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZEmail, ZLanguage, ZPassword, optionalName, parseInput } from '../../validation.ts';
import { createSession } from './create-session.ts';
import { sendSignUpConfirmation } from './send-email-confirmation.ts';
import { slugify } from '../slug.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { runAfterAnswer } from '../../background.ts';
import { DISPLAY_NAME_LIMITS } from '../../contract/limits.ts';

export const ZRegistration = z.object({
  email: ZEmail,
  password: ZPassword,
  company: optionalName(6, 50),
  displayName: optionalName(DISPLAY_NAME_LIMITS.min, DISPLAY_NAME_LIMITS.max).meta({
    description:
      'The name the team sees beside the owner’s ideas and comments, 2 to 50 characters; the part of the email before @ when absent.',
  }),
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
 * What a sign-up answers: the new owner's session (the spec's `{token}`). Every sign-up makes a
 * company, whatever the address: an address may be on several companies' teams, and an answer
 * that differed for an address with a team account told a stranger it had one (issue 33).
 */
export type TRegistrationResult = {
  status: 'CREATED';
  token: string;
  userId: number;
  companyId: number;
};

/** The mail to an address with team accounts elsewhere when a new company is made with it. */
function anotherCompanyMail(language: string, appUrl: string): { subject: string; text: string } {
  const login = `${appUrl}/login`;
  const reset = `${appUrl}/password-reset`;
  if (language.startsWith('pl')) {
    return {
      subject: 'Na Twój adres założono nową firmę w Feedboard',
      text: `Ktoś (może Ty) założył właśnie na ten adres nową firmę w Feedboard. Masz już konto w innej firmie: logowanie zapyta, do której firmy wejść, a każda ma własne hasło.\n\nZaloguj się: ${login}\nNie pamiętasz hasła? Ustaw nowe: ${reset}\n\nJeśli to nie Ty, zignoruj tę wiadomość: nowa firma nie wyśle niczego w Twoim imieniu, dopóki nie potwierdzisz adresu, a Twoje konta się nie zmieniły.\n`,
    };
  }
  return {
    subject: 'A new Feedboard company was created with your address',
    text: `Someone (perhaps you) just created a new Feedboard company with this address. You have an account with another company already: signing in asks which company, and each has its own password.\n\nSign in: ${login}\nForgot your password? Choose a new one: ${reset}\n\nIf it was not you, ignore this message: the new company sends nothing in your name until the address is confirmed, and your accounts have not changed.\n`,
  };
}

/**
 * Tells an address that is on another company's team that a new company was made with it (the
 * forgetful owner learns they have an account; the mail carries no text the sign-up chose), at most a few times an hour per address
 * (RATE_LIMIT_MAIL_RECIPIENT_*, counted apart from other mails): past that, nothing is mailed.
 */
async function mailOtherTeamAccounts(
  deps: TDeps,
  loginEmail: string,
  companyId: number,
): Promise<void> {
  const other = await deps.prisma.user.findFirst({
    where: { loginEmail, role: { in: [...TEAM_ROLES] }, companyId: { not: companyId } },
    orderBy: { id: 'asc' },
    select: { email: true, language: true },
  });
  if (!other) return;
  try {
    await deps.rateLimiter.consume('mailRecipient', { account: `signupAgain:${loginEmail}` });
  } catch (error) {
    if (error instanceof RateLimitError) return;
    throw error;
  }
  await deps.mailer.send({
    to: other.email ?? loginEmail,
    ...anotherCompanyMail(other.language, deps.config.appUrl),
  });
}

/**
 * Signs up: creates the company (unique slug, random SSO secret, FREE plan, no board yet), its
 * OWNER, and a session, then mails the owner a link to confirm their address (until then no
 * notification, invitation or test mail goes from or to it). Answers the session token. Any
 * address may sign up, also one that is an end user of companies' boards or on other companies'
 * teams (each account its own, with its own password; the console's sign-in asks which company):
 * the answer is the same for every address, and an address on another team is told by mail,
 * after the answer. Sign-ups are limited per source and per email (RateLimitError).
 */
export async function registerAccount(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<TRegistrationResult> {
  const data = parseInput(ZRegistration, input);
  await deps.rateLimiter.consume('signup', { ip: client.ip, account: data.email });
  const passwordHash = await hashPassword(data.password);
  const loginEmail = data.email.toLowerCase();
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
            displayName: data.displayName ?? data.email.split('@')[0] ?? data.email,
            passwordHash,
            ...(data.language ? { language: data.language } : {}),
          },
        });
        const token = await createSession(tx, user.id, deps.config.sessionTtlDays, client);
        return { status: 'CREATED' as const, token, userId: user.id, companyId: company.id };
      });
      await sendSignUpConfirmation(deps, account.userId);
      // Whether the address is on another team must not show in the answer's timing either.
      runAfterAnswer(deps.log, 'A new company notice', () =>
        mailOtherTeamAccounts(deps, loginEmail, account.companyId),
      );
      return account;
    } catch (error) {
      if (isUniqueViolation(error, 'slug') && attempt < 5) continue;
      throw error;
    }
  }
}
