import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomerMembers_customerCompany$key } from '../../../../__generated__/CustomerMembers_customerCompany.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { customerMessages } from './messages.ts';
import {
  useAttachCustomerMemberMutation,
  useDetachCustomerMemberMutation,
} from './useCustomerMutations.ts';

/** The end users working for a customer company: attach one from a list, detach any. */
export function CustomerMembers({
  customerCompany,
  endUsers,
}: {
  customerCompany: CustomerMembers_customerCompany$key;
  endUsers: readonly { id: string; displayName: string; email: string | null | undefined }[];
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CustomerMembers_customerCompany on CustomerCompany {
        id
        members {
          userId
          displayName
          email
        }
      }
    `,
    customerCompany,
  );
  const [attach] = useAttachCustomerMemberMutation();
  const [detach] = useDetachCustomerMemberMutation();
  const [userId, setUserId] = useState('');
  const selectId = useId();
  const titleId = useId();
  const attaching = useAction(async () => {
    if (!userId) return null;
    const result = (await attach({ customerCompanyId: data.id, userId }))
      .attachCustomerCompanyMember;
    if (result.__typename === 'MutationAttachCustomerCompanyMemberSuccess') {
      setUserId('');
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message }
      : { descriptor: commonMessages.genericError };
  });
  const detaching = useAction(async (memberId: string) => {
    const result = (await detach({ customerCompanyId: data.id, userId: memberId }))
      .detachCustomerCompanyMember;
    if (result.__typename === 'MutationDetachCustomerCompanyMemberSuccess') return null;
    return result.__typename === 'AppError'
      ? { text: result.message }
      : { descriptor: commonMessages.genericError };
  });
  const memberIds = new Set(data.members.map((member) => member.userId));
  const candidates = endUsers.filter((user) => !memberIds.has(user.id));
  return (
    <section aria-labelledby={titleId} className="customer-members">
      <h3 id={titleId} className="card__subtitle">
        {intl.formatMessage(customerMessages.membersTitle)}
      </h3>
      {data.members.length === 0 ? (
        <p className="muted">{intl.formatMessage(customerMessages.noMembers)}</p>
      ) : (
        <ul className="customer-members__list">
          {data.members.map((member) => (
            <li key={member.userId} className="customer-members__item">
              <span>
                {member.displayName}
                {member.email ? <span className="muted"> · {member.email}</span> : null}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={intl.formatMessage(customerMessages.detachLabel, {
                  name: member.displayName,
                })}
                onClick={() => void detaching.run(member.userId)}
              >
                {intl.formatMessage(customerMessages.detach)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ActionError failure={detaching.failure} />
      <form
        className="customer-members__attach"
        onSubmit={(event) => {
          event.preventDefault();
          void attaching.run();
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {intl.formatMessage(customerMessages.attachUser)}
          </label>
          <select
            id={selectId}
            className="field__input field__select"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          >
            <option value="">{intl.formatMessage(customerMessages.chooseUser)}</option>
            {candidates.map((user) => (
              <option key={user.id} value={user.id}>
                {user.email ? `${user.displayName} (${user.email})` : user.displayName}
              </option>
            ))}
          </select>
        </div>
        <PendingButton type="submit" isPending={attaching.isPending} isDisabled={!userId}>
          {intl.formatMessage(customerMessages.attach)}
        </PendingButton>
      </form>
      <ActionError failure={attaching.failure} />
    </section>
  );
}
