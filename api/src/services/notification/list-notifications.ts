import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { boardVisibleWhere } from '../access.ts';

/**
 * The signed-in user's in-console notification list, as a filter: their own entries only
 * (entries of an idea or comment that was deleted went with it), of ideas on boards they may
 * see now (services/access.ts). Newest first: `NOTIFICATION_ORDER`.
 */
export function notificationListWhere(viewer: TViewer | null): Prisma.NotificationWhereInput {
  const { userId, companyId } = requireViewer(viewer);
  return {
    userId,
    companyId,
    OR: [{ ideaId: null }, { idea: { board: boardVisibleWhere(viewer) } }],
  };
}

/** Newest first (ids grow with time, so the id is also the page cursor). */
export const NOTIFICATION_ORDER = { id: 'desc' } as const;

/** How many of the signed-in user's notifications are unread. */
export function countUnreadNotifications(deps: TDeps, viewer: TViewer | null): Promise<number> {
  return deps.prisma.notification.count({
    where: { ...notificationListWhere(viewer), readAt: null },
  });
}
