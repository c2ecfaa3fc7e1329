import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomerRow_customerCompany$key } from '../../../../__generated__/CustomerRow_customerCompany.graphql.ts';
import { customerMessages } from './messages.ts';

/** One customer company in the list: name, external id, spend, plan, members; Edit for admins. */
export function CustomerRow({
  customerCompany,
  currency,
  onEdit,
}: {
  customerCompany: CustomerRow_customerCompany$key;
  /** The ISO 4217 code the company records customer values in. */
  currency: string;
  /** Null: the viewer may not change customers (a MEMBER reads them). */
  onEdit: ((id: string) => void) | null;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CustomerRow_customerCompany on CustomerCompany {
        id
        name
        externalId
        monthlySpend
        plan
        memberCount
      }
    `,
    customerCompany,
  );
  return (
    <tr data-testid="customer-row">
      <th scope="row">{data.name}</th>
      <td>
        <code>{data.externalId}</code>
      </td>
      <td className="table__number">
        {intl.formatNumber(data.monthlySpend, { style: 'currency', currency })}
      </td>
      <td>{data.plan ?? intl.formatMessage(customerMessages.noPlan)}</td>
      <td className="table__number">{data.memberCount}</td>
      {onEdit ? (
        <td>
          <button
            type="button"
            className="button button--secondary"
            aria-label={intl.formatMessage(customerMessages.editLabel, { name: data.name })}
            onClick={() => onEdit(data.id)}
          >
            {intl.formatMessage(customerMessages.edit)}
          </button>
        </td>
      ) : null}
    </tr>
  );
}
