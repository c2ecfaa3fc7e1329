import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import type { PaymentsCard_company$key } from '../../../../__generated__/PaymentsCard_company.graphql.ts';
import type { PaymentsCardPaginationQuery } from '../../../../__generated__/PaymentsCardPaginationQuery.graphql.ts';
import { LoadMoreButton } from '../../../ui/LoadMoreButton.tsx';
import { formatCharge, toProduct } from './format.ts';
import { paymentsMessages, planMessages, productMessages } from './messages.ts';

const STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
const toStatus = (value: string) =>
  (STATUSES as readonly string[]).includes(value)
    ? (value as (typeof STATUSES)[number])
    : 'PENDING';

/** Payments loaded a page at a time. */
const PAYMENTS_PAGE_SIZE = 50;

/** The company's plan purchases, newest first, 50 at a time ("Show more payments"). */
export function PaymentsCard({ company }: { company: PaymentsCard_company$key }) {
  const intl = useIntl();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    PaymentsCardPaginationQuery,
    PaymentsCard_company$key
  >(
    graphql`
      fragment PaymentsCard_company on Company
      @refetchable(queryName: "PaymentsCardPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        payments(first: $first, after: $after) @connection(key: "PaymentsCard_payments") {
          edges {
            node {
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
        }
      }
    `,
    company,
  );
  const payments = data.payments?.edges.map((edge) => edge.node) ?? [];
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
      {hasNext ? (
        <LoadMoreButton
          label={intl.formatMessage(paymentsMessages.more)}
          isLoading={isLoadingNext}
          onClick={() => loadNext(PAYMENTS_PAGE_SIZE)}
        />
      ) : null}
    </section>
  );
}
