/**
 * The company's rules for widget SSO tokens and their limits, in one module: the server's zod
 * schema and the console's form both read them, so they never disagree.
 */

/** The company setting `ssoMaxLifetimeMinutes`: the console and the API accept 1 min to 7 days. */
export const SSO_MAX_LIFETIME_MINUTES = { min: 1, max: 7 * 24 * 60, default: 24 * 60 } as const;

/**
 * Lifetimes above this still pass (up to the company's maximum) but the checker warns: the
 * page makes a fresh token on every load, so minutes are enough, and a leaked token stays
 * usable for as long as it lives.
 */
export const SSO_LONG_LIFETIME_MINUTES = 60;

/** What the samples of the widget tab sign: ten minutes. */
export const SSO_SAMPLE_LIFETIME_SECONDS = 600;
