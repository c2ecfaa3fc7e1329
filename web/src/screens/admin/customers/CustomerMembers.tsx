import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomerMembers_customerCompany$key } from '../../../../__generated__/CustomerMembers_customerCompany.graphql.ts';
import type { CustomerMembers_query$key } from '../../../../__generated__/CustomerMembers_query.graphql.ts';
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
  query,
}: {
  customerCompany: CustomerMembers_customerCompany$key;
  query: CustomerMembers_query$key;
}) {
  const intl = useIntl();
  const { companyUsers } = useFragment(
    graphql`
      fragment CustomerMembers_query on Query {
        companyUsers(roles: [END_USER], first: 100) {
          edges {
            node {
              id
              displayName
              email
            }
          }
        }
      }
    `,
    query,
  );
  const endUsers = (companyUsers?.edges ?? []).flatMap((edge) => (edge ? [edge.node] : []));
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
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const detaching = useAction(async (memberId: string) => {
    const result = (await detach({ customerCompanyId: data.id, userId: memberId }))
      .detachCustomerCompanyMember;
    if (result.__typename === 'MutationDetachCustomerCompanyMemberSuccess') return null;
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
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
                {member.email
                  ? intl.formatMessage(customerMessages.memberWithEmail, {
                      name: member.displayName,
                      email: member.email,
                    })
                  : member.displayName}
              </span>
              <button
                type="button"
                className="button button--ghost"
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
                {user.email
                  ? intl.formatMessage(customerMessages.memberWithEmail, {
                      name: user.displayName,
                      email: user.email,
                    })
                  : user.displayName}
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
