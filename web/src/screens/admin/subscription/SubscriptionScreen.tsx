import { useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';

const messages = defineMessages({
  title: { id: 'subscription.title', defaultMessage: 'Plan and billing' },
  soonTitle: { id: 'subscription.soon.title', defaultMessage: 'Plans are on their way' },
  soonText: {
    id: 'subscription.soon.text',
    defaultMessage:
      'Soon you will pick a plan, activate more boards and show more ideas from here. Your boards keep working on the free plan meanwhile.',
  },
});

/** /admin/subscription: a placeholder until the subscription issue lands. */
export function SubscriptionScreen() {
  const intl = useIntl();
  usePageTitle(messages.title);
  return (
    <>
      <header className="page-header">
        <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
      </header>
      <div className="card">
        <EmptyState
          icon="sparkles"
          title={intl.formatMessage(messages.soonTitle)}
          description={intl.formatMessage(messages.soonText)}
        />
      </div>
    </>
  );
}
