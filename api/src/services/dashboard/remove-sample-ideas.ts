import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireWriter } from '../../viewer.ts';

/**
 * Deletes the company's sample ideas (Idea.isSample) with everything hanging on them (votes,
 * comments, activity: the database cascades), and nothing else (owners and admins). Answers how
 * many were deleted; none left is not an error.
 */
export async function removeSampleIdeas(deps: TDeps, viewer: TViewer | null): Promise<number> {
  const admin = requireCompanyAdmin(viewer);
  requireWriter(admin);
  const removed = await deps.prisma.idea.deleteMany({
    where: { isSample: true, board: { companyId: admin.companyId } },
  });
  return removed.count;
}
