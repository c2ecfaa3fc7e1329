import type { TConfig } from '../../config.ts';
import type { Product } from '../../generated/prisma/client.ts';

export type TPaidProduct = Exclude<Product, 'FREE'>;
export type TMoney = { amountMinor: number; amount: number };
export type TPricingOption = { months: number; price: TMoney; discountedPrice?: TMoney };
export type TPricingEntry = { product: TPaidProduct; options: TPricingOption[] };

/** A yearly plan costs 20% less than twelve months (spec section 9). */
export const YEARLY_DISCOUNT = 0.2;

const money = (amountMinor: number): TMoney => ({ amountMinor, amount: amountMinor / 100 });

/**
 * The plans on sale, each with a 1-month and a 12-month option, from the configured monthly
 * prices (PRICE_*_MINOR, US cents). Yearly: `price` is twelve months, `discountedPrice` (what
 * is charged) 20% less, rounded to the cent.
 */
export function getPricing(config: Pick<TConfig, 'monthlyPricesMinor'>): TPricingEntry[] {
  const prices = config.monthlyPricesMinor;
  return (['STARTUP', 'COMPANY', 'ULTRA'] as const).map((product) => {
    const monthly = prices[product];
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
  });
}

/** What buying `product` for `months` costs (the amount charged), or null if it is not on sale. */
export function priceOf(
  config: Pick<TConfig, 'monthlyPricesMinor'>,
  product: Product,
  months: number,
): TMoney | null {
  const option = getPricing(config)
    .find((entry) => entry.product === product)
    ?.options.find((o) => o.months === months);
  return option ? (option.discountedPrice ?? option.price) : null;
}
