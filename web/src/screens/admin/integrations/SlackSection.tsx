import { useId } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SlackSection_query$key } from '../../../../__generated__/SlackSection_query.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { SlackConnectionCard } from './SlackConnectionCard.tsx';
import { SlackConnectionForm, slackFailure } from './SlackConnectionForm.tsx';
import { SLACK_EVENTS, slackMessages } from './messages.ts';
import { useConnectSlackMutation } from './useSlackMutations.ts';

/** The Slack part of the integrations screen: the company's connections and the connect form. */
export function SlackSection({ query }: { query: SlackSection_query$key }) {
  const intl = useIntl();
  const titleId = useId();
  const formTitleId = useId();
  const { slackConnections, boards } = useFragment(
    graphql`
      fragment SlackSection_query on Query {
        slackConnections {
          id
          ...SlackConnectionCard_connection
        }
        boards {
          ...SlackConnectionForm_boards
        }
      }
    `,
    query,
  );
  // A disconnected one (@deleteRecord) reads as null in the list until the next fetch.
  const shown = slackConnections.filter((c) => c !== null && c !== undefined);
  const [connect] = useConnectSlackMutation();

  return (
    <section className="card" aria-labelledby={titleId} data-testid="slack-section">
      <h2 id={titleId} className="card__title">
        {intl.formatMessage(slackMessages.title)}
      </h2>
      <p className="muted">{intl.formatMessage(slackMessages.intro)}</p>
      {shown.length === 0 ? (
        <p className="muted">{intl.formatMessage(slackMessages.empty)}</p>
      ) : (
        shown.map((connection) => (
          <SlackConnectionCard key={connection.id} connection={connection} boards={boards} />
        ))
      )}
      <h3 id={formTitleId} className="webhook-card__log-title">
        {intl.formatMessage(slackMessages.addTitle)}
      </h3>
      <SlackConnectionForm
        boards={boards}
        initial={{
          url: '',
          events: [...SLACK_EVENTS],
          boardId: '',
          language: intl.locale.startsWith('pl') ? 'pl-PL' : 'en-US',
        }}
        submitLabel={intl.formatMessage(slackMessages.connect)}
        pendingLabel={intl.formatMessage(slackMessages.connecting)}
        onSubmit={async (values) => {
          const result = (
            await connect(
              {
                url: values.url,
                events: values.events,
                boardId: values.boardId || null,
                language: values.language,
              },
              (store, data) => {
                if (data?.connectSlack.__typename !== 'MutationConnectSlackSuccess') return;
                const created = store.getRootField('connectSlack')?.getLinkedRecord('data');
                const root = store.getRoot();
                const list = root.getLinkedRecords('slackConnections') ?? [];
                if (created) root.setLinkedRecords([created, ...list], 'slackConnections');
              },
            )
          ).connectSlack;
          if (result.__typename === 'MutationConnectSlackSuccess') {
            showToast({ type: 'success', title: slackMessages.saved });
            return null;
          }
          return result.__typename === 'AppError'
            ? slackFailure(result)
            : { descriptor: commonMessages.genericError };
        }}
      />
    </section>
  );
}
