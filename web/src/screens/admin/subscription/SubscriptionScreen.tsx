import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import type { SubscriptionScreenQuery as TSubscriptionScreenQuery } from '../../../../__generated__/SubscriptionScreenQuery.graphql.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { InvoiceCard } from './InvoiceCard.tsx';
import { subscriptionMessages } from './messages.ts';
import { PaymentsCard } from './PaymentsCard.tsx';
import { PlanPicker } from './PlanPicker.tsx';

/** How often the page asks whether Stripe's confirmation has landed, and for how long. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_LIMIT_MS = 120_000;

export const subscriptionScreenQuery = graphql`
  query SubscriptionScreenQuery {
    isCheckoutAvailable
    ...PlanPicker_query
    viewer {
      company {
        subscription {
          product
          ...CurrentPlanCard_subscription
        }
        payments {
          status
        }
        ...PaymentsCard_company
      }
    }
  }
`;

/**
 * /admin/subscription: the plan in force and its usage, the plan picker and checkout, the
 * payments history and the invoice box. Back from Stripe (`?checkout=success`) it polls until
 * the newest payment is settled by the webhook, then says so.
 */
export function SubscriptionScreen() {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const queryRef = useLoaderData() as PreloadedQuery<TSubscriptionScreenQuery>;
  const data = usePreloadedQuery<TSubscriptionScreenQuery>(subscriptionScreenQuery, queryRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');
  const [isSlow, setIsSlow] = useState(false);
  usePageTitle(subscriptionMessages.title);
  const company = data.viewer?.company;
  const latestStatus = company?.payments?.[0]?.status ?? null;

  useEffect(() => {
    if (checkout !== 'cancel') return;
    showToast({
      type: 'info',
      title: subscriptionMessages.cancelledTitle,
      description: subscriptionMessages.cancelledDescription,
    });
    setSearchParams({}, { replace: true });
  }, [checkout, setSearchParams]);

  useEffect(() => {
    if (checkout !== 'success') return;
    let isStopped = false;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - startedAt > CHECKOUT_POLL_LIMIT_MS) {
        window.clearInterval(timer);
        if (!isStopped) setIsSlow(true);
        return;
      }
      fetchQuery(environment, subscriptionScreenQuery, {}, { fetchPolicy: 'network-only' })
        .toPromise()
        .catch((error: unknown) => console.error('subscription refresh failed', error));
    }, CHECKOUT_POLL_MS);
    return () => {
      isStopped = true;
      window.clearInterval(timer);
    };
  }, [checkout, environment]);

  useEffect(() => {
    if (checkout !== 'success' || (latestStatus !== 'PAID' && latestStatus !== 'FAILED')) return;
    showToast(
      latestStatus === 'PAID'
        ? {
            type: 'success',
            title: subscriptionMessages.paidTitle,
            description: subscriptionMessages.paidDescription,
          }
        : {
            type: 'error',
            title: subscriptionMessages.failedTitle,
            description: subscriptionMessages.failedDescription,
          },
    );
    setSearchParams({}, { replace: true });
  }, [checkout, latestStatus, setSearchParams]);

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(subscriptionMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(subscriptionMessages.intro)}</p>
        </div>
      </header>
      {data.isCheckoutAvailable ? null : (
        <div className="alert alert--warning" role="note">
          <Icon name="alert" />
          <div className="alert__text">
            <strong>{intl.formatMessage(subscriptionMessages.notConfiguredTitle)}</strong>
            <span>{intl.formatMessage(subscriptionMessages.notConfiguredText)}</span>
          </div>
        </div>
      )}
      {checkout === 'success' ? (
        <div className="alert alert--info" role="status">
          <Icon name="info" />
          <span>
            {intl.formatMessage(
              isSlow ? subscriptionMessages.confirmSlow : subscriptionMessages.confirming,
            )}
          </span>
        </div>
      ) : null}
      {company?.subscription ? (
        <>
          <CurrentPlanCard subscription={company.subscription} />
          <PlanPicker query={data} currentProduct={company.subscription.product} />
        </>
      ) : null}
      {company ? (
        <div className="subscription-grid">
          <PaymentsCard company={company} />
          <InvoiceCard />
        </div>
      ) : null}
    </>
  );
}
