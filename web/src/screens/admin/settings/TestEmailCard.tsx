import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TestEmailCard_user$key } from '../../../../__generated__/TestEmailCard_user.graphql.ts';
import type { useSendTestEmailMutation$data } from '../../../../__generated__/useSendTestEmailMutation.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { settingsMessages } from './messages.ts';
import { useSendTestEmailMutation } from './useSendTestEmailMutation.ts';

type TResult = useSendTestEmailMutation$data['sendTestEmail'];

/** Admins: send a test email to themselves and read the SMTP server's exact answer. */
export function TestEmailCard({ user }: { user: TestEmailCard_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TestEmailCard_user on User {
        role
        email
      }
    `,
    user,
  );
  const [send, isSending] = useSendTestEmailMutation();
  const [result, setResult] = useState<TResult | null>(null);
  const [isBroken, setIsBroken] = useState(false);
  if (data.role !== 'OWNER' && data.role !== 'ADMIN') return null;

  const handleSend = async () => {
    setResult(null);
    setIsBroken(false);
    try {
      setResult((await send({})).sendTestEmail);
    } catch {
      setIsBroken(true);
    }
  };

  const outcome =
    result?.__typename === 'MutationSendTestEmailSuccess' ? result.data.outcome : null;
  const outcomeMessage =
    outcome === 'SENT'
      ? settingsMessages.testEmailSent
      : outcome === 'FAILED'
        ? settingsMessages.testEmailFailed
        : settingsMessages.testEmailNotConfigured;

  return (
    <section className="card settings-card" aria-labelledby="test-email-card-title">
      <h2 id="test-email-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.testEmailTitle)}
      </h2>
      <p className="card__intro">
        {intl.formatMessage(settingsMessages.testEmailIntro, { email: data.email ?? '' })}
      </p>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={isSending}
          onClick={() => void handleSend()}
        >
          {intl.formatMessage(
            isSending ? settingsMessages.testEmailSending : settingsMessages.testEmailButton,
          )}
        </button>
      </div>
      <div role="status" aria-live="polite" data-testid="test-email-result">
        {result?.__typename === 'MutationSendTestEmailSuccess' ? (
          <>
            <p className={outcome === 'SENT' ? 'field__hint' : 'field__error'}>
              {intl.formatMessage(outcomeMessage, { email: result.data.to })}
            </p>
            <pre className="smtp-answer">{result.data.response}</pre>
          </>
        ) : result?.__typename === 'AppError' ? (
          <p className="field__error">{result.message}</p>
        ) : isBroken ? (
          <p className="field__error">{intl.formatMessage(commonMessages.genericError)}</p>
        ) : null}
      </div>
    </section>
  );
}
