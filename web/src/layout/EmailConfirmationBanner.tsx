import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { EmailConfirmationBanner_user$key } from '../../__generated__/EmailConfirmationBanner_user.graphql.ts';
import type { EmailConfirmationBannerMailDeliveryQuery as TMailDeliveryQuery } from '../../__generated__/EmailConfirmationBannerMailDeliveryQuery.graphql.ts';
import type { EmailConfirmationBannerResendMutation as TResend } from '../../__generated__/EmailConfirmationBannerResendMutation.graphql.ts';
import { commonMessages } from '../i18n/common-messages.ts';
import { defineMessages } from '../i18n/define-messages.ts';
import { RateLimitedError, minutesToWait } from '../relay/rate-limited.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';
import { Icon } from '../ui/Icon.tsx';
import { PendingButton } from '../ui/PendingButton.tsx';
import { useAction } from '../ui/useAction.ts';

const messages = defineMessages({
  label: { id: 'confirmBanner.label', defaultMessage: 'Email address confirmation' },
  text: {
    id: 'confirmBanner.text',
    defaultMessage: 'Confirm your address {email} to send invitations and notifications by mail.',
  },
  textOutbox: {
    id: 'confirmBanner.text.outbox',
    defaultMessage:
      'This server sends no mail: the link that confirms {email} is in the server’s log. Invitations work meanwhile: each gives you a link to copy to your teammate.',
  },
  resend: { id: 'confirmBanner.resend', defaultMessage: 'Send again' },
  sending: { id: 'confirmBanner.sending', defaultMessage: 'Sending…' },
  sent: {
    id: 'confirmBanner.sent',
    defaultMessage:
      'A new confirmation link is on its way to {email}. It works once, for 24 hours.',
  },
  sentOutbox: {
    id: 'confirmBanner.sent.outbox',
    defaultMessage:
      'This server sends no mail: the new confirmation link for {email} is only in the server’s log. It works once, for 24 hours.',
  },
  limited: {
    id: 'confirmBanner.limited',
    defaultMessage:
      'Several links went to this address lately. You can ask for another in {minutes, plural, one {# minute} other {# minutes}}; check your spam folder meanwhile.',
  },
  hide: { id: 'confirmBanner.hide', defaultMessage: 'Hide until the next visit' },
});

/**
 * Whether this server sends mail (the team may ask): read when "Send again" is pressed, from the
 * store when a screen already read it. Not in the shell's query: a session that must set up
 * two-factor sign-in first (and any end user) is refused it, which would void the whole query.
 */
const mailDeliveryQuery = graphql`
  query EmailConfirmationBannerMailDeliveryQuery {
    mailDelivery
  }
`;

/** Hidden for the rest of the browser tab's session (per address), never for longer. */
const HIDDEN_KEY = 'feedboard.confirmBanner.hiddenFor';

function isHiddenFor(email: string): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === email;
  } catch {
    return false;
  }
}

/**
 * The console shell's notice while the signed-in user's address is unconfirmed: until they
 * follow the mailed link, invitation and notification mails wait. "Send again" mails a new link
 * (limited per address: a 429 says how long to wait); on a server that sends no mail it says the
 * link is only in the server's log. Hiding it lasts for the tab's session;
 * it returns while the address stays unconfirmed.
 */
export function EmailConfirmationBanner({ user }: { user: EmailConfirmationBanner_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment EmailConfirmationBanner_user on User {
        email
        emailConfirmed
      }
    `,
    user,
  );
  const [resend] = usePromiseMutation<TResend>(graphql`
    mutation EmailConfirmationBannerResendMutation {
      resendEmailConfirmation {
        __typename
        ... on MutationResendEmailConfirmationSuccess {
          data {
            email
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const environment = useRelayEnvironment();
  const [isHidden, setIsHidden] = useState(() => (data.email ? isHiddenFor(data.email) : true));
  const [sent, setSent] = useState<{ email: string; isOutbox: boolean } | null>(null);
  const [isOutbox, setIsOutbox] = useState(false);
  const readDelivery = () =>
    fetchQuery<TMailDeliveryQuery>(
      environment,
      mailDeliveryQuery,
      {},
      {
        fetchPolicy: 'store-or-network',
      },
    )
      .toPromise()
      .then((answer) => answer?.mailDelivery ?? null)
      // Not known: today's words (the server mails when it can).
      .catch(() => null);
  const isShown = Boolean(data.email && !data.emailConfirmed && !isHidden);
  // While it shows, whether this server mails at all: without SMTP the banner says where the
  // link is and that invitations work by link (walkthrough 10: "Send again" on a server that
  // sends nothing, and no word that a teammate can still be invited).
  useEffect(() => {
    if (!isShown) return;
    let isCurrent = true;
    void readDelivery().then((delivery) => {
      if (isCurrent) setIsOutbox(delivery === 'OUTBOX');
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once each time it shows
  }, [isShown]);
  const send = useAction(async () => {
    setSent(null);
    const delivery = readDelivery();
    try {
      const answer = (await resend({})).resendEmailConfirmation;
      if (answer.__typename === 'MutationResendEmailConfirmationSuccess') {
        setSent({ email: answer.data.email, isOutbox: (await delivery) === 'OUTBOX' });
        return null;
      }
      if (answer.__typename === 'AppError') return { text: answer.message, code: answer.code };
    } catch (error) {
      if (error instanceof RateLimitedError) {
        const minutes = minutesToWait(error.retryAfterSeconds);
        return { text: intl.formatMessage(messages.limited, { minutes }) };
      }
      throw error;
    }
    return { descriptor: commonMessages.genericError };
  });

  if (!data.email || data.emailConfirmed || isHidden) return null;
  const email = data.email;
  const hide = () => {
    try {
      sessionStorage.setItem(HIDDEN_KEY, email);
    } catch {
      // No storage (a private window's quota): hidden until the page reloads.
    }
    setIsHidden(true);
  };
  const failure = send.failure;
  return (
    <section
      className="confirm-banner"
      aria-label={intl.formatMessage(messages.label)}
      data-testid="confirm-banner"
    >
      <Icon name="mail" size={20} />
      <div className="confirm-banner__body">
        <p className="confirm-banner__text">
          {intl.formatMessage(isOutbox ? messages.textOutbox : messages.text, { email })}
        </p>
        <div role="status" aria-live="polite" className="confirm-banner__status">
          {sent
            ? intl.formatMessage(sent.isOutbox ? messages.sentOutbox : messages.sent, {
                email: sent.email,
              })
            : null}
          {failure
            ? 'text' in failure
              ? failure.text
              : intl.formatMessage(failure.descriptor, failure.values)
            : null}
        </div>
      </div>
      <div className="confirm-banner__actions">
        <PendingButton
          className="button button--secondary"
          isPending={send.isPending}
          pendingLabel={intl.formatMessage(messages.sending)}
          onClick={() => void send.run()}
        >
          {intl.formatMessage(messages.resend)}
        </PendingButton>
        <button
          type="button"
          className="icon-button"
          aria-label={intl.formatMessage(messages.hide)}
          onClick={hide}
        >
          <Icon name="close" />
        </button>
      </div>
    </section>
  );
}
