import { useIntl } from 'react-intl';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { NotificationsScreenQuery as TQuery } from '../../../../__generated__/NotificationsScreenQuery.graphql.ts';
import type { NotificationsScreen_notification$key } from '../../../../__generated__/NotificationsScreen_notification.graphql.ts';
import type { NotificationsScreenMarkReadMutation as TMarkRead } from '../../../../__generated__/NotificationsScreenMarkReadMutation.graphql.ts';
import type { NotificationsScreenMentionPreferenceMutation as TPreference } from '../../../../__generated__/NotificationsScreenMentionPreferenceMutation.graphql.ts';
import { CheckboxField } from '../../../forms/CheckboxField.tsx';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';
import { rowIdOf } from '../../../relay/row-id.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { StatusBadge } from '../board/ideas/StatusBadge.tsx';

const messages = defineMessages({
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  intro: {
    id: 'notifications.intro',
    defaultMessage: 'Where teammates and customers mentioned you, and new ideas, newest first.',
  },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Mark all read' },
  marking: { id: 'notifications.marking', defaultMessage: 'Marking…' },
  emptyTitle: { id: 'notifications.emptyTitle', defaultMessage: 'Nothing new' },
  emptyText: {
    id: 'notifications.emptyText',
    defaultMessage:
      'When someone mentions you with @ in a comment or a note, or a customer submits an idea, it shows up here.',
  },
  newIdea: {
    id: 'notifications.newIdea',
    defaultMessage: '{name} submitted “{title}”',
  },
  mentionInComment: {
    id: 'notifications.mentionInComment',
    defaultMessage: '{name} mentioned you on “{title}”',
  },
  someone: { id: 'notifications.someone', defaultMessage: 'Someone' },
  removedIdea: { id: 'notifications.removedIdea', defaultMessage: 'a removed idea' },
  unread: { id: 'notifications.unread', defaultMessage: 'Unread' },
  mailMentions: {
    id: 'notifications.mailMentions',
    defaultMessage: 'Email me when someone mentions me',
  },
  mailMentionsHint: {
    id: 'notifications.mailMentionsHint',
    defaultMessage: 'Mentions are listed here either way.',
  },
});

export const notificationsScreenQuery = graphql`
  query NotificationsScreenQuery {
    viewer {
      unreadNotificationCount
      user {
        id
        notifyMentions
      }
      notifications(first: 50) @connection(key: "NotificationsScreen_notifications") {
        edges {
          node {
            id
            ...NotificationsScreen_notification
          }
        }
      }
    }
  }
`;

/** Keeps the bell's count (the root viewer record, shared with the shell's query) in step. */
function setUnreadCount(store: RecordSourceSelectorProxy, count: number | undefined) {
  if (count === undefined) return;
  store.getRoot().getLinkedRecord('viewer')?.setValue(count, 'unreadNotificationCount');
}

