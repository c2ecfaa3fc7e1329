import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ApiKeyRow_apiKey$key } from '../../../../__generated__/ApiKeyRow_apiKey.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { apiKeyMessages } from './messages.ts';
import { useRevokeApiKeyMutation } from './useApiKeyMutations.ts';

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** One key: its name and prefix, when it was made and last used, and Revoke (asked twice). */
export function ApiKeyRow({ apiKey }: { apiKey: ApiKeyRow_apiKey$key }) {
  const intl = useIntl();
  const nameId = useId();
  const data = useFragment(
    graphql`
      fragment ApiKeyRow_apiKey on ApiKey {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
        isReadOnly
      }
    `,
    apiKey,
  );
  const [revokeKey] = useRevokeApiKeyMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const revoke = useAction(async () => {
    const result = (await revokeKey({ apiKeyId: data.id })).revokeApiKey;
    if (result.__typename === 'MutationRevokeApiKeySuccess') {
      setIsConfirming(false);
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const formatDate = (value: unknown) => intl.formatDate(String(value), DATE_TIME);

  return (
    <li className="api-key" aria-labelledby={nameId} data-testid="api-key">
      <div className="api-key__main">
        <h3 id={nameId} className="api-key__name">
          {data.name}
        </h3>
        <code className="api-key__prefix">
          {intl.formatMessage(apiKeyMessages.prefix, { prefix: data.prefix })}
        </code>
        {data.isReadOnly ? (
          <span className="badge">{intl.formatMessage(apiKeyMessages.readOnlyBadge)}</span>
        ) : null}
      </div>
      <p className="api-key__dates muted">
        <span>
          {intl.formatMessage(apiKeyMessages.created, { date: formatDate(data.createdAt) })}
        </span>
        <span>
          {data.lastUsedAt
            ? intl.formatMessage(apiKeyMessages.lastUsed, { date: formatDate(data.lastUsedAt) })
            : intl.formatMessage(apiKeyMessages.neverUsed)}
        </span>
      </p>
      <div className="api-key__actions">
        {data.revokedAt ? (
          <span className="badge badge--inactive">
            {intl.formatMessage(apiKeyMessages.revoked, { date: formatDate(data.revokedAt) })}
          </span>
        ) : (
          <>
            <span className="badge badge--public">{intl.formatMessage(apiKeyMessages.active)}</span>
            {isConfirming ? (
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={revoke.isPending}
                  onClick={() => setIsConfirming(false)}
                >
                  {intl.formatMessage(commonMessages.cancel)}
                </button>
                <PendingButton
                  className="button button--danger"
                  isPending={revoke.isPending}
                  pendingLabel={intl.formatMessage(apiKeyMessages.revoking)}
                  aria-label={intl.formatMessage(apiKeyMessages.confirmRevokeLabel, {
                    name: data.name,
                  })}
                  // Focus moves to the confirmation the click put there.
                  autoFocus
                  onClick={() => void revoke.run()}
                >
                  {intl.formatMessage(apiKeyMessages.confirmRevoke)}
                </PendingButton>
              </>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                aria-label={intl.formatMessage(apiKeyMessages.revokeLabel, { name: data.name })}
                onClick={() => setIsConfirming(true)}
              >
                {intl.formatMessage(apiKeyMessages.revoke)}
              </button>
            )}
          </>
        )}
      </div>
      <ActionError failure={revoke.failure} className="api-key__error" />
    </li>
  );
}
