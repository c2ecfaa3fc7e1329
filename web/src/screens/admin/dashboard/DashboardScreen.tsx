import { useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { useCallback, useContext } from 'react';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { DashboardScreenQuery as TDashboardScreenQuery } from '../../../../__generated__/DashboardScreenQuery.graphql.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { WelcomeCard } from '../boards/WelcomeCard.tsx';
import { hasRole, RoleContext } from '../../../layout/nav-items.ts';
import { Checklist } from './Checklist.tsx';
import { DashboardActivity } from './DashboardActivity.tsx';
import { SampleIdeasCard } from './SampleIdeasCard.tsx';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
  greeting: { id: 'dashboard.greeting', defaultMessage: 'Hello, {name}!' },
  intro: {
    id: 'dashboard.intro',
    defaultMessage: 'Here is where {company} listens to its users.',
  },
  createBoard: { id: 'dashboard.createBoard', defaultMessage: 'Create your first board' },
  boardsTitle: { id: 'dashboard.boards.title', defaultMessage: 'Your boards' },
  boardsCount: {
    id: 'dashboard.boards.count',
    defaultMessage:
      '{count, plural, one {You have # board} other {You have # boards}}, {active, plural, one {# active} other {# active}}.',
  },
  openBoards: { id: 'dashboard.boards.open', defaultMessage: 'Go to your boards' },
  newBoard: { id: 'dashboard.boards.new', defaultMessage: 'New board' },
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
      dashboard {
        checklist {
          ...Checklist_checklist
        }
        ...SampleIdeasCard_dashboard
        ...DashboardActivity_dashboard
      }
    }
    boards {
      active
    }
  }
`;

/**
 * /admin/dashboard: a greeting, the first-week checklist until it is done or hidden, the offer of
 * sample ideas on a new company's first board, this week's counts and what the team acts on.
 */
export function DashboardScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TDashboardScreenQuery>;
  const { viewer, boards } = usePreloadedQuery<TDashboardScreenQuery>(
    dashboardScreenQuery,
    queryRef,
  );
  usePageTitle(messages.title);
  const environment = useRelayEnvironment();
  const role = useContext(RoleContext);
  const isAdmin = hasRole(role, 'ADMIN');
  // After a change the screen's query is read again; the store updates what it shows.
  const refresh = useCallback(async () => {
    await fetchQuery<TDashboardScreenQuery>(
      environment,
      dashboardScreenQuery,
      {},
      { fetchPolicy: 'network-only' },
    ).toPromise();
  }, [environment]);
  if (!viewer) return null;
  const dashboard = viewer.dashboard;
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title dashboard__greeting">
            {intl.formatMessage(messages.greeting, { name: viewer.user.displayName })}
          </h1>
          <p className="page-header__intro">
            {intl.formatMessage(messages.intro, { company: viewer.company.name })}
          </p>
        </div>
      </header>
      <div className="dashboard">
        {dashboard && (
          <Checklist checklist={dashboard.checklist} canDismiss={isAdmin} onChanged={refresh} />
        )}
        {dashboard && isAdmin && <SampleIdeasCard dashboard={dashboard} onChanged={refresh} />}
        {boards.length === 0 ? (
          <WelcomeCard
            action={
              <Link to="/admin/boards?create=true" className="button button--primary">
                <Icon name="plus" size={18} />
                {intl.formatMessage(messages.createBoard)}
              </Link>
            }
          />
        ) : (
          <section className="card dashboard-card" aria-labelledby="dashboard-boards-title">
            <span className="welcome-card__icon" aria-hidden="true">
              <Icon name="boards" size={28} />
            </span>
            <div className="dashboard-card__text">
              <h2 id="dashboard-boards-title" className="card__title">
                {intl.formatMessage(messages.boardsTitle)}
              </h2>
              <p className="muted">
                {intl.formatMessage(messages.boardsCount, {
                  count: boards.length,
                  active: boards.filter((board) => board.active).length,
                })}
              </p>
            </div>
            <div className="dashboard-card__actions">
              <Link to="/admin/boards?create=true" className="button button--secondary">
                <Icon name="plus" size={18} />
                {intl.formatMessage(messages.newBoard)}
              </Link>
              <Link to="/admin/boards" className="button button--primary">
                {intl.formatMessage(messages.openBoards)}
              </Link>
            </div>
          </section>
        )}
        {dashboard && boards.length > 0 && <DashboardActivity dashboard={dashboard} />}
      </div>
    </>
  );
}
