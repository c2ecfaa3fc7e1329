import type { TDeps } from '../../deps.ts';
import {
  isUnsubscribeTokenValid,
  unsubscribeTokenUserId,
} from '../notification/unsubscribe-token.ts';
import type { TChangelogLinkState } from './confirm-changelog-subscription.ts';

/**
 * The subscriber a signed changelog unsubscribe link names (`<id>.<HMAC>` with the company's
 * mail key and its own purpose, so a notification mail's link never works here), or null.
 */
async function tokenSubscriber(deps: TDeps, companyId: number, token: string) {
  const id = unsubscribeTokenUserId(token);
  if (id === null) return null;
  const subscriber = await deps.prisma.changelogSubscriber.findFirst({
    where: { id, companyId },
    select: { id: true, language: true, company: { select: { mailKey: true } } },
  });
  if (!subscriber) return null;
  if (!isUnsubscribeTokenValid(subscriber.company.mailKey, token, 'changelog-unsubscribe')) {
    return null;
  }
  return subscriber;
}

/** Whether an unsubscribe link is valid, changing nothing (mail scanners open links). */
export async function checkChangelogUnsubscribe(
  deps: TDeps,
  companyId: number,
  token: string,
): Promise<TChangelogLinkState> {
  const subscriber = await tokenSubscriber(deps, companyId, token);
  return subscriber ? { state: 'valid', language: subscriber.language } : { state: 'invalid' };
}

/**
 * One-click unsubscribe (RFC 8058 POST, or the page's button): no more release mails to that
 * address until it subscribes and confirms again. Twice is the same as once.
 */
export async function unsubscribeFromChangelog(
  deps: TDeps,
  companyId: number,
  token: string,
): Promise<TChangelogLinkState> {
  const subscriber = await tokenSubscriber(deps, companyId, token);
  if (!subscriber) return { state: 'invalid' };
  await deps.prisma.changelogSubscriber.updateMany({
    where: { id: subscriber.id, unsubscribedAt: null },
    data: { unsubscribedAt: new Date() },
  });
  return { state: 'done', language: subscriber.language };
}
