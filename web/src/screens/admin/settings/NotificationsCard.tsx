import { graphql, useFragment } from 'react-relay';
import type {
  NotificationPreference,
  NotificationsCard_user$key,
} from '../../../../__generated__/NotificationsCard_user.graphql.ts';
import { ChoiceCard } from './ChoiceCard.tsx';
import type { TChoice } from './ChoiceCard.tsx';
import { settingsMessages } from './messages.ts';
import { useSetNotificationPreferenceMutation } from './useSetNotificationPreferenceMutation.ts';

const OPTIONS: readonly TChoice<NotificationPreference>[] = [
  { value: 'ALL', label: settingsMessages.notifyAll, hint: settingsMessages.notifyAllHint },
  {
    value: 'MY_IDEAS',
    label: settingsMessages.notifyMyIdeas,
    hint: settingsMessages.notifyMyIdeasHint,
  },
  { value: 'NONE', label: settingsMessages.notifyNone, hint: settingsMessages.notifyNoneHint },
];

/** Which notification mails the user gets: saved as soon as an option is picked. */
export function NotificationsCard({ user }: { user: NotificationsCard_user$key }) {
  const data = useFragment(
    graphql`
      fragment NotificationsCard_user on User {
        id
        notifications
      }
    `,
    user,
  );
  const [save, isSaving] = useSetNotificationPreferenceMutation();
  const current = data.notifications ?? 'ALL';

  return (
    <ChoiceCard
      id="notifications-card-title"
      name="notifications"
      title={settingsMessages.notificationsTitle}
      intro={settingsMessages.notificationsIntro}
      choices={OPTIONS}
      current={current}
      isSaving={isSaving}
      save={async (notifications) => {
        const { setNotificationPreference: result } = await save({ notifications }, (store) => {
          store.get(data.id)?.setValue(notifications, 'notifications');
        });
        return result.__typename === 'MutationSetNotificationPreferenceSuccess';
      }}
    />
  );
}
