import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { commonMessages } from '../i18n/common-messages.ts';
import { SessionExpiredError } from '../relay/post-graphql.ts';
import { RateLimitedError, ServerBusyError } from '../relay/rate-limited.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';

const messages = defineMessages({
  title: { id: 'error.title', defaultMessage: 'Something went wrong' },
  reload: { id: 'error.reload', defaultMessage: 'Reload the page' },
  busyTitle: { id: 'error.busy.title', defaultMessage: 'The server is busy for a moment' },
  busyText: {
    id: 'error.busy.text',
    defaultMessage: 'Nothing is lost: trying again in {seconds} s.',
  },
  retry: { id: 'error.busy.retry', defaultMessage: 'Try again' },
});

/**
 * A failed screen. A busy server (503) or one request too many (429) is temporary: the page
 * says so and loads again by itself after the answer's Retry-After, or at once with "Try
 * again"; under /admin it shows inside the console's shell, whose menu stays usable. Anything
 * else gets a generic apology (the session-expired case is already redirecting).
 */
export function RouteError({ isInShell = false }: { isInShell?: boolean }) {
  const intl = useIntl();
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  // The same address again: its loaders run anew and the error boundary starts over.
  const revalidate = useCallback(() => {
    return navigate(location, { replace: true, state: location.state });
  }, [navigate, location]);
  const wait =
    error instanceof ServerBusyError || error instanceof RateLimitedError
      ? error.retryAfterSeconds
      : null;
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => void revalidate(), wait * 1000);
    return () => clearTimeout(timer);
  }, [error, wait, revalidate]);
  if (error instanceof SessionExpiredError) return <PageSpinner />;
  const content = (
    <EmptyState
      headingLevel={1}
      icon="error"
      title={intl.formatMessage(wait === null ? messages.title : messages.busyTitle)}
      description={
        wait === null
          ? intl.formatMessage(commonMessages.genericError)
          : intl.formatMessage(messages.busyText, { seconds: wait })
      }
      action={
        <button
          type="button"
          className="button button--primary"
          onClick={() => (wait === null ? window.location.reload() : void revalidate())}
        >
          {intl.formatMessage(wait === null ? messages.reload : messages.retry)}
        </button>
      }
    />
  );
  // Inside the shell, whose <main> holds it; alone, it is the page's main content.
  return isInShell ? (
    <div className="card">{content}</div>
  ) : (
    <main className="not-found" id="main">
      {content}
    </main>
  );
}
