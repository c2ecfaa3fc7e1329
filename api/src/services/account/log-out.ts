import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';

/** Revokes the session the viewer signed in with: its token answers 401 from now on. */
export async function logOut(deps: TDeps, viewer: TViewer | null): Promise<void> {
  const { sessionId } = requireViewer(viewer);
  await deps.prisma.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}
