import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { requireCompanyAdmin, requireWriter } from '../../viewer.ts';
import type { TViewer } from '../../viewer.ts';
import { importJobView } from './import-job-view.ts';
import type { TImportJobView } from './import-job-view.ts';

/**
 * Sets a previewed import going: the job is queued and the background worker writes it (see
 * run-import.ts); the console follows `processed` of `total`. A job already started is
 * CONFLICT (twice at once starts it once). OWNER and ADMIN of its company; another company's
 * job is not found.
 */
export async function startImport(
  deps: Pick<TDeps, 'prisma' | 'imports'>,
  viewer: TViewer | null,
  jobId: number,
): Promise<TImportJobView> {
  requireWriter(viewer);
  const job = await deps.prisma.importJob.findFirst({
    where: { id: jobId, companyId: viewer?.companyId ?? 0 },
  });
  if (!job) throw errors.notFound('Import');
  requireCompanyAdmin(viewer);
  const { count } = await deps.prisma.importJob.updateMany({
    where: { id: job.id, status: 'PREVIEWED' },
    data: { status: 'QUEUED' },
  });
  if (count === 0) throw new AppError('CONFLICT', 'This import has already been started.');
  deps.imports.wake();
  return importJobView(await deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } }));
}
