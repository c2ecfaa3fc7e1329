import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { AccountCard_user$key } from '../../../../__generated__/AccountCard_user.graphql.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { settingsMessages } from './messages.ts';
import { useResendEmailConfirmationMutation } from './useResendEmailConfirmationMutation.ts';

type TResend = { kind: 'sent'; email: string } | { kind: 'refused'; message: string } | null;

/**
 * The email the user logs in with, read-only, and whether its owner has confirmed it: until
 * then no notification or test mail goes to it, so an unconfirmed address offers a new link.
 */
export function AccountCard({ user }: { user: AccountCard_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment AccountCard_user on User {
        email
        emailConfirmed
      }
    `,
    user,
  );
  const [resend, isSending] = useResendEmailConfirmationMutation();
  const [result, setResult] = useState<TResend>(null);

  const handleResend = async () => {
    setResult(null);
    try {
      const { resendEmailConfirmation: answer } = await resend({});
      if (answer.__typename === 'MutationResendEmailConfirmationSuccess') {
        setResult({ kind: 'sent', email: answer.data.email });
        return;
      }
      if (answer.__typename === 'AppError') {
        setResult({ kind: 'refused', message: answer.message });
        return;
      }
    } catch (error) {
      // The server answers 429 when this address has had its links for the hour.
      const isLimited = error instanceof Error && error.message.startsWith('HTTP 429');
      setResult({
        kind: 'refused',
        message: intl.formatMessage(
          isLimited ? settingsMessages.confirmLimited : commonMessages.genericError,
        ),
      });
      return;
    }
    setResult({ kind: 'refused', message: intl.formatMessage(commonMessages.genericError) });
  };

  return (
    <section className="card settings-card" aria-labelledby="account-card-title">
      <h2 id="account-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.accountTitle)}
      </h2>
      <TextField
        name="email"
        label={intl.formatMessage(settingsMessages.email)}
        value={data.email ?? ''}
        type="email"
        hint={intl.formatMessage(settingsMessages.emailHint)}
        isReadOnly
      />
      {data.email ? (
        <div className="email-confirmation" data-testid="email-confirmation">
          {data.emailConfirmed ? (
            <p className="email-confirmation__state">
              <span className="badge badge--public">
                {intl.formatMessage(settingsMessages.confirmedBadge)}
              </span>
              <span className="field__hint">
                {intl.formatMessage(settingsMessages.confirmedHint)}
              </span>
            </p>
          ) : (
            <>
              <p className="email-confirmation__state">
                <span className="badge badge--inactive">
                  {intl.formatMessage(settingsMessages.unconfirmedBadge)}
                </span>
                <span className="field__hint">
                  {intl.formatMessage(settingsMessages.unconfirmedHint, { email: data.email })}
                </span>
              </p>
              <div className="card__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={isSending}
                  onClick={() => void handleResend()}
                >
                  {intl.formatMessage(
                    isSending ? settingsMessages.confirmSending : settingsMessages.confirmResend,
                  )}
                </button>
              </div>
            </>
          )}
          <div role="status" aria-live="polite">
            {result?.kind === 'sent' ? (
              <p className="field__hint">
                {intl.formatMessage(settingsMessages.confirmSent, { email: result.email })}
              </p>
            ) : result?.kind === 'refused' ? (
              <p className="field__error">{result.message}</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
