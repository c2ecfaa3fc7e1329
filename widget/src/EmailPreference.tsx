/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { TNotifications } from './api.ts';
import type { TWidget } from './widget-context.ts';

const CHOICES: TNotifications[] = ['ALL', 'MY_IDEAS', 'NONE'];

/**
 * The signed-in user's notification emails (regular and SSO users alike): a disclosure that
 * reads the stored choice when opened (saying it is loading only then) and saves a new one as
 * soon as it is picked.
 */
export function EmailPreference({ widget }: { widget: TWidget }) {
  const { t, api } = widget;
  const [profile, setProfile] = useState<{
    email: string | null;
    emailConfirmed: boolean;
    notifications: TNotifications;
  } | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed' | 'resent' | 'limited'>(
    'idle',
  );

  // Closed, the section holds only its summary: nothing is read, nothing says it is loading.
  const [isOpen, setIsOpen] = useState(false);

  const handleToggle = (event: Event) => {
    const open = (event.currentTarget as HTMLDetailsElement).open;
    setIsOpen(open);
    if (!open || profile) return;
    api.profile().then(
      (answer) =>
        setProfile({
          email: answer.email,
          emailConfirmed: answer.emailConfirmed,
          notifications: answer.notifications,
        }),
      () => setState('failed'),
    );
  };

  // Mail goes only to a confirmed address (SSO emails are confirmed by the company's token).
  const handleResend = async () => {
    try {
      await api.resendConfirmation();
      setState('resent');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 429 ? 'limited' : 'failed');
    }
  };

  const handleChange = async (notifications: TNotifications) => {
    setState('saving');
    try {
      const answer = await api.setNotifications(notifications);
      setProfile((current) => current && { ...current, notifications: answer.notifications });
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  return (
    <details class="prefs" onToggle={handleToggle} data-testid="email-preference">
      <summary>{t('prefs.title')}</summary>
      {profile ? (
        <div class="prefs-body">
          {profile.email ? null : <p class="muted">{t('prefs.noEmail')}</p>}
          {profile.email && !profile.emailConfirmed ? (
            <p class="muted">
              {t('prefs.unconfirmed', { email: profile.email })}{' '}
              <button type="button" class="link" onClick={() => void handleResend()}>
                {t('prefs.resend')}
              </button>
            </p>
          ) : null}
          <label>
            <span>{t('prefs.label')}</span>
            <select
              value={profile.notifications}
              disabled={state === 'saving'}
              onChange={(event) =>
                void handleChange(
                  (event.currentTarget as HTMLSelectElement).value as TNotifications,
                )
              }
            >
              {CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`prefs.${choice}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : isOpen && state !== 'failed' ? (
        <p class="muted">{t('loading')}</p>
      ) : null}
      <p class={state === 'failed' || state === 'limited' ? 'field-error' : 'muted'} role="status">
        {state === 'saved'
          ? t('prefs.saved')
          : state === 'resent'
            ? t('prefs.resent', { email: profile?.email ?? '' })
            : state === 'limited'
              ? t('prefs.resendLimited')
              : state === 'failed'
                ? t('error.generic')
                : ''}
      </p>
    </details>
  );
}
