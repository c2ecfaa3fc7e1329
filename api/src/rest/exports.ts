import type { TDeps } from '../deps.ts';
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
      errors: [403],
      handle: async (c) => csvResponse(await exportIdeasCsv(deps, c.get('viewer'), pathId(c))),
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
      errors: [403],
      handle: async (c) => csvResponse(await exportVotersCsv(deps, c.get('viewer'), pathId(c))),
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
