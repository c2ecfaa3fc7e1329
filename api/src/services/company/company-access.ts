import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireViewer } from '../../viewer.ts';

/**
 * The caller's own company, administered by them. Another company's id is not found; an end
 * user of this company is forbidden.
 */
export function requireOwnCompanyAdmin(viewer: TViewer | null, companyId?: number): TViewer {
  const signedIn = requireViewer(viewer);
  if (companyId !== undefined && companyId !== signedIn.companyId) throw errors.notFound('Company');
  return requireCompanyAdmin(signedIn);
}
