import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restApi } from '../rest/index.ts';
import { startWorld } from './fixtures.ts';
import type { TWorld } from './fixtures.ts';
import { brief, restOutcome } from './outcome.ts';
import { REST_TABLE } from './rest-table.ts';
import type { TRestEntry } from './rest-table.ts';
import { runEntry } from './run.ts';
import type { TRunnable } from './run.ts';

/**
 * The caller matrix over every REST route (issue 33 point 1): each route, called by each kind
 * of caller against A's private board (and the boards that grant or are public), answers what
 * the access model says. A route missing from REST_TABLE fails the first test.
 */

let w: TWorld;

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(async () => {
  await w?.server.close();
});

/** `METHOD /path` with `{param}` and no trailing slash, so both sources compare alike. */
const normal = (key: string) => key.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

function runnable(entry: TRestEntry): TRunnable {
  return {
    rule: entry.rule,
    boardScoped: entry.boardScoped,
    outcome: async (world, caller, board) => {
      const { status, body } = await entry.call(world, caller, board);
      let outcome = restOutcome(status, body);
      if (outcome === 'ok' && entry.shows && !entry.shows(body, board)) outcome = 'notFound';
      return { outcome, detail: `${status} ${brief(body)}` };
    },
  };
}

describe('REST caller matrix', () => {
  it('has an entry for every route the app serves, and no entry without a route', async () => {
    const { body } = await w.server.call('GET', '/api/v1/openapi.json');
    const documented = Object.entries(body.paths as Record<string, object>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The router itself too: a route served without being documented must be in the table.
    const served = restApi(w.server.deps)
      .routes.filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`);
    const inApp = new Set([...documented, ...served].map(normal));
    const inTable = new Set(Object.keys(REST_TABLE).map(normal));
    expect({
      missingFromTable: [...inApp].filter((key) => !inTable.has(key)).sort(),
      notInApp: [...inTable].filter((key) => !inApp.has(key)).sort(),
    }).toEqual({ missingFromTable: [], notInApp: [] });
  });

  it('wrote the grants of the new access model (Board.ssoAccess, allowedEmailDomains, BoardCustomerAccess)', () => {
    expect(w.grantProblems).toEqual([]);
  });

  const entries = Object.entries(REST_TABLE).sort(
    ([, a], [, b]) => Number(a.isLast ?? false) - Number(b.isLast ?? false),
  );
  it.each(entries)('%s', async (name, entry) => {
    await runEntry(w, name, runnable(entry));
  });
});
