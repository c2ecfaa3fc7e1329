import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { WebhooksScreenQuery as TWebhooksScreenQuery } from '../../../../__generated__/WebhooksScreenQuery.graphql.ts';
import { Field } from '../../../forms/Field.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { SecretNotice } from './SecretNotice.tsx';
import { WebhookCard } from './WebhookCard.tsx';
import { WEBHOOK_EVENTS, eventMessages, webhookMessages } from './messages.ts';
import type { TWebhookEventName } from './messages.ts';
import { useCreateWebhookMutation } from './useWebhookMutations.ts';

export const webhooksScreenQuery = graphql`
  query WebhooksScreenQuery {
    webhooks {
      id
      ...WebhookCard_webhook
    }
    boards {
      id
      name
    }
  }
`;

const URL_PLACEHOLDER = 'https://example.com/feedboard';

type TFieldProblems = { url?: string; events?: string; boardId?: string };

/** /admin/webhooks: the company's webhooks (admins): add, test, enable, rotate, delete, log. */
export function WebhooksScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TWebhooksScreenQuery>;
  const { webhooks, boards } = usePreloadedQuery<TWebhooksScreenQuery>(
    webhooksScreenQuery,
    queryRef,
  );
  usePageTitle(webhookMessages.title);
  // A deleted webhook (@deleteRecord) reads as null in the list until the next fetch.
  const shown = webhooks.filter((webhook) => webhook !== null && webhook !== undefined);
  const [createWebhook] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventName[]>([...WEBHOOK_EVENTS]);
  const [boardId, setBoardId] = useState('');
  const [problems, setProblems] = useState<TFieldProblems>({});
  const [secret, setSecret] = useState<string | null>(null);
  const formTitleId = useId();

  const toggleEvent = (event: TWebhookEventName) =>
    setEvents((current) =>
      current.includes(event) ? current.filter((e) => e !== event) : [...current, event],
    );

  const create = useAction(async () => {
    setProblems({});
    const result = (
      await createWebhook({ url, events, boardId: boardId || null }, (store, data) => {
        if (data?.createWebhook.__typename !== 'MutationCreateWebhookSuccess') return;
        const created = store
          .getRootField('createWebhook')
          ?.getLinkedRecord('data')
          ?.getLinkedRecord('webhook');
        const root = store.getRoot();
        const list = root.getLinkedRecords('webhooks') ?? [];
        if (created) root.setLinkedRecords([created, ...list], 'webhooks');
      })
    ).createWebhook;
    if (result.__typename === 'MutationCreateWebhookSuccess') {
      setSecret(result.data.secret);
      setUrl('');
      return null;
    }
    if (result.__typename === 'AppError' && result.fields.length > 0) {
      setProblems(
        Object.fromEntries(result.fields.map((f) => [f.field, f.message])) as TFieldProblems,
      );
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const handleSubmit = (submitEvent: React.FormEvent) => {
    submitEvent.preventDefault();
    void create.run();
  };

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(webhookMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(webhookMessages.intro)}</p>
        </div>
      </header>
      <div className="settings-stack">
        <section className="card" aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className="card__title">
            {intl.formatMessage(webhookMessages.addTitle)}
          </h2>
          {secret ? <SecretNotice secret={secret} /> : null}
          <form className="form" onSubmit={handleSubmit} noValidate>
            <TextField
              label={intl.formatMessage(webhookMessages.url)}
              name="url"
              type="url"
              value={url}
              isRequired
              placeholder={URL_PLACEHOLDER}
              hint={intl.formatMessage(webhookMessages.urlHint)}
              error={problems.url ? { text: problems.url } : null}
              onChange={(event) => setUrl(event.target.value)}
            />
            <fieldset className={`field webhook-events${problems.events ? ' field--invalid' : ''}`}>
              <legend className="field__label">{intl.formatMessage(webhookMessages.events)}</legend>
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="checkbox">
                  <input
                    type="checkbox"
                    name="events"
                    value={event}
                    checked={events.includes(event)}
                    onChange={() => toggleEvent(event)}
                  />
                  {intl.formatMessage(eventMessages[event])}
                </label>
              ))}
              {problems.events ? <p className="field__error">{problems.events}</p> : null}
            </fieldset>
            <Field
              label={intl.formatMessage(webhookMessages.board)}
              error={problems.boardId ? { text: problems.boardId } : null}
            >
              {(control) => (
                <select
                  {...control}
                  className="field__input field__select"
                  value={boardId}
                  onChange={(event) => setBoardId(event.target.value)}
                >
                  <option value="">{intl.formatMessage(webhookMessages.allBoards)}</option>
                  {boards.map((board) => (
                    <option key={board.id} value={board.id}>
                      {board.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <ActionError failure={create.failure} />
            <div className="form__actions">
              <PendingButton
                type="submit"
                isPending={create.isPending}
                pendingLabel={intl.formatMessage(webhookMessages.adding)}
              >
                {intl.formatMessage(webhookMessages.add)}
              </PendingButton>
            </div>
          </form>
        </section>
        {shown.length === 0 ? (
          <p className="muted">{intl.formatMessage(webhookMessages.empty)}</p>
        ) : (
          shown.map((webhook) => <WebhookCard key={webhook.id} webhook={webhook} />)
        )}
      </div>
    </>
  );
}
