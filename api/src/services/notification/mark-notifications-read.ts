import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { countUnreadNotifications, notificationListWhere } from './list-notifications.ts';

export const ZMarkNotificationsRead = z.object({
  /** Row ids; absent: all of the user's unread notifications. */
  ids: z.array(z.number().int()).max(200, { error: 'At most 200 at a time.' }).optional(),
});

/**
 * Marks the signed-in user's notifications read: those named (ids of anyone else's are ignored,
 * as unknown ones are), or all unread ones when `ids` is absent. Answers the ids marked now and
 * the unread count after it.
 */
export async function markNotificationsRead(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ ids: number[]; unreadCount: number }> {
  const where = notificationListWhere(viewer);
  const { ids } = parseInput(ZMarkNotificationsRead, input);
  if (ids?.some((id) => id <= 0)) {
    throw errors.validation([{ field: 'ids', message: 'Notification not found' }]);
  }
  const marked = await deps.prisma.notification.updateManyAndReturn({
    where: { ...where, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
    select: { id: true },
  });
  return {
    ids: marked.map((row) => row.id),
    unreadCount: await countUnreadNotifications(deps, viewer),
  };
}
