import type { TConfig } from '../../config.ts';
import type { Product } from '../../generated/prisma/client.ts';

/** What a plan allows; null means unlimited. */
export type TPlanCaps = {
  activeBoards: number | null;
  ideas: number | null;
  /** Team invitations waiting for an answer at once (issue 19); null means unlimited. */
  pendingInvitations: number | null;
};

/** Spec section 9. The FREE caps are ours (the spec does not show them). */
export const PLAN_CAPS: Record<Product, TPlanCaps> = {
  FREE: { activeBoards: 1, ideas: 5, pendingInvitations: 3 },
  STARTUP: { activeBoards: 2, ideas: 10, pendingInvitations: null },
  COMPANY: { activeBoards: 10, ideas: 250, pendingInvitations: null },
  ULTRA: { activeBoards: null, ideas: null, pendingInvitations: null },
};

/** Plans from the lowest tier to the highest. */
export const PRODUCTS: readonly Product[] = ['FREE', 'STARTUP', 'COMPANY', 'ULTRA'];

/**
 * The plan of a company without a paid or operator-set plan: DEFAULT_PLAN, else FREE when a
 * payment provider is configured (both Stripe keys, as billing/stripe.ts requires) and ULTRA
 * when none is, so a server that cannot sell plans does not cap its own teams.
 */
export function defaultPlanOf(
  config: Pick<TConfig, 'defaultPlan' | 'stripeSecretKey' | 'stripeWebhookSecret'>,
): Product {
  if (config.defaultPlan) return config.defaultPlan;
  return config.stripeSecretKey && config.stripeWebhookSecret ? 'FREE' : 'ULTRA';
}

/**
 * The stored plan while it lasts: a plan whose expiry has passed counts as FREE (the plan state
 * then applies the server's default plan, plan-state.ts).
 */
export function effectiveProduct(
  product: Product,
  expiresAt: Date | null,
  now: Date = new Date(),
): Product {
  if (product === 'FREE') return 'FREE';
  return expiresAt && expiresAt.getTime() <= now.getTime() ? 'FREE' : product;
}

/** The higher of two plans. */
export function higherProduct(a: Product, b: Product): Product {
  return PRODUCTS.indexOf(a) >= PRODUCTS.indexOf(b) ? a : b;
}

/** `date` plus calendar months in UTC; a day the target month lacks becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
