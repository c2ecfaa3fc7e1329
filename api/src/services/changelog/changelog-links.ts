import type { TDeps } from '../../deps.ts';

/**
 * The changelog's address in mails: under `/public/`, which serves every company's portal
 * whatever its slug (like the notification mails' board links).
 */
export function changelogUrl(deps: TDeps, companySlug: string): string {
  return `${deps.config.appUrl}/public/${companySlug}/changelog`;
}
