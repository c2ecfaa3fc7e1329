import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';

/**
 * "Sign out everywhere else": revokes every session of the viewer except the one this request
 * was made with (their live streams end too); answers how many were signed out.
 */
export async function signOutOtherSessions(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<{ signedOut: number }> {
  const { userId, sessionId, apiKeyId } = requireAccountConsole(viewer);
  if (apiKeyId) {
    throw new AppError('BAD_REQUEST', 'An API key has no sessions: sign in with a password.');
  }
  const revoked = await deps.prisma.session.updateManyAndReturn({
    where: { userId, revokedAt: null, id: { not: sessionId } },
    data: { revokedAt: new Date() },
    select: { id: true },
  });
  deps.events.publishCredentialRevoked({ sessionIds: revoked.map(({ id }) => id) });
  return { signedOut: revoked.length };
}
