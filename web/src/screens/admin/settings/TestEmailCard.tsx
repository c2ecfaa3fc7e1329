import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TestEmailCard_user$key } from '../../../../__generated__/TestEmailCard_user.graphql.ts';
import type { useSendTestEmailMutation$data } from '../../../../__generated__/useSendTestEmailMutation.graphql.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
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
  const [send] = useSendTestEmailMutation();
  const [result, setResult] = useState<TResult | null>(null);
  const sendTest = useAction(async () => {
    setResult(null);
    setResult((await send({})).sendTestEmail);
  });
  if (data.role !== 'OWNER' && data.role !== 'ADMIN') return null;

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
        <PendingButton
          className="button button--secondary"
          isPending={sendTest.isPending}
          pendingLabel={intl.formatMessage(settingsMessages.testEmailSending)}
          onClick={() => void sendTest.run()}
        >
          {intl.formatMessage(settingsMessages.testEmailButton)}
        </PendingButton>
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
        ) : null}
      </div>
      <ActionError failure={sendTest.failure} />
    </section>
  );
}
