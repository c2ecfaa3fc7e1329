/**
 * The limits the console's forms and the server's validation share, in one module without
 * imports: the console bundles it and depends on no service code (an ESLint rule keeps web/src
 * off api/src/services), and the services' zod schemas read the same numbers, so the two never
 * disagree.
 */

// Releases (services/release/release-input.ts)
export const RELEASE_NAME_MAX = 16;
/** The most characters a release's Markdown body may have. */
export const RELEASE_BODY_MAX = 20_000;
/** The most lines (parts: ideas and others) one release holds. */
export const RELEASE_PARTS_MAX = 500;
/** The longest cover image address. */
export const RELEASE_COVER_URL_MAX = 2_000;
export const RELEASE_LABELS = ['NEW', 'IMPROVED', 'FIXED'] as const;
export type TReleaseLabel = (typeof RELEASE_LABELS)[number];

// Custom statuses (services/board-status/board-status-input.ts)
export const STATUS_NAME_LIMITS = { min: 2, max: 30 } as const;
/** How many custom statuses a board may hold (all kinds together). */
export const MAX_BOARD_STATUSES = 50;
/** The kinds a custom status may have: the pipeline without NOT_PUBLIC (moderation). */
export const STATUS_KINDS = [
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
  'DECLINED',
] as const;
export type TStatusKind = (typeof STATUS_KINDS)[number];

// Tags (services/tag/tag-input.ts)
export const TAG_NAME_LIMITS = { min: 1, max: 30 } as const;
/** How many tags a company may define. */
export const MAX_COMPANY_TAGS = 200;
/** How many tags one idea may carry. */
export const MAX_IDEA_TAGS = 20;

// SSO tokens (services/sso/)
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

// Customer companies (services/customer/)
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

// A person's own profile (validation.ts ZPassword, services/account/)
/** The name shown on ideas and comments (as a board's sign-up takes it). */
export const DISPLAY_NAME_LIMITS = { min: 2, max: 50 } as const;
/** An avatar is an http(s) address of at most this many characters (as SSO tokens' avatars). */
export const AVATAR_URL_MAX_LENGTH = 1000;
/** Passwords: the spec's 6 to 50 characters (section 5). */
export const PASSWORD_LIMITS = { min: 6, max: 50 } as const;
