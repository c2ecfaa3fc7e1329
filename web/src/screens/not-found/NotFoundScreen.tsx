import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

export const NOT_FOUND_REDIRECT_MS = 2000;

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found' },
  description: {
    id: 'notFound.description',
    defaultMessage: 'The page you are looking for does not exist. Taking you home in a moment…',
  },
  home: { id: 'notFound.home', defaultMessage: 'Go to the home page' },
});

/** Any unknown path: says so, then goes home after 2 seconds. */
export function NotFoundScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(messages.title);

  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="not-found">
      <EmptyState
        headingLevel={1}
        icon="compass"
        title={
          <>
            <span className="not-found__code" aria-hidden="true">
              {intl.formatNumber(404)}
            </span>
            {intl.formatMessage(messages.title)}
          </>
        }
        description={intl.formatMessage(messages.description)}
        action={
          <Link to="/" className="button button--primary">
            {intl.formatMessage(messages.home)}
          </Link>
        }
      />
    </div>
  );
}
