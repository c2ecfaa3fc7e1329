import type { TDeps } from '../../deps.ts';
import { isCompanyAdmin } from '../../viewer.ts';
import type { TViewer } from '../../viewer.ts';
import { importJobView } from './import-job-view.ts';
import type { TImportJobView } from './import-job-view.ts';

/**
 * An import of the caller's company, with its progress as fresh as this process knows it; null
 * for anyone but its OWNER and ADMINs (another company's job is not found).
 */
export async function findImportJob(
  deps: Pick<TDeps, 'prisma' | 'imports'>,
  viewer: TViewer | null,
  jobId: number,
): Promise<TImportJobView | null> {
  if (!isCompanyAdmin(viewer)) return null;
  const job = await deps.prisma.importJob.findFirst({
    where: { id: jobId, companyId: viewer!.companyId },
  });
  if (!job) return null;
  const view = importJobView(job);
  const live = deps.imports.progressOf(job.id);
  return live !== undefined && job.status === 'RUNNING'
    ? { ...view, processed: Math.max(view.processed, live) }
    : view;
}
