import type { ImportJob } from '../../generated/prisma/client.ts';
import type { TImportModel, TImportProblem, TImportSource, TImportStatus } from './import-model.ts';

/** One line of the preview's status mapping: the source's name, our kind, and the board's own status name. */
export type TStatusMapping = {
  sourceStatus: string;
  status: TImportStatus;
  /** A status of the board of that kind with the same name (case aside), used for these ideas. */
  customStatusName: string | null;
  ideaCount: number;
};

/** What the preview counted: rows in the file, and how many of them the import would create. */
export type TImportPreview = {
  ideas: { inFile: number; toCreate: number };
  users: { inFile: number; toCreate: number };
  votes: { inFile: number; toCreate: number };
  comments: { inFile: number; toCreate: number };
  statusMapping: TStatusMapping[];
  problems: TImportProblem[];
  problemCount: number;
  skipped: number;
};

/** What an import created (rows already there from an earlier run are not counted). */
export type TImportResult = { ideas: number; users: number; votes: number; comments: number };

/** The payload the worker writes: the model without its problems, and the status mapping. */
export type TImportPayload = Omit<TImportModel, 'problems' | 'skipped'> & {
  source: TImportSource;
  /** Kind → the board's status of that kind named like the source's, by source status name. */
  customStatusIds: Record<string, number>;
};

export type TImportJobView = Omit<ImportJob, 'payload' | 'preview' | 'result'> & {
  preview: TImportPreview;
  result: TImportResult | null;
};

export function importJobView(job: ImportJob): TImportJobView {
  return {
    id: job.id,
    companyId: job.companyId,
    boardId: job.boardId,
    createdById: job.createdById,
    source: job.source,
    fileNames: job.fileNames,
    status: job.status,
    total: job.total,
    processed: job.processed,
    error: job.error,
    lockedUntil: job.lockedUntil,
    attempts: job.attempts,
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    updatedAt: job.updatedAt,
    preview: job.preview as unknown as TImportPreview,
    result: (job.result as unknown as TImportResult | null) ?? null,
  };
}
