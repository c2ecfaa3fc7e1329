import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { messages, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from './company-access.ts';
import { getPricing } from './get-pricing.ts';

/** The single online payment provider (spec section 9). */
export const PAYMENT_CHANNELS = ['STRIPE'] as const;
const PAID_PRODUCTS = ['STARTUP', 'COMPANY', 'ULTRA'] as const;

const missing = (input: unknown) => input === undefined || input === null || input === '';

/**
 * The checkout form: a paid plan, 1 or 12 months, the provider's code, and the amount the
 * buyer was shown (in dollars, as pricing's `amount`; yearly: the discounted price).
 */
export const ZUpgrade = z.object({
  product: z.enum(PAID_PRODUCTS, {
    error: (issue) => (missing(issue.input) ? messages.required : messages.oneOf(PAID_PRODUCTS)),
  }),
  months: z.union([z.literal(1), z.literal(12)], {
    error: (issue) => (missing(issue.input) ? messages.required : 'It has to be 1 or 12.'),
  }),
  channel: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(PAYMENT_CHANNELS, {
      error: (issue) =>
        missing(issue.input) ? messages.required : messages.oneOf(PAYMENT_CHANNELS),
    }),
  ),
  amount: z.number({
    error: (issue) => (missing(issue.input) ? messages.required : 'It has to be a number.'),
  }),
});

export type TUpgradeLink = { link: string };

/**
 * Starts the purchase of a plan for the admin's company: checks the form and that the amount
 * is the server's current price, then (with payments configured) answers the provider's
 * checkout link. Prices are the server's: a client cannot pay less than the plan costs.
 */
export async function upgradeSubscription(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  input: unknown,
): Promise<TUpgradeLink> {
  requireOwnCompanyAdmin(viewer, companyId);
  const data = parseInput(ZUpgrade, input);
  const option = getPricing()
    .find((entry) => entry.product === data.product)
    ?.options.find((o) => o.months === data.months);
  const price = option?.discountedPrice ?? option?.price;
  if (!price || Math.round(data.amount * 100) !== price.amountMinor) {
    throw errors.validation([
      {
        field: 'amount',
        message: `It has to be the plan's current price: ${price ? price.amount.toFixed(2) : '?'}.`,
      },
    ]);
  }
  if (!deps.config.stripeSecretKey) {
    throw new AppError('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured on this server.');
  }
  // The Stripe Checkout session (and the Payment row it settles) arrive with the billing issue.
  throw new AppError(
    'PAYMENTS_NOT_CONFIGURED',
    'Online checkout is not available on this server yet.',
  );
}