function useMarkRead() {
  return usePromiseMutation<TMarkRead>(graphql`
    mutation NotificationsScreenMarkReadMutation($ids: [ID!]) {
      markNotificationsRead(ids: $ids) {
        __typename
        ... on MutationMarkNotificationsReadSuccess {
          data {
            unreadNotificationCount
            notifications {
              id
              isRead
              readAt
            }
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

const markReadUpdater = (
  store: RecordSourceSelectorProxy,
  data: TMarkRead['response'] | null | undefined,
) => {
  const result = data?.markNotificationsRead;
  if (result?.__typename === 'MutationMarkNotificationsReadSuccess') {
    setUnreadCount(store, result.data.unreadNotificationCount);
  }
};

/** /admin/notifications: the signed-in person's mentions and new ideas, each linking to its idea. */
export function NotificationsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { viewer } = usePreloadedQuery<TQuery>(notificationsScreenQuery, queryRef);
  usePageTitle(messages.title);
  const [markRead] = useMarkRead();
  const [setPreference] = usePromiseMutation<TPreference>(graphql`
    mutation NotificationsScreenMentionPreferenceMutation($notifyMentions: Boolean!) {
      setMentionPreference(notifyMentions: $notifyMentions) {
        __typename
        ... on MutationSetMentionPreferenceSuccess {
          data {
            notifyMentions
          }
        }
      }
    }
  `);
  const markAll = useAction(async () => {
    const result = (await markRead({}, markReadUpdater)).markNotificationsRead;
    return result.__typename === 'AppError' ? { text: result.message, code: result.code } : null;
  });
  if (!viewer) return null;
  const items = viewer.notifications.edges.map((edge) => edge.node);
  const userId = viewer.user.id;

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
        {viewer.unreadNotificationCount > 0 ? (
          <div>
            <PendingButton
              type="button"
              isPending={markAll.isPending}
              pendingLabel={intl.formatMessage(messages.marking)}
              onClick={() => void markAll.run()}
            >
              {intl.formatMessage(messages.markAll)}
            </PendingButton>
            <ActionError failure={markAll.failure} />
          </div>
        ) : null}
      </header>
      <div className="settings-stack">
        <section className="card">
          {items.length === 0 ? (
            <EmptyState
              icon="info"
              title={intl.formatMessage(messages.emptyTitle)}
              description={intl.formatMessage(messages.emptyText)}
            />
          ) : (
            <ul className="notification-list">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  notification={item}
                  onOpen={(id) => void markRead({ ids: [id] }, markReadUpdater)}
                />
              ))}
            </ul>
          )}
        </section>
        <section className="card">
          <CheckboxField
            name="notifyMentions"
            label={intl.formatMessage(messages.mailMentions)}
            hint={intl.formatMessage(messages.mailMentionsHint)}
            isChecked={viewer.user.notifyMentions ?? true}
            onChange={(isChecked) =>
              void setPreference({ notifyMentions: isChecked }, undefined, (store) => {
                store.get(userId)?.setValue(isChecked, 'notifyMentions');
              })
            }
          />
        </section>
      </div>
    </>
  );
}

/**
 * One entry: a mention (who, on which idea, an excerpt) or a new idea (who submitted which; a
 * link to the queue while it awaits acceptance), each a link that also marks it read, and when.
 */
function NotificationItem({
  notification,
  onOpen,
}: {
  notification: NotificationsScreen_notification$key;
  onOpen: (id: string) => void;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment NotificationsScreen_notification on Notification {
        id
        isRead
        createdAt
        kind
        actorName
        idea {
          id
          title
          status
          rejectedAt
          board {
            id
          }
        }
        comment {
          text
        }
      }
    `,
    notification,
  );
  const isNewIdea = data.kind === 'NEW_IDEA';
  const title = intl.formatMessage(isNewIdea ? messages.newIdea : messages.mentionInComment, {
    name: data.actorName ?? intl.formatMessage(messages.someone),
    title: data.idea?.title ?? intl.formatMessage(messages.removedIdea),
  });
  // A new idea that awaits acceptance is acted on in the moderation queue (its board's part);
  // once accepted, merged or not accepted, it is opened on its board.
  const isAwaiting = isNewIdea && data.idea?.status === 'NOT_PUBLIC' && !data.idea.rejectedAt;
  const boardRowId = data.idea ? rowIdOf(data.idea.board.id, 'Board') : null;
  // The plain text: mentions read `@Name`.
  const excerpt = data.comment?.text ?? null;
  return (
    <li className={data.isRead ? 'notification' : 'notification notification--unread'}>
      <p>
        {!data.isRead ? (
          <span className="badge notification__badge">{intl.formatMessage(messages.unread)}</span>
        ) : null}
        {data.idea ? (
          <Link
            className="link"
            to={
              isAwaiting
                ? `/admin/queue?board=${boardRowId}`
                : `/admin/boards/${boardRowId}/ideas/${rowIdOf(data.idea.id, 'Idea')}`
            }
            onClick={() => !data.isRead && onOpen(data.id)}
          >
            {title}
          </Link>
        ) : (
          title
        )}
      </p>
      {/* A new idea's state as it is now, not as it was when it arrived (walkthrough 10b, F10). */}
      {isNewIdea && data.idea ? (
        <p className="notification__excerpt">
          <StatusBadge status={data.idea.status} isRejected={Boolean(data.idea.rejectedAt)} />
        </p>
      ) : null}
      {excerpt ? <p className="notification__excerpt">{excerpt}</p> : null}
      <time className="muted" dateTime={data.createdAt}>
        {intl.formatDate(data.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
    </li>
  );
}
