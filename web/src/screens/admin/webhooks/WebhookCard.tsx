import { useId, useState, useTransition } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { WebhookCard_webhook$key } from '../../../../__generated__/WebhookCard_webhook.graphql.ts';
import type { WebhookCardRefetchQuery } from '../../../../__generated__/WebhookCardRefetchQuery.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TActionFailure } from '../../../ui/useAction.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { deliveryStatusMessages, eventMessages, webhookMessages } from './messages.ts';
import type { TWebhookEventName } from './messages.ts';
import {
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useSetWebhookEnabledMutation,
} from './useWebhookMutations.ts';

/** An empty log cell. */
const NONE = '—';

/** One webhook: its address, events and state, its actions, and its delivery log. */
export function WebhookCard({ webhook }: { webhook: WebhookCard_webhook$key }) {
  const intl = useIntl();
  const titleId = useId();
  const logTitleId = useId();
  const [data, refetch] = useRefetchableFragment<WebhookCardRefetchQuery, WebhookCard_webhook$key>(
    graphql`
      fragment WebhookCard_webhook on Webhook @refetchable(queryName: "WebhookCardRefetchQuery") {
        id
        url
        events
        isEnabled
        board {
          name
        }
        deliveries(first: 20) {
          id
          type
          status
          attempts
          responseStatus
          durationMs
          lastError
          createdAt
        }
      }
    `,
    webhook,
  );
  const [setEnabled] = useSetWebhookEnabledMutation();
  const [sendTest] = useSendWebhookTestMutation();
  const [rotate] = useRotateWebhookSecretMutation();
  const [remove] = useDeleteWebhookMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [isRefreshing, startRefresh] = useTransition();

  const failed = (result: {
    __typename: string;
    message?: string;
    code?: string;
  }): TActionFailure =>
    result.__typename === 'AppError' && result.message
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  const test = useAction(async () => {
    const result = (await sendTest({ webhookId: data.id })).sendWebhookTest;
    if (result.__typename !== 'MutationSendWebhookTestSuccess') return failed(result);
    showToast({
      type: result.data.status === 'SUCCEEDED' ? 'success' : 'warning',
      title:
        result.data.status === 'SUCCEEDED'
          ? webhookMessages.testDelivered
          : webhookMessages.testFailed,
    });
    return null;
  });
  const toggle = useAction(async () => {
    const result = (await setEnabled({ webhookId: data.id, isEnabled: !data.isEnabled }))
      .updateWebhook;
    return result.__typename === 'MutationUpdateWebhookSuccess' ? null : failed(result);
  });
  const rotateSecret = useAction(async () => {
    const result = (await rotate({ webhookId: data.id })).rotateWebhookSecret;
    if (result.__typename !== 'MutationRotateWebhookSecretSuccess') return failed(result);
    setSecret(result.data.secret);
    return null;
  });
  const removeWebhook = useAction(async () => {
    const result = (await remove({ webhookId: data.id })).deleteWebhook;
    return result.__typename === 'MutationDeleteWebhookSuccess' ? null : failed(result);
  });
  const handleRemove = () => {
    if (!isConfirming) {
      setIsConfirming(true);
      return;
    }
    void removeWebhook.run();
  };
  const failure = test.failure ?? toggle.failure ?? rotateSecret.failure ?? removeWebhook.failure;

  return (
    <section className="card webhook-card" aria-labelledby={titleId} data-testid="webhook-card">
      <div className="webhook-card__top">
        <h2 id={titleId} className="card__title webhook-card__url">
          {data.url}
        </h2>
        <span className={`badge${data.isEnabled ? ' badge--public' : ' badge--inactive'}`}>
          {intl.formatMessage(data.isEnabled ? webhookMessages.enabled : webhookMessages.disabled)}
        </span>
      </div>
      <p className="muted">
        {intl.formatList(
          data.events.map((event) => intl.formatMessage(eventMessages[event as TWebhookEventName])),
          { type: 'unit' },
        )}
      </p>
      {data.board ? (
        <p className="muted">
          {intl.formatMessage(webhookMessages.boardOnly, { name: data.board.name })}
        </p>
      ) : null}
      {secret ? <SecretNotice secret={secret} /> : null}
      <div className="button-row">
        <PendingButton
          className="button button--secondary"
          onClick={() => void test.run()}
          isPending={test.isPending}
          pendingLabel={intl.formatMessage(webhookMessages.sending)}
        >
          {intl.formatMessage(webhookMessages.sendTest)}
        </PendingButton>
        <PendingButton
          className="button button--secondary"
          onClick={() => void toggle.run()}
          isPending={toggle.isPending}
        >
          {intl.formatMessage(data.isEnabled ? webhookMessages.disable : webhookMessages.enable)}
        </PendingButton>
        <PendingButton
          className="button button--secondary"
          onClick={() => void rotateSecret.run()}
          isPending={rotateSecret.isPending}
        >
          {intl.formatMessage(webhookMessages.rotate)}
        </PendingButton>
        <PendingButton
          className="button button--danger"
          onClick={handleRemove}
          onBlur={() => setIsConfirming(false)}
          isPending={removeWebhook.isPending}
        >
          {intl.formatMessage(
            isConfirming ? webhookMessages.confirmRemove : webhookMessages.remove,
          )}
        </PendingButton>
      </div>
      <ActionError failure={failure} />
      <div className="webhook-card__log-header">
        <h3 id={logTitleId} className="webhook-card__log-title">
          {intl.formatMessage(webhookMessages.logTitle)}
        </h3>
        <PendingButton
          className="button button--ghost"
          isPending={isRefreshing}
          onClick={() =>
            startRefresh(() => {
              refetch({}, { fetchPolicy: 'network-only' });
            })
          }
        >
          {intl.formatMessage(webhookMessages.refresh)}
        </PendingButton>
      </div>
      {data.deliveries.length === 0 ? (
        <p className="muted">{intl.formatMessage(webhookMessages.logEmpty)}</p>
      ) : (
        // Focusable so that keyboard users can scroll a wide log sideways.
        <div className="table-scroll" role="region" aria-labelledby={logTitleId} tabIndex={0}>
          <table className="table" data-testid="delivery-log">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(webhookMessages.logTime)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logEvent)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logStatus)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logAttempts)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logAnswer)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logDuration)}</th>
                <th scope="col">{intl.formatMessage(webhookMessages.logError)}</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    {intl.formatDate(delivery.createdAt as string, {
                      dateStyle: 'short',
                      timeStyle: 'medium',
                    })}
                  </td>
                  <td>
                    <code>{delivery.type}</code>
                  </td>
                  <td>
                    {intl.formatMessage(deliveryStatusMessages[delivery.status as 'PENDING'])}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.responseStatus ?? NONE}</td>
                  <td>
                    {delivery.durationMs === null || delivery.durationMs === undefined
                      ? NONE
                      : intl.formatNumber(delivery.durationMs, {
                          style: 'unit',
                          unit: 'millisecond',
                        })}
                  </td>
                  <td>{delivery.lastError ?? NONE}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
