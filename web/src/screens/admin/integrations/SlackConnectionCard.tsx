import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SlackConnectionCard_connection$key } from '../../../../__generated__/SlackConnectionCard_connection.graphql.ts';
import type { SlackConnectionForm_boards$key } from '../../../../__generated__/SlackConnectionForm_boards.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TActionFailure } from '../../../ui/useAction.ts';
import { deliveryStatusMessages } from '../webhooks/messages.ts';
import { SlackConnectionForm, slackFailure } from './SlackConnectionForm.tsx';
import { slackEventMessages, slackLanguageMessages, slackMessages } from './messages.ts';
import type { TSlackEventName, TSlackLanguage } from './messages.ts';
import {
  useDisconnectSlackMutation,
  useSendSlackTestMutation,
  useUpdateSlackConnectionMutation,
} from './useSlackMutations.ts';

/** One Slack connection: where it posts, what about, its last delivery, and its actions. */
export function SlackConnectionCard({
  connection,
  boards,
}: {
  connection: SlackConnectionCard_connection$key;
  boards: SlackConnectionForm_boards$key;
}) {
  const intl = useIntl();
  const titleId = useId();
  const data = useFragment(
    graphql`
      fragment SlackConnectionCard_connection on SlackIntegration {
        id
        urlHint
        events
        language
        board {
          id
          name
        }
        deliveries(first: 1) {
          id
          status
          lastError
          createdAt
        }
      }
    `,
    connection,
  );
  const [update] = useUpdateSlackConnectionMutation();
  const [sendTest] = useSendSlackTestMutation();
  const [disconnect] = useDisconnectSlackMutation();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);

  const failed = (result: {
    __typename: string;
    message?: string;
    code?: string;
  }): TActionFailure =>
    result.__typename === 'AppError' && result.message
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  const test = useAction(async () => {
    const result = (await sendTest({ slackConnectionId: data.id })).sendSlackTest;
    if (result.__typename !== 'MutationSendSlackTestSuccess') return failed(result);
    const isDelivered = result.data.status === 'SUCCEEDED';
    showToast({
      type: isDelivered ? 'success' : 'warning',
      title: isDelivered ? slackMessages.testDelivered : slackMessages.testFailed,
    });
    return null;
  });
  const remove = useAction(async () => {
    const result = (await disconnect({ slackConnectionId: data.id })).disconnectSlack;
    return result.__typename === 'MutationDisconnectSlackSuccess' ? null : failed(result);
  });
  const handleDisconnect = () => {
    if (!isConfirming) {
      setIsConfirming(true);
      return;
    }
    void remove.run();
  };
  const last = data.deliveries[0];
  const lastText = last
    ? intl.formatMessage(slackMessages.deliveryLine, {
        status: intl.formatMessage(deliveryStatusMessages[last.status as 'PENDING']),
        time: intl.formatDate(last.createdAt as string, {
          dateStyle: 'short',
          timeStyle: 'medium',
        }),
      }) + (last.lastError ? ` · ${last.lastError}` : '')
    : intl.formatMessage(slackMessages.noDelivery);

  return (
    <section className="card webhook-card" aria-labelledby={titleId} data-testid="slack-connection">
      <div className="webhook-card__top">
        <h3 id={titleId} className="card__title webhook-card__url">
          {intl.formatMessage(slackMessages.connectionTitle, { hint: data.urlHint })}
        </h3>
        <span className="badge">
          {intl.formatMessage(slackLanguageMessages[data.language as TSlackLanguage])}
        </span>
      </div>
      <p className="muted">
        {intl.formatList(
          data.events.map((event) =>
            intl.formatMessage(slackEventMessages[event as TSlackEventName]),
          ),
          { type: 'unit' },
        )}
      </p>
      <p className="muted">
        {data.board
          ? intl.formatMessage(slackMessages.boardOnly, { name: data.board.name })
          : intl.formatMessage(slackMessages.everyBoard)}
      </p>
      <p data-testid="slack-last-delivery">
        {intl.formatMessage(slackMessages.lastDelivery, { line: lastText })}
      </p>
      {isEditing ? (
        <>
          <h4 className="webhook-card__log-title">{intl.formatMessage(slackMessages.editTitle)}</h4>
          <SlackConnectionForm
            boards={boards}
            urlHint={data.urlHint}
            initial={{
              url: '',
              events: data.events as TSlackEventName[],
              boardId: data.board?.id ?? '',
              language: data.language as TSlackLanguage,
            }}
            submitLabel={intl.formatMessage(slackMessages.save)}
            pendingLabel={intl.formatMessage(slackMessages.saving)}
            onCancel={() => setIsEditing(false)}
            onSubmit={async (values) => {
              const result = (
                await update({
                  slackConnectionId: data.id,
                  url: values.url.trim() || null,
                  events: values.events,
                  boardId: values.boardId || null,
                  language: values.language,
                })
              ).updateSlackConnection;
              if (result.__typename === 'MutationUpdateSlackConnectionSuccess') {
                setIsEditing(false);
                showToast({ type: 'success', title: slackMessages.saved });
                return null;
              }
              return result.__typename === 'AppError'
                ? slackFailure(result)
                : { descriptor: commonMessages.genericError };
            }}
          />
        </>
      ) : (
        <div className="button-row">
          <PendingButton
            className="button button--secondary"
            onClick={() => void test.run()}
            isPending={test.isPending}
            pendingLabel={intl.formatMessage(slackMessages.sending)}
          >
            {intl.formatMessage(slackMessages.sendTest)}
          </PendingButton>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setIsEditing(true)}
          >
            {intl.formatMessage(slackMessages.edit)}
          </button>
          <PendingButton
            className="button button--danger"
            onClick={handleDisconnect}
            onBlur={() => setIsConfirming(false)}
            isPending={remove.isPending}
          >
            {intl.formatMessage(
              isConfirming ? slackMessages.confirmDisconnect : slackMessages.disconnect,
            )}
          </PendingButton>
        </div>
      )}
      <ActionError failure={test.failure ?? remove.failure} />
    </section>
  );
}
