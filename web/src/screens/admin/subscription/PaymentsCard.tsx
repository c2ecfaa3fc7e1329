import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { PaymentsCard_company$key } from '../../../../__generated__/PaymentsCard_company.graphql.ts';
import { formatCharge, toProduct } from './format.ts';
import { paymentsMessages, planMessages, productMessages } from './messages.ts';

const STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
const toStatus = (value: string) =>
  (STATUSES as readonly string[]).includes(value)
    ? (value as (typeof STATUSES)[number])
    : 'PENDING';

/** The company's plan purchases, newest first. */
export function PaymentsCard({ company }: { company: PaymentsCard_company$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment PaymentsCard_company on Company {
        payments {
          id
          product
          months
          status
          createdAt
          amount {
            amount
          }
        }
      }
    `,
    company,
  );
  const payments = data.payments ?? [];
  return (
    <section className="card table-card" aria-labelledby="payments-title">
      <h2 id="payments-title" className="card__title payments__title">
        {intl.formatMessage(paymentsMessages.title)}
      </h2>
      {payments.length === 0 ? (
        <p className="muted payments__empty">{intl.formatMessage(paymentsMessages.empty)}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">
              {intl.formatMessage(paymentsMessages.caption)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(paymentsMessages.date)}</th>
                <th scope="col">{intl.formatMessage(paymentsMessages.plan)}</th>
                <th scope="col">{intl.formatMessage(paymentsMessages.amount)}</th>
                <th scope="col">{intl.formatMessage(paymentsMessages.status)}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => {
                const status = toStatus(payment.status);
                return (
                  <tr key={payment.id}>
                    <td>{intl.formatDate(payment.createdAt, { dateStyle: 'medium' })}</td>
                    <td>
                      {intl.formatMessage(paymentsMessages.planPeriod, {
                        plan: intl.formatMessage(productMessages[toProduct(payment.product)]),
                        period: intl.formatMessage(
                          payment.months === 12 ? planMessages.yearly : planMessages.monthly,
                        ),
                      })}
                    </td>
                    <td>{formatCharge(intl, payment.amount.amount)}</td>
                    <td>
                      <span className={`payment-status payment-status--${status.toLowerCase()}`}>
                        {intl.formatMessage(paymentsMessages[status])}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
