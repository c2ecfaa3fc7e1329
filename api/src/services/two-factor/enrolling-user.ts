import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';
import { findOpenChallenge } from './login-challenge.ts';

/**
 * Whose second factor is being set up: the signed-in user (a session, not an API key), or,
 * when the company requires two-factor sign-in, the account whose password step answered
 * `challenge` (it has no session until it enrols).
 */
export async function enrollingUser(
  deps: TDeps,
  viewer: TViewer | null,
  challenge: string | null | undefined,
): Promise<{ userId: number; challengeId: number | null }> {
  if (challenge) {
    const open = await findOpenChallenge(deps, challenge);
    if (!open.mustEnrol) {
      throw new AppError('BAD_REQUEST', 'This account has two-factor sign-in on already.');
    }
    return { userId: open.userId, challengeId: open.id };
  }
  const signedIn = requireAccountConsole(viewer);
  if (signedIn.apiKeyId || signedIn.kind !== 'REGULAR') {
    throw new AppError(
      'FORBIDDEN',
      'Two-factor sign-in is set up by a team member signed in with their password.',
    );
  }
  return { userId: signedIn.userId, challengeId: null };
}
