import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { PlanPicker_query$key } from '../../../../__generated__/PlanPicker_query.graphql.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { CheckoutModal } from './CheckoutModal.tsx';
import { isOnSaleFor } from './format.ts';
import { planMessages } from './messages.ts';
import { PlanCard } from './PlanCard.tsx';

/**
 * The plan picker (spec 4): a 1 month / 1 year toggle, the plans from the current one up
 * (lower tiers hidden), Continue once a plan is picked, then the confirm modal.
 */
export function PlanPicker({
  query,
  currentProduct,
}: {
  query: PlanPicker_query$key;
  currentProduct: string;
}) {
  const intl = useIntl();
  const { pricing, isCheckoutAvailable } = useFragment(
    graphql`
      fragment PlanPicker_query on Query {
        isCheckoutAvailable
        pricing {
          product
          ...PlanCard_plan
          ...CheckoutModal_plan
        }
      }
    `,
    query,
  );
  const [months, setMonths] = useState<1 | 12>(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const onSale = pricing.filter((p) => isOnSaleFor(p.product, currentProduct));
  const picked = onSale.find((p) => p.product === selected) ?? null;

  return (
    <section className="card subscription-section" aria-labelledby="plan-picker-title">
      <div className="plan-picker__header">
        <h2 id="plan-picker-title" className="card__title">
          {intl.formatMessage(planMessages.pickerTitle)}
        </h2>
        <div
          className="segmented"
          role="radiogroup"
          aria-label={intl.formatMessage(planMessages.billing)}
        >
          {([1, 12] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={months === value}
              className={`segmented__option${months === value ? ' segmented__option--active' : ''}`}
              onClick={() => setMonths(value)}
            >
              {intl.formatMessage(value === 1 ? planMessages.monthly : planMessages.yearly)}
            </button>
          ))}
        </div>
      </div>
      {/* Without payments nothing is sold: no yearly pitch, no hint to pick (see the operator note). */}
      {months === 1 && isCheckoutAvailable ? (
        <div className="alert alert--info" role="note">
          <Icon name="gift" />
          <span className="alert__text">
            <span>{intl.formatMessage(planMessages.saveAlert)}</span>
            <button type="button" className="link link-button" onClick={() => setMonths(12)}>
              {intl.formatMessage(planMessages.switchToYearly)}
            </button>
          </span>
        </div>
      ) : null}
      <fieldset className="plan-grid">
        <legend className="visually-hidden">{intl.formatMessage(planMessages.pickerTitle)}</legend>
        {onSale.map((p) => (
          <PlanCard
            key={p.product}
            plan={p}
            months={months}
            isSelected={p.product === selected}
            isCurrent={p.product === currentProduct}
            onSelect={() => setSelected(p.product)}
          />
        ))}
      </fieldset>
      <div className="card__actions">
        {picked || !isCheckoutAvailable ? null : (
          <span className="muted">{intl.formatMessage(planMessages.pickHint)}</span>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={!picked || !isCheckoutAvailable}
          onClick={() => setIsConfirming(true)}
        >
          {intl.formatMessage(planMessages.continue)}
        </button>
      </div>
      {picked && isConfirming ? (
        <CheckoutModal plan={picked} months={months} onClose={() => setIsConfirming(false)} />
      ) : null}
    </section>
  );
}
