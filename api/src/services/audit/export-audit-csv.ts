import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { AuditEntry } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { csvStream } from '../export/csv-stream.ts';
import { AUDIT_ACTION_NAMES } from './audit-actions.ts';
import type { TAuditAction } from './audit-actions.ts';
import { actorOf, recordAudit } from './record-audit.ts';
import { auditEntriesInPages, requireAuditReader } from './list-audit-entries.ts';
import type { TAuditFilter } from './list-audit-entries.ts';

const HEADER = [
  'time',
  'action',
  'actor',
  'actor user id',
  'actor API key id',
  'address',
  'target',
  'details',
];

/** `name: value; …` of an entry's details, as the console shows them. */
function detailsText(entry: AuditEntry): string {
  const details = entry.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return '';
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/**
 * The company's audit log, filtered, as a CSV download (owners, as the log's reader rule
 * says): the export is itself recorded first, then the rows are read and sent a page at a
 * time, so a long log never sits whole in memory.
 */
export async function exportAuditCsv(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  filter: TAuditFilter,
): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  const owner = requireAuditReader(viewer, companyId);
  await recordAudit(deps, {
    action: 'AUDIT_LOG_EXPORTED',
    companyId,
    actor: actorOf(owner),
    target: { type: 'Company', id: companyId },
    details: {
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.actorUserId !== undefined ? { actorUser: filter.actorUserId } : {}),
      ...(filter.actorApiKeyId !== undefined ? { actorApiKey: filter.actorApiKeyId } : {}),
      ...(filter.from ? { from: filter.from.toISOString() } : {}),
      ...(filter.to ? { to: filter.to.toISOString() } : {}),
    },
  });
  const pages = auditEntriesInPages(deps, viewer, companyId, filter);
  async function* rows(): AsyncGenerator<unknown[][]> {
    for await (const page of pages) {
      yield page.map((entry) => [
        entry.createdAt.toISOString(),
        entry.action,
        entry.actorLabel,
        entry.actorUserId ?? '',
        entry.actorApiKeyId ?? '',
        entry.address ?? '',
        entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}`.trim() : '',
        detailsText(entry),
      ]);
    }
  }
  const stream = csvStream(HEADER, rows());
  return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, stream };
}

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number({ error: 'It has to be a number.' }).int().positive().optional(),
);
const optionalMoment = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.iso
    .datetime({ offset: true, error: 'It has to be an ISO 8601 date and time.' })
    .transform((value) => new Date(value))
    .optional(),
);

/** The CSV export's query: the same filter as the GraphQL `auditLog` field, with row ids. */
export const ZAuditCsvParams = z.object({
  action: z
    .enum(AUDIT_ACTION_NAMES as [TAuditAction, ...TAuditAction[]], {
      error: 'It has to be one of the audit actions.',
    })
    .optional(),
  actorUserId: optionalId.meta({ description: 'Only entries by this user (row id).' }),
  actorApiKeyId: optionalId.meta({ description: 'Only entries made with this API key (row id).' }),
  from: optionalMoment.meta({ description: 'Only entries made at or after this moment.' }),
  to: optionalMoment.meta({ description: 'Only entries made before this moment.' }),
});

/** The filter of a parsed CSV query. */
export function auditFilterOf(params: z.output<typeof ZAuditCsvParams>): TAuditFilter {
  return {
    ...(params.action ? { action: params.action } : {}),
    ...(params.actorUserId !== undefined ? { actorUserId: params.actorUserId } : {}),
    ...(params.actorApiKeyId !== undefined ? { actorApiKeyId: params.actorApiKeyId } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
  };
}
