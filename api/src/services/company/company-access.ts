import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireCompanyOwner, requireViewer } from '../../viewer.ts';

/**
 * The caller's own company, administered by them. Another company's id is not found; an end
 * user of this company is forbidden.
 */
export function requireOwnCompanyAdmin(viewer: TViewer | null, companyId?: number): TViewer {
  const signedIn = requireViewer(viewer);
  if (companyId !== undefined && companyId !== signedIn.companyId) throw errors.notFound('Company');
  return requireCompanyAdmin(signedIn);
}

/**
 * The caller's own company, owned by them: billing (checkout, invoices, payments). Another
 * company's id is not found; admins, members and end users of this company are forbidden.
 */
export function requireOwnCompanyOwner(viewer: TViewer | null, companyId?: number): TViewer {
  const admin = requireOwnCompanyAdmin(viewer, companyId);
  return requireCompanyOwner(admin);
}
