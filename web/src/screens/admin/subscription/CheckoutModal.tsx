import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CheckoutModal_plan$key } from '../../../../__generated__/CheckoutModal_plan.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { formatCharge, toProduct } from './format.ts';
import {
  checkoutMessages,
  planMessages,
  productMessages,
  subscriptionMessages,
} from './messages.ts';
import { useUpgradeSubscriptionMutation } from './useUpgradeSubscriptionMutation.ts';

/** Sends the browser to Stripe's checkout page (a seam for tests and future embedding). */
function goTo(link: string): void {
  window.location.assign(link);
}

/** The confirm step: plan, period and total, then Pay sends the browser to Stripe. */
export function CheckoutModal({
  plan,
  months,
  onClose,
}: {
  plan: CheckoutModal_plan$key;
  months: 1 | 12;
  onClose: () => void;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment CheckoutModal_plan on PricingEntry {
        product
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
  const [upgrade] = useUpgradeSubscriptionMutation();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const option = data.options.find((o) => o.months === months);
  const amount = option ? (option.discountedPrice?.amount ?? option.price.amount) : null;

  const pay = useAction(async () => {
    if (amount === null) return null;
    const { upgradeSubscription: result } = await upgrade({
      product: toProduct(data.product),
      months,
      amount,
    });
    if (result.__typename === 'MutationUpgradeSubscriptionSuccess') {
      setIsRedirecting(true);
      goTo(result.data.link);
      return null;
    }
    if (result.__typename === 'AppError' && result.code === 'PAYMENTS_NOT_CONFIGURED') {
      showToast({
        type: 'warning',
        title: subscriptionMessages.notConfiguredTitle,
        description: subscriptionMessages.notConfiguredText,
      });
      onClose();
      return null;
    }
    // Spec 8: a payment failure is logged; the user reads it beside the Pay button.
    console.warn('upgradeSubscription refused', result);
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });

  return (
    <Modal
      isOpen
      onClose={onClose}
      isLocked={pay.isPending || isRedirecting}
      title={intl.formatMessage(checkoutMessages.title)}
      description={intl.formatMessage(checkoutMessages.description)}
    >
      <dl className="checkout-summary">
        <div>
          <dt>{intl.formatMessage(checkoutMessages.plan)}</dt>
          <dd>{intl.formatMessage(productMessages[toProduct(data.product)])}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(checkoutMessages.period)}</dt>
          <dd>{intl.formatMessage(months === 12 ? planMessages.yearly : planMessages.monthly)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(checkoutMessages.total)}</dt>
          <dd className="checkout-summary__total">
            {amount === null ? null : formatCharge(intl, amount)}
          </dd>
        </div>
      </dl>
      <p className="muted">{intl.formatMessage(checkoutMessages.topUp, { months })}</p>
      <ActionError failure={pay.failure} />
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={pay.isPending || isRedirecting}
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton
          isPending={pay.isPending || isRedirecting}
          isDisabled={amount === null}
          pendingLabel={intl.formatMessage(checkoutMessages.redirecting)}
          onClick={() => void pay.run()}
        >
          {intl.formatMessage(checkoutMessages.pay)}
        </PendingButton>
      </div>
    </Modal>
  );
}
