import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type {
  NotificationPreference,
  NotificationsCard_user$key,
} from '../../../../__generated__/NotificationsCard_user.graphql.ts';
import { toastSaved, toastSaveFailed } from '../../../toast/save-toasts.ts';
import { settingsMessages } from './messages.ts';
import { useSetNotificationPreferenceMutation } from './useSetNotificationPreferenceMutation.ts';

const OPTIONS = [
  { value: 'ALL', label: settingsMessages.notifyAll, hint: settingsMessages.notifyAllHint },
  {
    value: 'MY_IDEAS',
    label: settingsMessages.notifyMyIdeas,
    hint: settingsMessages.notifyMyIdeasHint,
  },
  { value: 'NONE', label: settingsMessages.notifyNone, hint: settingsMessages.notifyNoneHint },
] as const;

/** Which notification mails the user gets: saved as soon as an option is picked. */
export function NotificationsCard({ user }: { user: NotificationsCard_user$key }) {
  const intl = useIntl();
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

  const handleChange = async (notifications: NotificationPreference) => {
    try {
      const { setNotificationPreference: result } = await save({ notifications }, (store) => {
        store.get(data.id)?.setValue(notifications, 'notifications');
      });
      if (result.__typename === 'MutationSetNotificationPreferenceSuccess') {
        toastSaved();
        return;
      }
    } catch {
      // fall through to the toast
    }
    toastSaveFailed();
  };

  return (
    <section className="card settings-card" aria-labelledby="notifications-card-title">
      <h2 id="notifications-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.notificationsTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(settingsMessages.notificationsIntro)}</p>
      <fieldset className="radio-group" disabled={isSaving}>
        <legend className="visually-hidden">
          {intl.formatMessage(settingsMessages.notificationsTitle)}
        </legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="radio">
            <input
              type="radio"
              name="notifications"
              value={option.value}
              checked={current === option.value}
              onChange={() => void handleChange(option.value)}
            />
            <span>
              <span className="radio__label">{intl.formatMessage(option.label)}</span>
              <span className="field__hint">{intl.formatMessage(option.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
