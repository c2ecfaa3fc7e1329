import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CurrentPlanCard_subscription$key } from '../../../../__generated__/CurrentPlanCard_subscription.graphql.ts';
import { isUnlimited, toProduct } from './format.ts';
import { planMessages, productMessages } from './messages.ts';

/** The plan in force, its end date (a plan that ends) and usage against its caps. */
export function CurrentPlanCard({
  subscription,
  isSoldHere,
}: {
  subscription: CurrentPlanCard_subscription$key;
  /** Whether this server sells plans (else its operator sets them). */
  isSoldHere: boolean;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CurrentPlanCard_subscription on CompanySubscription {
        product
        expiresAt
        usage {
          activeBoards {
            used
            cap
          }
          ideas {
            used
            cap
          }
        }
      }
    `,
    subscription,
  );
  const usage = (entry: { used: number; cap: number | null | undefined } | null | undefined) => {
    if (!entry) return intl.formatMessage(planMessages.unlimited);
    return isUnlimited(entry.cap)
      ? intl.formatMessage(planMessages.usedOfUnlimited, { used: entry.used })
      : intl.formatMessage(planMessages.usedOfCap, { used: entry.used, cap: entry.cap });
  };
  const isOver = [data.usage.activeBoards, data.usage.ideas].some(
    (entry) => !isUnlimited(entry.cap) && entry.used > (entry.cap ?? 0),
  );
  const stats = [
    {
      id: 'plan',
      label: planMessages.currentPlan,
      value: intl.formatMessage(productMessages[toProduct(data.product)]),
    },
    ...(data.expiresAt
      ? [
          {
            id: 'validUntil',
            label: planMessages.validUntil,
            value: intl.formatDate(data.expiresAt, {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            }),
          },
        ]
      : []),
    { id: 'boards', label: planMessages.activeBoards, value: usage(data.usage.activeBoards) },
    { id: 'ideas', label: planMessages.ideas, value: usage(data.usage.ideas) },
  ];
  const { activeBoards, ideas } = data.usage;
  const summary = intl.formatMessage(
    isSoldHere ? planMessages.summarySold : planMessages.summaryOperator,
    {
      plan: intl.formatMessage(productMessages[toProduct(data.product)]),
      boards: isUnlimited(activeBoards.cap)
        ? intl.formatMessage(planMessages.summaryBoardsUnlimited)
        : intl.formatMessage(planMessages.summaryBoards, { count: activeBoards.cap }),
      ideas: isUnlimited(ideas.cap)
        ? intl.formatMessage(planMessages.summaryIdeasUnlimited)
        : intl.formatMessage(planMessages.summaryIdeas, { count: ideas.cap }),
    },
  );
  return (
    <section aria-labelledby="current-plan-title" className="subscription-section">
      <h2 id="current-plan-title" className="visually-hidden">
        {intl.formatMessage(planMessages.currentTitle)}
      </h2>
      <p data-testid="plan-summary">{summary}</p>
      <dl className="stats" data-testid="current-plan">
        {stats.map((stat) => (
          <div key={stat.id} className="card stat">
            <dt className="stat__label">{intl.formatMessage(stat.label)}</dt>
            <dd className="stat__value">{stat.value}</dd>
          </div>
        ))}
      </dl>
      {isOver ? (
        <p className="muted">
          {intl.formatMessage(isSoldHere ? planMessages.overCap : planMessages.overCapOperator)}
        </p>
      ) : null}
    </section>
  );
}
