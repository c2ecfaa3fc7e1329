import { useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { DashboardScreenQuery as TDashboardScreenQuery } from '../../../../__generated__/DashboardScreenQuery.graphql.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { WelcomeCard } from '../boards/WelcomeCard.tsx';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
  greeting: { id: 'dashboard.greeting', defaultMessage: 'Hello, {name}!' },
  intro: {
    id: 'dashboard.intro',
    defaultMessage: 'Here is where {company} listens to its users.',
  },
  createBoard: { id: 'dashboard.createBoard', defaultMessage: 'Create your first board' },
});

export const dashboardScreenQuery = graphql`
  query DashboardScreenQuery {
    viewer {
      user {
        displayName
      }
      company {
        name
      }
    }
  }
`;

/** /admin/dashboard: a greeting and the welcome card inviting the first board. */
export function DashboardScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TDashboardScreenQuery>;
  const { viewer } = usePreloadedQuery<TDashboardScreenQuery>(dashboardScreenQuery, queryRef);
  usePageTitle(messages.title);
  if (!viewer) return null;
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">
            {intl.formatMessage(messages.greeting, { name: viewer.user.displayName })}
          </h1>
          <p className="page-header__intro">
            {intl.formatMessage(messages.intro, { company: viewer.company.name })}
          </p>
        </div>
      </header>
      <WelcomeCard
        action={
          <Link to="/admin/boards?create=true" className="button button--primary">
            <Icon name="plus" size={18} />
            {intl.formatMessage(messages.createBoard)}
          </Link>
        }
      />
    </>
  );
}
