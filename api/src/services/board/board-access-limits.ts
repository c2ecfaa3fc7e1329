/**
 * The limits of a board's access settings (who may see a private board), in one module: the
 * server's zod schema (update-board-access.ts) and the console's board settings read them.
 */
export const BOARD_ACCESS_LIMITS = {
  /** At most this many allowed email domains per board. */
  maxDomains: 50,
  /** A domain name is at most 253 characters (RFC 1035). */
  maxDomainLength: 253,
  /** At most this many customer companies per board. */
  maxCustomerCompanies: 100,
} as const;

/**
 * A domain name as an allowed email domain is written: lower-case labels of letters, digits and
 * hyphens (no leading or trailing hyphen, at most 63 characters each), at least two of them,
 * separated by dots. Internationalised domains are written in their ASCII (punycode) form.
 */
export const DOMAIN_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
