import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomDomainProof_company$key } from '../../../../__generated__/CustomDomainProof_company.graphql.ts';
import type { CustomDomainLookup } from '../../../../__generated__/useVerifyCustomDomainMutation.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { companyPortalMessages as messages } from './company-portal-messages.ts';
import { useVerifyCustomDomainMutation } from './useVerifyCustomDomainMutation.ts';

/** The DNS record type, the same in every language. */
const RECORD_TYPE = 'TXT';

const STATUS: Record<string, { label: MessageDescriptor; badge: string }> = {
  PENDING: { label: messages.statusPending, badge: 'badge badge--inactive' },
  VERIFIED: { label: messages.statusVerified, badge: 'badge badge--public' },
  FAILED: { label: messages.statusFailed, badge: 'badge badge--blocked' },
};

const OUTCOME: Record<CustomDomainLookup, MessageDescriptor> = {
  FOUND: messages.outcomeFound,
  NO_RECORD: messages.outcomeNoRecord,
  WRONG_VALUE: messages.outcomeWrongValue,
  DNS_ERROR: messages.outcomeDnsError,
  '%future added value': messages.outcomeDnsError,
};

/**
 * The own domain's proof: the TXT record to create, whether the domain is served (pending,
 * verified, failed), when it was last looked up, and "Check now".
 */
export function CustomDomainProof({ company }: { company: CustomDomainProof_company$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CustomDomainProof_company on Company {
        customDomain
        customDomainProof {
          status
          recordName
          recordValue
          checkedAt
          missingSince
          unbindsAt
        }
      }
    `,
    company,
  );
  const [verify] = useVerifyCustomDomainMutation();
  const [outcome, setOutcome] = useState<CustomDomainLookup | null>(null);
  const checking = useAction(async () => {
    setOutcome(null);
    try {
      const { verifyCustomDomain: result } = await verify({});
      if (result.__typename === 'MutationVerifyCustomDomainSuccess') {
        setOutcome(result.data.outcome);
        return null;
      }
      if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    } catch (error) {
      // The server answers 429 past a few dozen checks an hour.
      if (error instanceof Error && error.message.startsWith('HTTP 429')) {
        return { descriptor: messages.checkLimited };
      }
      throw error;
    }
    return { descriptor: commonMessages.genericError };
  });
  const proof = data.customDomainProof;
  if (!data.customDomain || !proof) return null;
  const status = STATUS[proof.status] ?? STATUS.PENDING!;
  const dateOf = (value: unknown) =>
    intl.formatDate(String(value), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section
      className="domain-proof"
      aria-labelledby="domain-proof-title"
      data-testid="domain-proof"
    >
      <h3 id="domain-proof-title" className="domain-proof__title">
        {intl.formatMessage(messages.proofTitle)}
        <span className={status.badge}>{intl.formatMessage(status.label)}</span>
      </h3>
      <p className="field__hint">
        {intl.formatMessage(messages.proofIntro, { domain: data.customDomain })}
      </p>
      <dl className="domain-proof__record">
        <dt>{intl.formatMessage(messages.proofType)}</dt>
        <dd>
          <code>{RECORD_TYPE}</code>
        </dd>
        <dt>{intl.formatMessage(messages.proofName)}</dt>
        <dd>
          <code data-testid="domain-proof-name">{proof.recordName}</code>
        </dd>
        <dt>{intl.formatMessage(messages.proofValue)}</dt>
        <dd>
          <code data-testid="domain-proof-value">{proof.recordValue}</code>
        </dd>
      </dl>
      <p className="field__hint">
        {proof.checkedAt
          ? intl.formatMessage(messages.checkedAt, { date: dateOf(proof.checkedAt) })
          : intl.formatMessage(messages.neverChecked)}
      </p>
      {proof.unbindsAt && proof.missingSince ? (
        <p className="field__error">
          {intl.formatMessage(messages.unbindsAt, {
            since: dateOf(proof.missingSince),
            date: dateOf(proof.unbindsAt),
          })}
        </p>
      ) : null}
      <div className="card__actions">
        <PendingButton
          className="button button--secondary"
          isPending={checking.isPending}
          pendingLabel={intl.formatMessage(messages.checking)}
          onClick={() => void checking.run()}
        >
          {intl.formatMessage(messages.checkNow)}
        </PendingButton>
      </div>
      <div role="status" aria-live="polite" data-testid="domain-proof-outcome">
        {outcome ? (
          <p className={outcome === 'FOUND' ? 'field__hint' : 'field__error'}>
            {intl.formatMessage(OUTCOME[outcome], { domain: data.customDomain })}
          </p>
        ) : null}
      </div>
      <ActionError failure={checking.failure} />
    </section>
  );
}
