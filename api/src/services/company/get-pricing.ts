import type { Product } from '../../generated/prisma/client.ts';

export type TMoney = { amountMinor: number; amount: number };
export type TPricingOption = { months: number; price: TMoney; discountedPrice?: TMoney };
export type TPricingEntry = { product: Product; options: TPricingOption[] };

/** Monthly list prices in US cents. The billing issue moves these into configuration. */
export const MONTHLY_PRICE_MINOR: Record<Exclude<Product, 'FREE'>, number> = {
  STARTUP: 1_900,
  COMPANY: 4_900,
  ULTRA: 19_900,
};

/** A yearly plan costs 20% less than twelve months (spec section 9). */
export const YEARLY_DISCOUNT = 0.2;

const money = (amountMinor: number): TMoney => ({ amountMinor, amount: amountMinor / 100 });

/** The plans on sale, each with a 1-month and a 12-month option. */
export function getPricing(): TPricingEntry[] {
  return (Object.keys(MONTHLY_PRICE_MINOR) as (keyof typeof MONTHLY_PRICE_MINOR)[]).map(
    (product) => {
      const monthly = MONTHLY_PRICE_MINOR[product];
      return {
        product,
        options: [
          { months: 1, price: money(monthly) },
          {
            months: 12,
            price: money(monthly * 12),
            discountedPrice: money(Math.round(monthly * 12 * (1 - YEARLY_DISCOUNT))),
          },
        ],
      };
    },
  );
}
