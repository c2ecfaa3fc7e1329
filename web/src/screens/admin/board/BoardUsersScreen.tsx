import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';

const messages = defineMessages({
  title: { id: 'boardUsers.title', defaultMessage: 'Board users' },
  soonTitle: { id: 'boardUsers.where.title', defaultMessage: 'Your users are on the Users page' },
  soonText: {
    id: 'boardUsers.where.text',
    defaultMessage:
      'Everyone who signed up to vote and comment on your boards is listed on the Users page. The voters of one idea are in its window, under Voters.',
  },
  open: { id: 'boardUsers.where.open', defaultMessage: 'Open the Users page' },
});

/**
 * /admin/boards/{id}/users: a placeholder (spec: "Board users tab: placeholder only") that says
 * where the people are (the company's Users page, an idea's voters) instead of "coming soon".
 */
export function BoardUsersScreen() {
  const intl = useIntl();
  return (
    <section aria-labelledby="board-users-title">
      <header className="section-header">
        <h2 id="board-users-title" className="section-header__title">
          {intl.formatMessage(messages.title)}
        </h2>
      </header>
      <div className="card">
        <EmptyState
          icon="users"
          headingLevel={3}
          title={intl.formatMessage(messages.soonTitle)}
          description={intl.formatMessage(messages.soonText)}
          action={
            <Link to="/admin/users" className="button button--secondary">
              {intl.formatMessage(messages.open)}
            </Link>
          }
        />
      </div>
    </section>
  );
}
