import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Icon } from '../../../ui/Icon.tsx';

const messages = defineMessages({
  title: { id: 'welcome.title', defaultMessage: 'Welcome to Feedboard!' },
  first: {
    id: 'welcome.first',
    defaultMessage:
      'A board is where your users share ideas, vote for what matters to them and follow your progress.',
  },
  second: {
    id: 'welcome.second',
    defaultMessage:
      'Create your first board, make it public or embed it in your product with a few lines of code.',
  },
  third: {
    id: 'welcome.third',
    defaultMessage:
      'Then move ideas through your roadmap and publish releases so everyone knows what shipped.',
  },
});

/** The welcome card: shown on the dashboard and while a company has no boards. */
export function WelcomeCard({ action }: { action: ReactNode }) {
  const intl = useIntl();
  return (
    <section className="card welcome-card" aria-labelledby="welcome-title">
      <span className="welcome-card__icon" aria-hidden="true">
        <Icon name="sparkles" size={28} />
      </span>
      <div className="welcome-card__text">
        <h2 id="welcome-title" className="welcome-card__title">
          {intl.formatMessage(messages.title)}
        </h2>
        <p>{intl.formatMessage(messages.first)}</p>
        <p>{intl.formatMessage(messages.second)}</p>
        <p>{intl.formatMessage(messages.third)}</p>
        <div className="welcome-card__action">{action}</div>
      </div>
    </section>
  );
}
