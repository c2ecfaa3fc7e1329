import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { messages, parseInput } from '../../validation.ts';
import { createSession } from '../account/create-session.ts';
import { confirmedDomainOf } from '../access.ts';
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
      company: {
        select: {
          secret: true,
          ssoRequireExpiry: true,
          ssoMaxLifetimeMinutes: true,
          ssoTrustEmails: true,
        },
      },
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
  const isEmailTrusted = claims.isEmailVerified || board.company.ssoTrustEmails;
  const before = await deps.prisma.user.findUnique({
    where: { companyId_externalId: { companyId: board.companyId, externalId: claims.externalId } },
    select: { email: true, emailConfirmedAt: true },
  });
  const user = await upsertSsoUser(deps, board.companyId, board.language, claims, isEmailTrusted);
  const { isDetached } = await storeCustomerClaims(deps, board.companyId, user.id, claims.customer);
  // The token withdrew a grant of private boards (a customer company, the confirmed address's
  // domain): the user's open live streams are checked against what they may see now.
  const domainBefore = before && confirmedDomainOf(before);
  if (isDetached || (domainBefore && domainBefore !== confirmedDomainOf(user))) {
    deps.events.publishAccessChanged({ userIds: [user.id] });
  }
  const session = await createSession(deps.prisma, user.id, deps.config.sessionTtlDays, client, {
    scope: 'END_USER',
  });
  return { token: session, user };
}

/**
 * One user per (company, external id), even when two first sign-ins race. The token's email
 * counts as confirmed only when `isEmailTrusted` (the token says `email_verified: true`, or the
 * company vouches for every address its tokens carry: Company.ssoTrustEmails): whoever holds
 * the secret can put any address in a token, and notification mail must not follow it there.
 * An untrusted address stays unconfirmed until its owner confirms it by the mailed link; the
 * same address again keeps the confirmation it has.
 */
async function upsertSsoUser(
  deps: TDeps,
  companyId: number,
  language: string,
  claims: TSsoClaims,
  isEmailTrusted: boolean,
): Promise<User> {
  const where = { companyId_externalId: { companyId, externalId: claims.externalId } };
  const emailUpdate = async () => {
    if (!claims.email) return {};
    if (isEmailTrusted) return { email: claims.email, emailConfirmedAt: new Date() };
    const known = await deps.prisma.user.findUnique({ where, select: { email: true } });
    return known?.email === claims.email ? {} : { email: claims.email, emailConfirmedAt: null };
  };
  const upsert = async () =>
    deps.prisma.user.upsert({
      where,
      create: {
        companyId,
        kind: 'SSO',
        role: 'END_USER',
        externalId: claims.externalId,
        displayName: claims.displayName,
        email: claims.email,
        emailConfirmedAt: claims.email && isEmailTrusted ? new Date() : null,
        avatarUrl: claims.avatarUrl,
        // Their mails speak the language of the board they came through.
        language,
      },
      update: {
        displayName: claims.displayName,
        ...(await emailUpdate()),
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
