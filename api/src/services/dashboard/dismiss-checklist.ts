import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireWriter } from '../../viewer.ts';

/**
 * Hides the dashboard's first-week checklist for the whole company (owners and admins); it
 * stays hidden. A second call changes nothing.
 */
export async function dismissChecklist(deps: TDeps, viewer: TViewer | null): Promise<void> {
  const admin = requireCompanyAdmin(viewer);
  requireWriter(admin);
  await deps.prisma.company.updateMany({
    where: { id: admin.companyId, checklistDismissedAt: null },
    data: { checklistDismissedAt: new Date() },
  });
}
