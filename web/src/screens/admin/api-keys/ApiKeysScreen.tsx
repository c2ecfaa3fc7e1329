import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { ApiKeysScreenQuery as TApiKeysScreenQuery } from '../../../../__generated__/ApiKeysScreenQuery.graphql.ts';
import { CheckboxField } from '../../../forms/CheckboxField.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { CodeBlock } from '../board/widget/CodeBlock.tsx';
import { ApiKeyRow } from './ApiKeyRow.tsx';
import { apiKeyMessages, keysFullMessage } from './messages.ts';
import { useCreateApiKeyMutation } from './useApiKeyMutations.ts';

export const apiKeysScreenQuery = graphql`
  query ApiKeysScreenQuery {
    apiKeys {
      id
      ...ApiKeyRow_apiKey
    }
  }
`;

/** /admin/api-keys: the company's API keys (admins): create one (its secret shown once), revoke. */
export function ApiKeysScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TApiKeysScreenQuery>;
  const { apiKeys } = usePreloadedQuery<TApiKeysScreenQuery>(apiKeysScreenQuery, queryRef);
  usePageTitle(apiKeyMessages.title);
  const formTitleId = useId();
  const listTitleId = useId();
  const [createKey] = useCreateApiKeyMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm({ name: { required: true, max: 50 } });
  const [isReadOnly, setIsReadOnly] = useState(false);

  const create = useAction(async (name: string) => {
    setSecret(null);
    const result = (
      await createKey({ name, isReadOnly }, (store, data) => {
        if (data?.createApiKey.__typename !== 'MutationCreateApiKeySuccess') return;
        const created = store
          .getRootField('createApiKey')
          ?.getLinkedRecord('data')
          ?.getLinkedRecord('apiKey');
        const root = store.getRoot();
        const list = root.getLinkedRecords('apiKeys') ?? [];
        if (created) root.setLinkedRecords([created, ...list], 'apiKeys');
      })
    ).createApiKey;
    if (result.__typename === 'MutationCreateApiKeySuccess') {
      setSecret(result.data.key);
      form.reset();
      setIsReadOnly(false);
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      return keysFullMessage(result.message) ?? { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(apiKeyMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(apiKeyMessages.intro)}</p>
        </div>
      </header>
      <div className="settings-stack">
        <section className="card" aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className="card__title">
            {intl.formatMessage(apiKeyMessages.addTitle)}
          </h2>
          {secret ? (
            <div className="alert alert--info api-key-secret" role="status">
              <Icon name="lock" />
              <div className="alert__text">
                <p>
                  <strong>{intl.formatMessage(apiKeyMessages.secretTitle)}</strong>
                </p>
                <p>{intl.formatMessage(apiKeyMessages.secretText)}</p>
                <div data-testid="api-key-secret">
                  <CodeBlock code={secret} label={intl.formatMessage(apiKeyMessages.secretLabel)} />
                </div>
              </div>
            </div>
          ) : null}
          <form
            className="form"
            onSubmit={form.handleSubmit(({ name }) => void create.run(name))}
            noValidate
          >
            <TextField
              {...form.bind('name')}
              label={intl.formatMessage(apiKeyMessages.name)}
              hint={intl.formatMessage(apiKeyMessages.nameHint)}
              isRequired
            />
            <CheckboxField
              name="isReadOnly"
              label={intl.formatMessage(apiKeyMessages.readOnly)}
              hint={intl.formatMessage(apiKeyMessages.readOnlyHint)}
              isChecked={isReadOnly}
              onChange={setIsReadOnly}
            />
            <ActionError failure={create.failure} />
            <div className="form__actions">
              <PendingButton
                type="submit"
                isPending={create.isPending}
                pendingLabel={intl.formatMessage(apiKeyMessages.creating)}
              >
                {intl.formatMessage(apiKeyMessages.create)}
              </PendingButton>
            </div>
          </form>
        </section>
        <section className="card" aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className="card__title">
            {intl.formatMessage(apiKeyMessages.listTitle)}
          </h2>
          {apiKeys.length === 0 ? (
            <p className="muted">{intl.formatMessage(apiKeyMessages.empty)}</p>
          ) : (
            <ul className="api-key-list">
              {apiKeys.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
