import { toRowId } from '../services/access.ts';
import {
  countUnreadNotifications,
  NOTIFICATION_ORDER,
  notificationListWhere,
} from '../services/notification/list-notifications.ts';
import { markNotificationsRead } from '../services/notification/mark-notifications-read.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import { decodeId } from './ids.ts';
import { ViewerType } from './viewer.ts';

const NotificationKindEnum = builder.enumType('NotificationKind', {
  description: 'What a notification is about.',
  values: {
    MENTION: { description: 'Someone mentioned the user in a comment or internal note.' },
    NEW_IDEA: {
      description:
        'An idea was submitted that awaits acceptance or came from outside the team (to the team; `actorName` is its author).',
    },
  },
});

export const NotificationType = builder.prismaNode('Notification', {
  description:
    "An entry of the signed-in user's in-console notification list (only its recipient reads it).",
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    userId: context.viewer?.userId ?? 0,
    AND: [context.viewer ? notificationListWhere(context.viewer) : {}],
  }),
  nullable: true,
  authScopes: { signedIn: true },
  fields: (t) => ({
    kind: t.expose('kind', { type: NotificationKindEnum, description: 'What it is about.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it happened.' }),
    readAt: t.expose('readAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the user marked it read; null while unread.',
    }),
    isRead: t.boolean({
      description: 'Whether the user marked it read.',
      select: { readAt: true },
      resolve: (notification) => notification.readAt !== null,
    }),
    actorName: t.string({
      nullable: true,
      description:
        'Who caused it (the comment’s or the new idea’s author); null once that user is gone.',
      select: { actor: { select: { displayName: true } } },
      resolve: (notification) => notification.actor?.displayName ?? null,
    }),
    idea: t.relation('idea', {
      nullable: true,
      description: 'The idea it is about (null if the viewer may no longer see it).',
    }),
    comment: t.relation('comment', {
      nullable: true,
      description: 'The comment it is about (null if the viewer may no longer see it).',
    }),
  }),
});

builder.objectFields(ViewerType, (t) => ({
  notifications: t.prismaConnection(
    {
      type: NotificationType,
      cursor: 'id',
      defaultSize: 20,
      maxSize: 100,
      description: "The signed-in user's notifications (mentions, new ideas), newest first.",
      resolve: async (query, _viewer, args, context) => {
        const where = notificationListWhere(context.viewer);
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.notification.count({ where: { AND: [where, { id }] } }),
        );
        return context.deps.prisma.notification.findMany({
          ...query,
          where,
          orderBy: NOTIFICATION_ORDER,
        });
      },
    },
    { description: 'A page of notifications.' },
    { description: 'A notification in a page.' },
  ),
  unreadNotificationCount: t.int({
    description: "How many of the signed-in user's notifications are unread.",
    resolve: (_viewer, _args, context) => countUnreadNotifications(context.deps, context.viewer),
  }),
}));

const MarkedReadPayload = builder
  .objectRef<{ ids: number[]; unreadCount: number }>('NotificationsMarkedRead')
  .implement({
    description: 'Notifications marked read.',
    fields: (t) => ({
      notifications: t.prismaField({
        type: [NotificationType],
        description: 'The notifications marked read now (with their readAt).',
        resolve: (query, payload, _args, context) =>
          context.deps.prisma.notification.findMany({
            ...query,
            where: { id: { in: payload.ids }, userId: context.viewer?.userId ?? 0 },
            orderBy: NOTIFICATION_ORDER,
          }),
      }),
      unreadNotificationCount: t.exposeInt('unreadCount', {
        description: 'How many are still unread.',
      }),
    }),
  });

builder.mutationField('markNotificationsRead', (t) =>
  t.field({
    type: MarkedReadPayload,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Marks the signed-in user's notifications read: those named by `ids` (at most 200; another user's are ignored), or all of them when `ids` is absent.",
    args: {
      ids: t.arg.idList({
        required: false,
        description: 'Global ids of Notification; absent: all unread ones.',
      }),
    },
    resolve: (_root, args, context) =>
      markNotificationsRead(context.deps, context.viewer, {
        ids: args.ids?.map((id) => decodeId(id, 'Notification')),
      }),
  }),
);
