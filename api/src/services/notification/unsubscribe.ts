import type { TDeps } from '../../deps.ts';
import { isUnsubscribeTokenValid, unsubscribeTokenUserId } from './unsubscribe-token.ts';

export type TUnsubscribeResult = { ok: true; language: string } | { ok: false };

/** The user a valid signed unsubscribe token names, with their language; null otherwise. */
async function tokenUser(
  deps: TDeps,
  token: string,
): Promise<{ userId: number; language: string } | null> {
  const userId = unsubscribeTokenUserId(token);
  if (userId === null) return null;
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { language: true, company: { select: { mailKey: true } } },
  });
  if (!user || !isUnsubscribeTokenValid(user.company.mailKey, token)) return null;
  return { userId, language: user.language };
}

/**
 * Whether an unsubscribe link is valid, changing nothing: what its GET answers, since mail
 * scanners and link previews open every link of a mail before (or without) its reader.
 */
export async function checkUnsubscribeToken(
  deps: TDeps,
  token: string,
): Promise<TUnsubscribeResult> {
  const user = await tokenUser(deps, token);
  return user ? { ok: true, language: user.language } : { ok: false };
}

/**
 * The one-click unsubscribe of notification mails: a valid signed token sets the user's
 * preferences to NONE (the team's new-idea mail too), no sign-in needed. Answers the user's language for the confirmation page.
 * Doing it twice is the same as once.
 */
export async function unsubscribe(deps: TDeps, token: string): Promise<TUnsubscribeResult> {
  const user = await tokenUser(deps, token);
  if (!user) return { ok: false };
  await deps.prisma.user.update({
    where: { id: user.userId },
    data: { notifications: 'NONE', newIdeaMail: 'NONE' },
  });
  return { ok: true, language: user.language };
}
