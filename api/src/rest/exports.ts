import type { TDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { TCsvFile } from '../services/export/export-csv.ts';
import type { TViewer } from '../viewer.ts';
import {
  ZAuditCsvParams,
  auditFilterOf,
  exportAuditCsv,
} from '../services/audit/export-audit-csv.ts';
import { exportIdeasCsv, exportVotersCsv } from '../services/export/export-csv.ts';
import { parseInput } from '../validation.ts';
import { csvResponse, csvRoute, idParams, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Export';

/**
 * Board exports one company may run at once, per process. Each reads its board a page per
 * statement as the client takes the bytes, which leaves room for every other request between
 * its pages; several at once of a large board still held the embedded database most of the
 * time (four of 60,800 ideas: /healthz up to 9.4 s for 2.5 minutes, outside attack 7, F7).
 */
export const EXPORTS_PER_COMPANY = 2;

/**
 * Board exports the process runs at once, whatever the company: companies cost nothing to make,
 * and 14 exports of seven new companies held the portal 6 s (outside attack 9, F3).
 */
export const EXPORTS_PER_PROCESS = 4;

/** Seconds a refused export is asked to wait. */
const EXPORT_RETRY_AFTER_SECONDS = 30;

const running = new Map<number, number>();
let runningInAll = 0;

/**
 * Runs `start` as one of the company's EXPORTS_PER_COMPANY exports (and of the process's
 * EXPORTS_PER_PROCESS), holding its place until the download ends (read whole, failed or abandoned); past the limit, RATE_LIMITED with Retry-After.
 * A page that fails mid-download errors the stream, and the server then cuts the connection
 * without the chunked body's end, so the client sees an incomplete download, never a short
 * file that looks whole (csv-stream.test.ts).
 */
export async function oneOfFewExports(
  viewer: TViewer | null,
  start: () => Promise<TCsvFile>,
): Promise<TCsvFile> {
  if (!viewer) return start();
  const { companyId } = viewer;
  const count = running.get(companyId) ?? 0;
  if (count >= EXPORTS_PER_COMPANY) {
    throw new AppError(
      'RATE_LIMITED',
      `${EXPORTS_PER_COMPANY} exports of this company are running: try again when one has finished.`,
      undefined,
      undefined,
      EXPORT_RETRY_AFTER_SECONDS,
    );
  }
  if (runningInAll >= EXPORTS_PER_PROCESS) {
    throw new AppError(
      'RATE_LIMITED',
      'The server is running as many exports as it can at once: try again in a moment.',
      undefined,
      undefined,
      EXPORT_RETRY_AFTER_SECONDS,
    );
  }
  running.set(companyId, count + 1);
  runningInAll += 1;
  let isHeld = true;
  const release = () => {
    if (!isHeld) return;
    isHeld = false;
    runningInAll -= 1;
    const left = (running.get(companyId) ?? 1) - 1;
    if (left > 0) running.set(companyId, left);
    else running.delete(companyId);
  };
  try {
    const file = await start();
    const reader = file.stream.getReader();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            release();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      async cancel(reason) {
        release();
        await reader.cancel(reason);
      },
    });
    return { ...file, stream };
  } catch (error) {
    release();
    throw error;
  }
}
const params = idParams('id');

/** A board's ideas and voters (its company's admins) and the audit log (owners) as CSV downloads. */
export function exportRoutes(deps: TDeps): TRestRoute[] {
  return [
    csvRoute({
      method: 'get',
      path: '/boards/{id}/export/ideas.csv',
      operationId: 'exportIdeas',
      tag,
      summary: 'Every idea of the board as CSV (admins)',
      description:
        'Columns: id, title, status, votes, comments, author, created (ISO 8601), url. Cells that a spreadsheet would run as a formula are prefixed with a quote.',
      auth: 'signedIn',
      request: { params },
      errors: [403, 429],
      handle: async (c) =>
        csvResponse(
          await oneOfFewExports(c.get('viewer'), () =>
            exportIdeasCsv(deps, c.get('viewer'), pathId(c)),
          ),
        ),
    }),
    csvRoute({
      method: 'get',
      path: '/boards/{id}/export/voters.csv',
      operationId: 'exportVoters',
      tag,
      summary: 'Who voted for which idea of the board, as CSV (admins)',
      description:
        'One row per vote: idea id, idea title, voter id, voter name, voter email, voted (ISO 8601).',
      auth: 'signedIn',
      request: { params },
      errors: [403, 429],
      handle: async (c) =>
        csvResponse(
          await oneOfFewExports(c.get('viewer'), () =>
            exportVotersCsv(deps, c.get('viewer'), pathId(c)),
          ),
        ),
    }),
    csvRoute({
      method: 'get',
      path: '/companies/{id}/audit.csv',
      operationId: 'exportAuditLog',
      tag,
      summary: 'The company’s audit log as CSV, newest first (owners, signed in)',
      description:
        'The same entries and filter as GraphQL `Company.auditLog`: `action`, `actorUserId`, `actorApiKeyId`, `from` and `to` (ISO 8601). Columns: time (ISO 8601), action, actor, actor user id, actor API key id, address, target, details. Admins, members, end users and API keys are refused (403); another company is 404. The export is itself recorded (AUDIT_LOG_EXPORTED).',
      auth: 'signedIn',
      request: { params, query: ZAuditCsvParams },
      errors: [403],
      handle: async (c) => {
        const query = parseInput(ZAuditCsvParams, c.req.query());
        return csvResponse(
          await exportAuditCsv(deps, c.get('viewer'), pathId(c), auditFilterOf(query)),
        );
      },
    }),
  ];
}
