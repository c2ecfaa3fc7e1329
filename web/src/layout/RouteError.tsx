import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { useRouteError } from 'react-router-dom';
import { commonMessages } from '../i18n/common-messages.ts';
import { SessionExpiredError } from '../relay/post-graphql.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';

const messages = defineMessages({
  title: { id: 'error.title', defaultMessage: 'Something went wrong' },
  reload: { id: 'error.reload', defaultMessage: 'Reload the page' },
});

/** A failed screen: a generic apology (the session-expired case is already redirecting). */
export function RouteError() {
  const intl = useIntl();
  const error = useRouteError();
  if (error instanceof SessionExpiredError) return <PageSpinner />;
  return (
    <main className="not-found" id="main">
      <EmptyState
        headingLevel={1}
        icon="error"
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(commonMessages.genericError)}
        action={
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.location.reload()}
          >
            {intl.formatMessage(messages.reload)}
          </button>
        }
      />
    </main>
  );
}
