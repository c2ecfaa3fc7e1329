import { createHash } from 'node:crypto';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin, requireViewer } from '../../viewer.ts';

/** What a tombstone keeps of an SSO id: its SHA-256, enough to recognise it, not to read it. */
export function hashExternalId(externalId: string): string {
  return createHash('sha256').update(externalId, 'utf8').digest('hex');
}

/**
 * A user of the caller's company, for its owners and admins signed in as themselves (members
 * are forbidden, and so are API keys: a leaked key must not read out or wipe people). Another
 * company's user, or an unknown id, is not found.
 */
export async function findUserForPrivacyAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
): Promise<{ admin: TViewer; user: User }> {
  const { companyId } = requireViewer(viewer);
  const user = await deps.prisma.user.findFirst({ where: { id: userId, companyId } });
  if (!user) throw errors.notFound('User');
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot export or erase people: sign in to the console to do it.',
  );
  return { admin, user };
}
