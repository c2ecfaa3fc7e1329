import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from './company-access.ts';
import { getPricing } from './get-pricing.ts';
import type { TPricingEntry } from './get-pricing.ts';

/** The plans on sale, as the admin's subscription page offers them (another company: not found). */
export function getCompanyPricing(
  deps: Pick<TDeps, 'config'>,
  viewer: TViewer | null,
  companyId: number,
): TPricingEntry[] {
  requireOwnCompanyAdmin(viewer, companyId);
  return getPricing(deps.config);
}
