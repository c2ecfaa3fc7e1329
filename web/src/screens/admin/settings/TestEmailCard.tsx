import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { TestEmailCard_user$key } from '../../../../__generated__/TestEmailCard_user.graphql.ts';
import type { TestEmailCardMailDeliveryQuery as TMailDeliveryQuery } from '../../../../__generated__/TestEmailCardMailDeliveryQuery.graphql.ts';
import type { useSendTestEmailMutation$data } from '../../../../__generated__/useSendTestEmailMutation.graphql.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { settingsMessages } from './messages.ts';
import { useSendTestEmailMutation } from './useSendTestEmailMutation.ts';

// What it says before the click: with /admin/company only, not with every settings page.
const messages = defineMessages({
  outbox: {
    id: 'settings.testEmail.outbox',
    defaultMessage:
      'This server sends no mail (SMTP_URL is unset), so nothing reaches {email}: a test email is written to the server’s log, as the confirmation links are. Whoever runs the server can set SMTP_URL to send mail.',
  },
  unconfirmed: {
    id: 'settings.testEmail.unconfirmed',
    defaultMessage:
      'Confirm {email} first: test emails go only to a confirmed address. Open the link we mailed you, or send a new one from <link>Profile settings</link>.',
  },
});

type TResult = useSendTestEmailMutation$data['sendTestEmail'];

/**
 * Whether this server sends mail, read from the store when the address banner already asked
 * (not in the screen's query: anyone outside the team is refused it, which would void it).
 */
const mailDeliveryQuery = graphql`
  query TestEmailCardMailDeliveryQuery {
    mailDelivery
  }
`;

/**
 * Admins: send a test email to themselves and read the SMTP server's exact answer. Before the
 * click it says what will happen: on a server without SMTP the test goes to the server's log
 * (whether or not the address is confirmed, since nothing leaves the server); with SMTP an
 * unconfirmed address must be confirmed first, and the button waits for that.
 */
export function TestEmailCard({ user }: { user: TestEmailCard_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TestEmailCard_user on User {
        role
        email
        emailConfirmed
      }
    `,
    user,
  );
  const environment = useRelayEnvironment();
  const [delivery, setDelivery] = useState<'SMTP' | 'OUTBOX' | null>(null);
  useEffect(() => {
    const subscription = fetchQuery<TMailDeliveryQuery>(
      environment,
      mailDeliveryQuery,
      {},
      { fetchPolicy: 'store-or-network' },
    ).subscribe({
      next: (answer) => setDelivery(answer.mailDelivery === 'OUTBOX' ? 'OUTBOX' : 'SMTP'),
      // Not known: the card reads as it always did, and the server answers the click.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [environment]);
  const [send] = useSendTestEmailMutation();
  const [result, setResult] = useState<TResult | null>(null);
  const sendTest = useAction(async () => {
    setResult(null);
    setResult((await send({})).sendTestEmail);
  });
  if (data.role !== 'OWNER' && data.role !== 'ADMIN') return null;

  const email = data.email ?? '';
  const isOutbox = delivery === 'OUTBOX';
  const mustConfirm = delivery === 'SMTP' && !data.emailConfirmed;
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
        {intl.formatMessage(settingsMessages.testEmailIntro, { email })}
      </p>
      {isOutbox || mustConfirm ? (
        <div className="alert alert--info" role="note" data-testid="test-email-note">
          <Icon name="info" />
          <p id="test-email-note">
            {isOutbox
              ? intl.formatMessage(messages.outbox, { email })
              : intl.formatMessage(messages.unconfirmed, {
                  email,
                  link: (text) => (
                    <Link className="link" to="/admin/profile">
                      {text}
                    </Link>
                  ),
                })}
          </p>
        </div>
      ) : null}
      <div className="card__actions">
        <PendingButton
          className="button button--secondary"
          isPending={sendTest.isPending}
          isDisabled={mustConfirm}
          aria-describedby={isOutbox || mustConfirm ? 'test-email-note' : undefined}
          pendingLabel={intl.formatMessage(settingsMessages.testEmailSending)}
          onClick={() => void sendTest.run()}
        >
          {intl.formatMessage(settingsMessages.testEmailButton)}
        </PendingButton>
      </div>
      <div role="status" aria-live="polite" data-testid="test-email-result">
        {result?.__typename === 'MutationSendTestEmailSuccess' ? (
          <>
            <p className={outcome === 'FAILED' ? 'field__error' : 'field__hint'}>
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
