import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { newToken } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
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

const duplicateEmail = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.', [
    { field: 'email', message: 'An account with this email already exists.' },
  ]);

/**
 * Signs up: creates the company (unique slug, random SSO secret, FREE plan, no board yet), its
 * OWNER, and a session, then mails the owner a link to confirm their address (until then no
 * notification, invitation or test mail goes from or to it). Answers the session token. An
 * address that is an end user of companies' boards may register: only team accounts conflict.
 * Sign-ups are limited per address and per email (RateLimitError).
 */
export async function registerAccount(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ token: string; userId: number; companyId: number }> {
  const data = parseInput(ZRegistration, input);
  await deps.rateLimiter.consume('signup', { ip: client.ip, account: data.email });
  const loginEmail = data.email.toLowerCase();
  // Team accounts' addresses are unique across companies (the console signs them in by address
  // alone); being an end user of some company's board does not take the address.
  const teamAccount = await deps.prisma.user.findFirst({
    where: { loginEmail, role: { in: [...TEAM_ROLES] } },
    select: { id: true },
  });
  if (teamAccount) {
    throw duplicateEmail();
  }
  const passwordHash = await hashPassword(data.password);
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
        return { token, userId: user.id, companyId: company.id };
      });
      await sendSignUpConfirmation(deps, account.userId);
      return account;
    } catch (error) {
      if (isUniqueViolation(error, 'loginEmail')) throw duplicateEmail();
      if (isUniqueViolation(error, 'slug') && attempt < 5) continue;
      throw error;
    }
  }
}
