import type { TDeps } from '../deps.ts';
import { exportIdeasCsv, exportVotersCsv } from '../services/export/export-csv.ts';
import { csvResponse, csvRoute, idParams, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Export';
const params = idParams('id');

/** A board's ideas and voters as CSV downloads (its company's admins). */
export function exportRoutes(deps: TDeps): TRestRoute[] {
  return [
    csvRoute({
      method: 'get',
      path: '/boards/{id}/export/ideas.csv',
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
      tag,
      summary: 'Who voted for which idea of the board, as CSV (admins)',
      description:
        'One row per vote: idea id, idea title, voter id, voter name, voter email, voted (ISO 8601).',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      handle: async (c) => csvResponse(await exportVotersCsv(deps, c.get('viewer'), pathId(c))),
    }),
  ];
}
