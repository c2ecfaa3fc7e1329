import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { NotificationPreference } from '../../generated/prisma/client.ts';
import { parseInput, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireAccountConsole } from '../../viewer.ts';

export const NOTIFICATION_PREFERENCES = ['ALL', 'MY_IDEAS', 'NONE'] as const;

export const ZNotificationPreference = requiredEnum(NOTIFICATION_PREFERENCES).meta({
  description:
    'ALL: every notification mail; MY_IDEAS: only mails about ideas you submitted; NONE: no notification mail.',
});

export const ZSetNotifications = z.object({ notifications: ZNotificationPreference });

/** Stores which notification mails the signed-in user (regular or SSO) wants. */
export async function setNotificationPreference(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ notifications: NotificationPreference }> {
  const { userId } = requireAccountConsole(viewer);
  const { notifications } = parseInput(ZSetNotifications, input);
  await deps.prisma.user.update({ where: { id: userId }, data: { notifications } });
  return { notifications };
}
