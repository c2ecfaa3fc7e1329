import { useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';

const messages = defineMessages({
  title: { id: 'boardUsers.title', defaultMessage: 'Board users' },
  soonTitle: { id: 'boardUsers.soon.title', defaultMessage: 'Board users are coming' },
  soonText: {
    id: 'boardUsers.soon.text',
    defaultMessage: 'Here you will see who votes and comments on this board.',
  },
});

/** /admin/boards/{id}/users: a placeholder (spec: "Board users tab: placeholder only"). */
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
        />
      </div>
    </section>
  );
}
