import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { boardVisibleWhere, commentVisibleWhere, isTeamMemberOf } from '../access.ts';

/**
 * The signed-in user's in-console notification list, as a filter: their own entries only
 * (entries of an idea or comment that was deleted went with it), of ideas on boards they may
 * see now (services/access.ts), of comments they may read now (a mention in an internal note
 * only while the session has team power: not to an end-user-scoped session of a team member,
 * nor to a member who has not enrolled in the company-required two-factor), and new-idea
 * entries to the team only (someone taken off the team keeps no list of its queue). Newest
 * first: `NOTIFICATION_ORDER`.
 */
export function notificationListWhere(viewer: TViewer | null): Prisma.NotificationWhereInput {
  const { userId, companyId } = requireViewer(viewer);
  return {
    userId,
    companyId,
    AND: [
      { OR: [{ ideaId: null }, { idea: { board: boardVisibleWhere(viewer) } }] },
      { OR: [{ commentId: null }, { comment: commentVisibleWhere(viewer) }] },
    ],
    ...(isTeamMemberOf(viewer, companyId) ? {} : { kind: { not: 'NEW_IDEA' } }),
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
