import type { IntlShape } from 'react-intl';

/** A cap at or above this shows as unlimited (spec 9). */
export const UNLIMITED_CAP = 500;

export const isUnlimited = (cap: number | null | undefined): boolean =>
  cap === null || cap === undefined || cap >= UNLIMITED_CAP;

/** Dollars, rounded to whole dollars as the plan cards show them (spec 9). */
export const formatDollars = (intl: IntlShape, amount: number): string =>
  intl.formatNumber(Math.round(amount), {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });

/** Dollars and cents: what is actually charged. */
export const formatCharge = (intl: IntlShape, amount: number): string =>
  intl.formatNumber(amount, { style: 'currency', currency: 'USD' });

/** Plans from the lowest tier to the highest. */
export const PRODUCT_ORDER = ['FREE', 'STARTUP', 'COMPANY', 'ULTRA'] as const;

/** The picker hides plans below the current one (spec 4): COMPANY hides STARTUP, and so on. */
export const isOnSaleFor = (product: string, current: string): boolean =>
  PRODUCT_ORDER.indexOf(product as (typeof PRODUCT_ORDER)[number]) >=
  PRODUCT_ORDER.indexOf(current as (typeof PRODUCT_ORDER)[number]);

export type TProduct = 'FREE' | 'STARTUP' | 'COMPANY' | 'ULTRA';
export const toProduct = (value: string): TProduct =>
  (PRODUCT_ORDER as readonly string[]).includes(value) ? (value as TProduct) : 'FREE';
