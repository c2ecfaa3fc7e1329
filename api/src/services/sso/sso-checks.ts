// What an SSO token check answers, apart from the check itself (inspect-sso-token.ts): the
// GraphQL schema needs these at every start, jsonwebtoken only when a token is checked.
import type { TCustomerClaims } from '../customer/customer-claims.ts';

/** What a valid SSO token says about the customer's user. */
export type TSsoClaims = {
  externalId: string;
  displayName: string;
  email: string | null;
  /** The token says `email_verified: true` (the OpenID Connect claim): the address is proven. */
  isEmailVerified: boolean;
  avatarUrl: string | null;
  /** `attributes` and `companies` (null when the token leaves one out). */
  customer: TCustomerClaims;
};

/** The company's rules for SSO tokens (Company.ssoRequireExpiry, Company.ssoMaxLifetimeMinutes). */
export type TSsoPolicy = {
  requireExpiry: boolean;
  maxLifetimeMinutes: number;
  /** Company.ssoTrustEmails: every token's `email` counts as confirmed (the checker's EMAIL). */
  trustEmails?: boolean;
};

/** Each thing checked about a token, in the order a refusal names the first failure. */
export const SSO_CHECKS = [
  'TOKEN',
  'ALGORITHM',
  'SIGNATURE',
  'EXPIRY',
  'NOT_BEFORE',
  'LIFETIME',
  'ID',
  'NAME',
  'EMAIL',
  'AVATAR',
  'ATTRIBUTES',
  'COMPANIES',
] as const;
export type TSsoCheckName = (typeof SSO_CHECKS)[number];

/** PASSED and WARNING are accepted; one FAILED check refuses the token. */
export const SSO_CHECK_STATUSES = ['PASSED', 'WARNING', 'FAILED', 'SKIPPED'] as const;
export type TSsoCheckStatus = (typeof SSO_CHECK_STATUSES)[number];

/** Why a check ended as it did: with the check's name, what the console words for the admin. */
export const SSO_CHECK_REASONS = [
  'OK',
  'ABSENT',
  'MISSING',
  'TOO_LONG',
  'NOT_A_JWT',
  'NOT_AN_OBJECT',
  'CRITICAL_HEADER',
  'WRONG_ALGORITHM',
  'MISMATCH',
  'EXPIRED',
  'REQUIRED',
  'NOT_A_NUMBER',
  'OVER_MAXIMUM',
  'LONG',
  'NOT_YET_VALID',
  'INVALID',
  'UNCONFIRMED',
  'NOT_CHECKED',
] as const;
export type TSsoCheckReason = (typeof SSO_CHECK_REASONS)[number];

export type TSsoCheck = {
  check: TSsoCheckName;
  status: TSsoCheckStatus;
  reason: TSsoCheckReason;
  /** The reason in English, as a refusal of the widget's sign-in states it (for logs, REST). */
  message: string;
  /** What the token holds for this check (the algorithm, a claim), when that helps. */
  value: string | null;
  /** EXPIRY, NOT_BEFORE: the instant the claim names. */
  at: Date | null;
  /** LIFETIME: how long the token lives, and the company's maximum, in minutes. */
  lifetimeMinutes: number | null;
  maxLifetimeMinutes: number | null;
};

export type TSsoInspection = {
  checks: TSsoCheck[];
  /** The first failed check: why the widget refuses the token (null: it is accepted). */
  failure: TSsoCheck | null;
  /** The user the token names, when it is accepted. */
  claims: TSsoClaims | null;
};
