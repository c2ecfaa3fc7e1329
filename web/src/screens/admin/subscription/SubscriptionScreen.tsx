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
import { productMessages, subscriptionMessages } from './messages.ts';
import { PaymentsCard } from './PaymentsCard.tsx';
import { PlanPicker } from './PlanPicker.tsx';

/** The command that sets this company's plan on a server without payments (a command: not translated). */
export const operatorCommand = (slug: string | undefined) =>
  `npm run plan -- set ${slug ?? '<company-slug>'} ULTRA`;

/** How often the page asks whether Stripe's confirmation has landed, and for how long. */
export const CHECKOUT_POLL_MS = 1500;
export const CHECKOUT_POLL_LIMIT_MS = 120_000;

export const subscriptionScreenQuery = graphql`
  query SubscriptionScreenQuery {
    isCheckoutAvailable
    ...PlanPicker_query
    viewer {
      company {
        slug
        subscription {
          product
          ...CurrentPlanCard_subscription
        }
        latestPayment: payments(first: 1) {
          edges {
            node {
              status
            }
          }
        }
        ...PaymentsCard_company
      }
    }
  }
`;

/**
 * /admin/subscription: the plan in force and its usage, the plan picker and checkout, the
 * payments history and the invoice box. On a server without payments it says that the
 * operator sets plans, with the command, and offers neither checkout nor invoices. Back from Stripe (`?checkout=success`) it polls until
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
  const latestStatus = company?.latestPayment?.edges[0]?.node.status ?? null;
  const product = company?.subscription?.product;

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
          <p className="page-header__intro">
            {intl.formatMessage(
              data.isCheckoutAvailable
                ? subscriptionMessages.intro
                : subscriptionMessages.operatorIntro,
            )}
          </p>
        </div>
      </header>
      {data.isCheckoutAvailable ? null : (
        <div className="alert alert--info" role="note" data-testid="operator-plans">
          <Icon name="info" />
          <div className="alert__text">
            <strong>{intl.formatMessage(subscriptionMessages.notConfiguredTitle)}</strong>
            {/* On the top plan already: no command that would set the plan it is on. */}
            {product === 'ULTRA' ? (
              <span>
                {intl.formatMessage(subscriptionMessages.operatorTop, {
                  plan: intl.formatMessage(productMessages.ULTRA),
                })}
              </span>
            ) : (
              <>
                <span>{intl.formatMessage(subscriptionMessages.operatorText)}</span>
                <code className="operator-plans__command">{operatorCommand(company?.slug)}</code>
                <span>{intl.formatMessage(subscriptionMessages.operatorHint)}</span>
              </>
            )}
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
          <CurrentPlanCard
            subscription={company.subscription}
            isSoldHere={data.isCheckoutAvailable}
          />
          {/* Nothing is bought on a server without payments: no plan to choose, no price. */}
          {data.isCheckoutAvailable ? (
            <PlanPicker query={data} currentProduct={company.subscription.product} />
          ) : null}
        </>
      ) : null}
      {company && (data.isCheckoutAvailable || latestStatus !== null) ? (
        <div className="subscription-grid">
          <PaymentsCard company={company} />
          {data.isCheckoutAvailable ? <InvoiceCard /> : null}
        </div>
      ) : null}
    </>
  );
}
