import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';

/**
 * Revokes the session the viewer signed in with: its token answers 401 from now on, and the
 * live streams it opened end (on every process).
 */
export async function logOut(deps: TDeps, viewer: TViewer | null): Promise<void> {
  const { sessionId, apiKeyId } = requireViewer(viewer);
  if (apiKeyId) {
    throw new AppError('BAD_REQUEST', 'An API key cannot sign out: revoke it instead.');
  }
  await deps.prisma.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  deps.events.publishCredentialRevoked({ sessionIds: [sessionId] });
}
