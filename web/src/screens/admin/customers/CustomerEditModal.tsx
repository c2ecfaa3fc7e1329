import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { CustomerEditModalQuery as TQuery } from '../../../../__generated__/CustomerEditModalQuery.graphql.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { CustomerFields } from './CustomerFields.tsx';
import { CustomerMembers } from './CustomerMembers.tsx';
import { customerMessages } from './messages.ts';
import { useCustomerForm } from './useCustomerForm.ts';
import { useUpdateCustomerMutation } from './useCustomerMutations.ts';

const query = graphql`
  query CustomerEditModalQuery($id: ID!) {
    node(id: $id) {
      ... on CustomerCompany {
        id
        name
        externalId
        monthlySpend
        plan
        ...CustomerMembers_customerCompany @alias(as: "membersRef")
      }
    }
    ...CustomerMembers_query
  }
`;

function EditForm({ id, onClose }: { id: string; onClose: () => void }) {
  const intl = useIntl();
  const data = useLazyLoadQuery<TQuery>(query, { id }, { fetchPolicy: 'network-only' });
  const company = data.node;
  const { form, submit, failureOf } = useCustomerForm(
    company?.id
      ? {
          name: company.name,
          externalId: company.externalId,
          monthlySpend: String(company.monthlySpend),
          plan: company.plan ?? '',
        }
      : undefined,
  );
  const [update] = useUpdateCustomerMutation();
  const save = useAction(async (values: Parameters<Parameters<typeof submit>[0]>[0]) => {
    const result = (await update({ customerCompanyId: id, ...values })).updateCustomerCompany;
    if (result.__typename === 'MutationUpdateCustomerCompanySuccess') {
      onClose();
      return null;
    }
    return failureOf(result);
  });
  if (!company?.id) return null;
  return (
    <>
      <form className="form" onSubmit={submit((values) => void save.run(values))} noValidate>
        <CustomerFields bind={form.bind} />
        <ActionError failure={save.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            isPending={save.isPending}
            pendingLabel={intl.formatMessage(customerMessages.saving)}
          >
            {intl.formatMessage(customerMessages.save)}
          </PendingButton>
        </div>
      </form>
      {company.membersRef ? (
        <CustomerMembers customerCompany={company.membersRef} query={data} />
      ) : null}
    </>
  );
}

/** Edits a customer company and who works for it (admins). */
export function CustomerEditModal({
  id,
  name,
  onClose,
}: {
  id: string | null;
  name: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      isOpen={id !== null}
      onClose={onClose}
      title={intl.formatMessage(customerMessages.editTitle, { name })}
    >
      {id ? (
        <Suspense fallback={<PageSpinner />}>
          <EditForm id={id} onClose={onClose} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
