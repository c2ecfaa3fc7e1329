/**
 * The limits of a customer company's fields, in one module without dependencies: the server's
 * zod schemas (customer-company-input.ts, customer-claims.ts) and the console's Customers form
 * read them, so the two never disagree.
 */
export const CUSTOMER_COMPANY_LIMITS = {
  /** Characters of a company's `name`. */
  maxNameLength: 100,
  /** Characters of a company's external id (its id in the company's own system). */
  maxExternalIdLength: 200,
  /** Characters of a company's `plan`. */
  maxPlanLength: 50,
  /** The largest monthly spend (a number from 0, two decimals kept). */
  maxMonthlySpend: 1_000_000_000,
  /** Data rows one CSV import takes. */
  maxImportRows: 2000,
} as const;
