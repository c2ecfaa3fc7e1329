import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TClient } from '../../rate-limit.ts';
import { messages, parseInput } from '../../validation.ts';
import { createSession } from '../account/create-session.ts';
import { storeCustomerClaims } from '../customer/store-customer-claims.ts';
import type { TSsoClaims } from './sso-checks.ts';

export const ZSsoExchange = z.object({
  boardHash: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(100, { error: messages.max(100) })
    .meta({ description: 'The board hash of the widget (data-board-hash).' }),
  token: z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .meta({ description: 'The SSO token: a JWT signed HS256 with the company secret.' }),
});

/**
 * Exchanges a widget SSO token for a session: the board's company secret and SSO rules (expiry
 * required, longest lifetime) check the token,
 * then the company's SSO user with that external id is created or brought up to date (name,
 * email, avatar, and the customer claims: attributes, companies); a new one takes the board's language for its mails. Answers the session token
 * and the user. Unknown board hash: not found. Exchanges are limited per address, and per SSO
 * user once the token has proved genuine (so a forged token naming someone cannot use up their
 * allowance) (RateLimitError).
 */
export async function exchangeSsoToken(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ token: string; user: User }> {
  const { boardHash, token } = parseInput(ZSsoExchange, input);
  await deps.rateLimiter.consume('sso', { ip: client.ip });
  const board = await deps.prisma.board.findUnique({
    where: { widgetHash: boardHash },
    select: {
      companyId: true,
      language: true,
      company: { select: { secret: true, ssoRequireExpiry: true, ssoMaxLifetimeMinutes: true } },
    },
  });
  if (!board) throw errors.notFound('Board');
  const { secret, ssoRequireExpiry, ssoMaxLifetimeMinutes } = board.company;
  // jsonwebtoken loads with the first token exchanged, not at every start (sso-checks.ts).
  const { verifySsoToken } = await import('./verify-sso-token.ts');
  let claims: TSsoClaims;
  try {
    claims = verifySsoToken(token, secret, {
      requireExpiry: ssoRequireExpiry,
      maxLifetimeMinutes: ssoMaxLifetimeMinutes,
    });
  } catch (error) {
    // The widget cannot read a private board signed out, so the refusal tells it the board's
    // language: its visitor reads the plain "could not sign you in" in it.
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, error.message, error.fields, { language: board.language });
  }
  await deps.rateLimiter.consume('sso', { account: `${board.companyId} ${claims.externalId}` });
  const user = await upsertSsoUser(deps, board.companyId, board.language, claims);
  await storeCustomerClaims(deps, board.companyId, user.id, claims.customer);
  return { token: await createSession(deps.prisma, user.id, deps.config.sessionTtlDays), user };
}

/** One user per (company, external id), even when two first sign-ins race. */
async function upsertSsoUser(
  deps: TDeps,
  companyId: number,
  language: string,
  claims: TSsoClaims,
): Promise<User> {
  const upsert = () =>
    deps.prisma.user.upsert({
      where: { companyId_externalId: { companyId, externalId: claims.externalId } },
      create: {
        companyId,
        kind: 'SSO',
        role: 'END_USER',
        externalId: claims.externalId,
        displayName: claims.displayName,
        email: claims.email,
        // An email claim in a token signed with the company's secret is the company vouching
        // for it: confirmed, as its own sign-in system already knows the person.
        emailConfirmedAt: claims.email ? new Date() : null,
        avatarUrl: claims.avatarUrl,
        // Their mails speak the language of the board they came through.
        language,
      },
      update: {
        displayName: claims.displayName,
        // A new address in a signed token is vouched for like the first one.
        ...(claims.email ? { email: claims.email, emailConfirmedAt: new Date() } : {}),
        ...(claims.avatarUrl ? { avatarUrl: claims.avatarUrl } : {}),
      },
    });
  try {
    return await upsert();
  } catch (error) {
    // The loser of a race on the unique key finds the winner's row on the second try.
    if (isUniqueViolation(error)) return upsert();
    throw error;
  }
}
