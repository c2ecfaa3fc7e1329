import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZEmail, ZPassword, optionalName, parseInput } from '../../validation.ts';
import { getBoardByHash } from '../board/find-board-by-hash.ts';
import { createSession } from './create-session.ts';
import { ssoOnlyRefusal } from './log-in.ts';
import { sendSignUpConfirmation } from './send-email-confirmation.ts';
import { DISPLAY_NAME_LIMITS } from './profile-limits.ts';

export const ZEndUserRegistration = z.object({
  email: ZEmail,
  password: ZPassword,
  name: optionalName(DISPLAY_NAME_LIMITS.min, DISPLAY_NAME_LIMITS.max),
});

const duplicateEmail = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.', [
    { field: 'email', message: 'An account with this email already exists.' },
  ]);

/** Whether an address's domain is one of the listed ones (lower case, exact). */
export function isAddressOfDomains(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * Signs a visitor of a public board up as an end user (REGULAR, END_USER) of the board's company,
 * so they may vote, submit and comment there, and mails them a link to confirm their address:
 * anyone can type someone else's, so no notification goes to it until then. The address is an
 * account of this company only: the same address may be an end user of other companies, and
 * nothing here tells whether it is. The company's sign-up policy decides who may: ANYONE;
 * EMAIL_DOMAINS, addresses of its listed domains (others: a field error on `email`), who act
 * once they confirm the address; SSO_ONLY, nobody by email (FORBIDDEN). Answers an
 * END_USER-scoped session. Private boards: not found.
 * Sign-ups are limited per address and per email, with company sign-ups (RateLimitError).
 */
export async function registerEndUser(
  deps: TDeps,
  boardHash: string,
  input: unknown,
  client: TClient,
): Promise<{ token: string; user: User }> {
  const data = parseInput(ZEndUserRegistration, input);
  await deps.rateLimiter.consume('signup', { ip: client.ip, account: data.email });
  const board = await getBoardByHash(deps, null, boardHash);
  const { signupPolicy, signupEmailDomains } = await deps.prisma.company.findUniqueOrThrow({
    where: { id: board.companyId },
    select: { signupPolicy: true, signupEmailDomains: true },
  });
  if (signupPolicy === 'SSO_ONLY') throw ssoOnlyRefusal(board.company.name);
  if (signupPolicy === 'EMAIL_DOMAINS' && !isAddressOfDomains(data.email, signupEmailDomains)) {
    throw errors.validation([
      {
        field: 'email',
        message: `${board.company.name} takes sign-ups from addresses at ${signupEmailDomains.join(', ') || 'its own domains'} only.`,
      },
    ]);
  }
  const loginEmail = data.email.toLowerCase();
  const passwordHash = await hashPassword(data.password);
  let account: { token: string; user: User };
  try {
    account = await deps.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          companyId: board.companyId,
          kind: 'REGULAR',
          role: 'END_USER',
          loginEmail,
          email: data.email,
          displayName: data.name ?? data.email.split('@')[0] ?? data.email,
          passwordHash,
          language: board.language,
        },
      });
      const token = await createSession(tx, user.id, deps.config.sessionTtlDays, client, {
        scope: 'END_USER',
      });
      return { user, token };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'loginEmail')) throw duplicateEmail();
    throw error;
  }
  await sendSignUpConfirmation(deps, account.user.id);
  return account;
}
