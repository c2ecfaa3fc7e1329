import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';

export type TChangelogLinkState =
  { state: 'valid'; language: string } | { state: 'done'; language: string } | { state: 'invalid' };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function findPending(deps: TDeps, companyId: number, token: string) {
  if (!TOKEN.test(token)) return null;
  const subscriber = await deps.prisma.changelogSubscriber.findUnique({
    where: { confirmTokenHash: hashToken(token) },
  });
  if (!subscriber || subscriber.companyId !== companyId) return null;
  if (!subscriber.confirmExpiresAt || subscriber.confirmExpiresAt < new Date()) return null;
  return subscriber;
}

/** Whether a confirmation link works, changing nothing (what its GET answers). */
export async function checkChangelogConfirmation(
  deps: TDeps,
  companyId: number,
  token: string,
): Promise<TChangelogLinkState> {
  const subscriber = await findPending(deps, companyId, token);
  return subscriber ? { state: 'valid', language: subscriber.language } : { state: 'invalid' };
}

/**
 * Confirms the subscription a link names: release mails start with the next published release.
 * A link works once (its token is cleared), for the company it was sent for, until it expires.
 */
export async function confirmChangelogSubscription(
  deps: TDeps,
  companyId: number,
  token: string,
): Promise<TChangelogLinkState> {
  const subscriber = await findPending(deps, companyId, token);
  if (!subscriber) return { state: 'invalid' };
  // Conditional on the token: of two clicks at once, one confirms, and both see it done.
  await deps.prisma.changelogSubscriber.updateMany({
    where: { id: subscriber.id, confirmTokenHash: subscriber.confirmTokenHash },
    data: { confirmedAt: new Date(), confirmTokenHash: null, confirmExpiresAt: null },
  });
  return { state: 'done', language: subscriber.language };
}
