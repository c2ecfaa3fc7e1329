import { useId, useState, useTransition } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { WebhookCard_webhook$key } from '../../../../__generated__/WebhookCard_webhook.graphql.ts';
import type { WebhookCardRefetchQuery } from '../../../../__generated__/WebhookCardRefetchQuery.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
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
  const [setEnabled, isToggling] = useSetWebhookEnabledMutation();
  const [sendTest, isTesting] = useSendWebhookTestMutation();
  const [rotate, isRotating] = useRotateWebhookSecretMutation();
  const [remove, isRemoving] = useDeleteWebhookMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [isRefreshing, startRefresh] = useTransition();

  const failed = (error?: unknown) => {
    if (error) console.error('webhook action failed', error);
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
  };
  const handleTest = async () => {
    try {
      const result = (await sendTest({ webhookId: data.id })).sendWebhookTest;
      if (result.__typename !== 'MutationSendWebhookTestSuccess') return failed();
      showToast({
        type: result.data.status === 'SUCCEEDED' ? 'success' : 'warning',
        title:
          result.data.status === 'SUCCEEDED'
            ? webhookMessages.testDelivered
            : webhookMessages.testFailed,
      });
    } catch (error) {
      failed(error);
    }
  };
  const handleToggle = async () => {
    try {
      const result = (await setEnabled({ webhookId: data.id, isEnabled: !data.isEnabled }))
        .updateWebhook;
      if (result.__typename !== 'MutationUpdateWebhookSuccess') failed();
    } catch (error) {
      failed(error);
    }
  };
  const handleRotate = async () => {
    try {
      const result = (await rotate({ webhookId: data.id })).rotateWebhookSecret;
      if (result.__typename === 'MutationRotateWebhookSecretSuccess') setSecret(result.data.secret);
      else failed();
    } catch (error) {
      failed(error);
    }
  };
  const handleRemove = async () => {
    if (!isConfirming) {
      setIsConfirming(true);
      return;
    }
    try {
      const result = (await remove({ webhookId: data.id })).deleteWebhook;
      if (result.__typename !== 'MutationDeleteWebhookSuccess') failed();
    } catch (error) {
      failed(error);
    }
  };

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
        <button
          type="button"
          className="button button--secondary"
          onClick={handleTest}
          disabled={isTesting}
        >
          {intl.formatMessage(isTesting ? webhookMessages.sending : webhookMessages.sendTest)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={handleToggle}
          disabled={isToggling}
        >
          {intl.formatMessage(data.isEnabled ? webhookMessages.disable : webhookMessages.enable)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={handleRotate}
          disabled={isRotating}
        >
          {intl.formatMessage(webhookMessages.rotate)}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={handleRemove}
          onBlur={() => setIsConfirming(false)}
          disabled={isRemoving}
        >
          {intl.formatMessage(
            isConfirming ? webhookMessages.confirmRemove : webhookMessages.remove,
          )}
        </button>
      </div>
      <div className="webhook-card__log-header">
        <h3 id={logTitleId} className="webhook-card__log-title">
          {intl.formatMessage(webhookMessages.logTitle)}
        </h3>
        <button
          type="button"
          className="button button--ghost"
          disabled={isRefreshing}
          onClick={() =>
            startRefresh(() => {
              refetch({}, { fetchPolicy: 'network-only' });
            })
          }
        >
          {intl.formatMessage(webhookMessages.refresh)}
        </button>
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
