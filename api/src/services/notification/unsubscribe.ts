import type { TDeps } from '../../deps.ts';
import { isUnsubscribeTokenValid, unsubscribeTokenUserId } from './unsubscribe-token.ts';

export type TUnsubscribeResult = { ok: true; language: string } | { ok: false };

/**
 * The one-click unsubscribe of notification mails: a valid signed token sets the user's
 * preference to NONE, no sign-in needed. Answers the user's language for the confirmation page.
 * Doing it twice is the same as once.
 */
export async function unsubscribe(deps: TDeps, token: string): Promise<TUnsubscribeResult> {
  const userId = unsubscribeTokenUserId(token);
  if (userId === null) return { ok: false };
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { language: true, company: { select: { mailKey: true } } },
  });
  if (!user || !isUnsubscribeTokenValid(user.company.mailKey, token)) return { ok: false };
  await deps.prisma.user.update({ where: { id: userId }, data: { notifications: 'NONE' } });
  return { ok: true, language: user.language };
}
