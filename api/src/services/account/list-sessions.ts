import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';

export type TSignedInDevice = {
  id: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  userAgent: string | null;
  ipAddress: string | null;
  /** The session this request was made with. */
  current: boolean;
};

/** The viewer's live sessions (not signed out, not expired), most recently used first. */
export async function listSessions(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<TSignedInDevice[]> {
  const { userId, sessionId, apiKeyId } = requireAccountConsole(viewer);
  // Where and from what a person signs in is theirs, not an integration's.
  if (apiKeyId) throw errors.forbidden();
  const rows = await deps.prisma.session.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, createdAt: true, lastUsedAt: true, userAgent: true, ipAddress: true },
    orderBy: { id: 'desc' },
    take: 200,
  });
  const seen = (row: (typeof rows)[number]) => (row.lastUsedAt ?? row.createdAt).getTime();
  return rows
    .map((row) => ({ ...row, current: row.id === sessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current) || seen(b) - seen(a));
}
