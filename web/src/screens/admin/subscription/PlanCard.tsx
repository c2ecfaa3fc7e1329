import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { PlanCard_plan$key } from '../../../../__generated__/PlanCard_plan.graphql.ts';
import { formatDollars, isUnlimited, toProduct } from './format.ts';
import { planMessages, productMessages } from './messages.ts';

/** One plan in the picker: a radio card with its price for the chosen period and its caps. */
export function PlanCard({
  plan,
  months,
  isSelected,
  isCurrent,
  onSelect,
}: {
  plan: PlanCard_plan$key;
  months: 1 | 12;
  isSelected: boolean;
  isCurrent: boolean;
  onSelect: () => void;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment PlanCard_plan on PricingEntry {
        product
        caps {
          activeBoards
          ideas
        }
        options {
          months
          price {
            amount
          }
          discountedPrice {
            amount
          }
        }
      }
    `,
    plan,
  );
  const option = data.options.find((o) => o.months === months);
  if (!option) return null;
  const charged = option.discountedPrice?.amount ?? option.price.amount;
  const name = intl.formatMessage(productMessages[toProduct(data.product)]);
  return (
    <label className={`card plan-card${isSelected ? ' plan-card--selected' : ''}`}>
      <span className="plan-card__top">
        <input
          type="radio"
          name="plan"
          value={data.product}
          checked={isSelected}
          onChange={onSelect}
          className="plan-card__radio"
        />
        <span className="plan-card__name">{name}</span>
        {months === 12 ? (
          <span className="badge badge--public">{intl.formatMessage(planMessages.saveBadge)}</span>
        ) : null}
        {isCurrent ? (
          <span className="badge">{intl.formatMessage(planMessages.currentBadge)}</span>
        ) : null}
      </span>
      <span className="plan-card__price">
        {intl.formatMessage(planMessages.perMonth, {
          price: formatDollars(intl, charged / months),
        })}
      </span>
      <span className="plan-card__billed muted">
        {months === 12
          ? intl.formatMessage(planMessages.billedYearly, { price: formatDollars(intl, charged) })
          : intl.formatMessage(planMessages.billedMonthly)}
      </span>
      <span className="plan-card__features">
        <span>
          {isUnlimited(data.caps.activeBoards)
            ? intl.formatMessage(planMessages.boardsUnlimited)
            : intl.formatMessage(planMessages.boardsCap, { cap: data.caps.activeBoards })}
        </span>
        <span>
          {isUnlimited(data.caps.ideas)
            ? intl.formatMessage(planMessages.ideasUnlimited)
            : intl.formatMessage(planMessages.ideasCap, { cap: data.caps.ideas })}
        </span>
      </span>
    </label>
  );
}
