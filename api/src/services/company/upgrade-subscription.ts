import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { parseInput, requiredEnum, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { loadPlan } from '../plan/plan-state.ts';
import { PRODUCTS } from '../plan/plans.ts';
import { actorOf, recordAuditAfter } from '../audit/record-audit.ts';
import { requireOwnCompanyOwner } from './company-access.ts';
import { priceOf } from './get-pricing.ts';

/** The single online payment provider (spec section 9). */
export const PAYMENT_CHANNELS = ['STRIPE'] as const;
const PAID_PRODUCTS = ['STARTUP', 'COMPANY', 'ULTRA'] as const;

/**
 * The checkout form: a paid plan, 1 or 12 months, the provider's code, and the amount the
 * buyer was shown (in dollars, as pricing's `amount`; yearly: the discounted price).
 */
export const ZUpgrade = z.object({
  product: requiredEnum(PAID_PRODUCTS),
  months: z.union([z.literal(1), z.literal(12)], {
    error: requiredOr('It has to be 1 or 12.'),
  }),
  channel: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    requiredEnum(PAYMENT_CHANNELS),
  ),
  amount: z.number({
    error: requiredOr('It has to be a number.'),
  }),
});

export type TUpgradeLink = { link: string };

/** Where Stripe sends the buyer back to: the subscription page, which then waits for the plan. */
export function checkoutReturnUrls(appUrl: string): { successUrl: string; cancelUrl: string } {
  const page = `${appUrl}/admin/subscription`;
  return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancel` };
}

export const paymentsNotConfigured = () =>
  new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');

/**
 * Starts the purchase of a plan for the admin's company and answers the Stripe Checkout link.
 * The amount is the server's: a client amount that differs from the current price is refused,
 * and so is a plan below the one in force (spec 4, the picker rule; the same plan tops up).
 * A PENDING Payment records the session; only the signed webhook marks it PAID (see
 * settle-checkout.ts), so nothing is granted here.
 */
export async function upgradeSubscription(
  deps: TDeps,
  viewer: TViewer | null,
  companyIdInPath: number | undefined,
  input: unknown,
): Promise<TUpgradeLink> {
  const admin = requireOwnCompanyOwner(viewer, companyIdInPath);
  const { companyId } = admin;
  const data = parseInput(ZUpgrade, input);
  const price = priceOf(deps.config, data.product, data.months);
  if (!price || Math.round(data.amount * 100) !== price.amountMinor) {
    throw errors.validation([
      {
        field: 'amount',
        message: `It has to be the plan's current price: ${price ? price.amount.toFixed(2) : '?'}.`,
      },
    ]);
  }
  const { inForce: current } = await loadPlan(deps.prisma, companyId);
  if (PRODUCTS.indexOf(data.product) < PRODUCTS.indexOf(current)) {
    throw errors.validation([
      {
        field: 'product',
        message: `Your plan is ${current}: a lower plan cannot be bought while it lasts.`,
      },
    ]);
  }
  if (!deps.stripe) throw paymentsNotConfigured();
  const stripe = await deps.stripe.client();

  const payment = await deps.prisma.payment.create({
    data: {
      companyId,
      product: data.product,
      months: data.months,
      amountMinor: price.amountMinor,
      currency: 'usd',
    },
  });
  const { successUrl, cancelUrl } = checkoutReturnUrls(deps.config.appUrl);
  let session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: String(payment.id),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: price.amountMinor,
              product_data: {
                name: `Feedboard ${data.product} (${data.months === 1 ? '1 month' : '12 months'})`,
              },
            },
          },
        ],
        metadata: {
          companyId: String(companyId),
          product: data.product,
          months: String(data.months),
          paymentId: String(payment.id),
        },
        success_url: successUrl,
        cancel_url: cancelUrl,
      },
      // A retried call (the SDK retries on network errors) cannot open a second session.
      { idempotencyKey: `feedboard-payment-${payment.id}` },
    );
  } catch (error) {
    deps.log.error(`Stripe checkout for payment ${payment.id} failed`, error);
    await deps.prisma.payment.update({ where: { id: payment.id }, data: { status: 'FAILED' } });
    throw errors.unavailable('The payment provider');
  }
  if (!session.url) {
    deps.log.error(`Stripe checkout session ${session.id} has no url`);
    await deps.prisma.payment.update({ where: { id: payment.id }, data: { status: 'FAILED' } });
    throw errors.unavailable('The payment provider');
  }
  await deps.prisma.payment.update({
    where: { id: payment.id },
    data: { providerSessionId: session.id },
  });
  // The Stripe session exists already and cannot be taken back in a transaction: the entry
  // follows, and a failed insert is logged. Nothing is granted yet (PLAN_CHANGED records that).
  await recordAuditAfter(deps, {
    action: 'PLAN_CHECKOUT_STARTED',
    companyId,
    actor: actorOf(admin),
    target: { type: 'Payment', id: payment.id },
    details: { product: data.product, months: data.months, amountMinor: price.amountMinor },
  });
  return { link: session.url };
}
