import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLObjectType } from 'graphql';
import { schema } from '../schema/index.ts';
import { startWorld } from './fixtures.ts';
import type { TWorld } from './fixtures.ts';
import { GRAPHQL_TABLE } from './graphql-table.ts';
import type { TGraphqlEntry } from './graphql-table.ts';
import { brief } from './outcome.ts';
import { runEntry } from './run.ts';
import type { TRunnable } from './run.ts';

/**
 * The caller matrix over every GraphQL Query and Mutation field (issue 33 point 1), `node` and
 * `nodes` with the ids of a board's board, idea, comment and release included: each field,
 * called by each kind of caller against A's private board (and the boards that grant or are
 * public), answers what the access model says. A field missing from GRAPHQL_TABLE fails the
 * first test.
 */

let w: TWorld;

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(async () => {
  await w?.server.close();
});

function runnable(entry: TGraphqlEntry): TRunnable {
  return {
    rule: entry.rule,
    boardScoped: entry.boardScoped,
    outcome: async (world, caller, board) => {
      const { body } = await entry.call(world, caller, board);
      return { outcome: entry.classify(body, board), detail: brief(body?.errors ?? body?.data) };
    },
  };
}

describe('GraphQL caller matrix', () => {
  it('has an entry for every Query, Mutation and Subscription field, and no entry without a field', () => {
    const fields = (['Query', 'Mutation', 'Subscription'] as const).flatMap((type) =>
      Object.keys((schema.getType(type) as GraphQLObjectType).getFields()).map(
        (field) => `${type}.${field}`,
      ),
    );
    const inTable = new Set(Object.keys(GRAPHQL_TABLE));
    expect({
      missingFromTable: fields.filter((field) => !inTable.has(field)).sort(),
      notInSchema: [...inTable].filter((field) => !fields.includes(field)).sort(),
    }).toEqual({ missingFromTable: [], notInSchema: [] });
  });

  const entries = Object.entries(GRAPHQL_TABLE)
    .filter(([, entry]) => !entry.isStream)
    .sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  it.each(entries)('%s', async (name, entry) => {
    await runEntry(w, name, runnable(entry));
  });
});
