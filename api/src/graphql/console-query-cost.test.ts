import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../config.ts';
import { createBoardId, signUpCompany } from '../testing/graphql-client.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { operationCost } from './graphql-input-limits.ts';

// Issue 34: the console's own screens cost 27,000-69,000 points each (the Roadmap 69,200), so
// an admin clicking through eight of them a minute was refused with 429. A screen now costs at
// most a fiftieth of an account's minute, so 50 screens a minute always fit.

/** The variables the console sends that change a query's price (page sizes it sets). */
const CONSOLE_VARIABLES: Record<string, Record<string, unknown>> = {
  IdeasScreenQuery: { first: 20 },
  UsersScreenQuery: { first: 100 },
};

/**
 * Queries still past a fiftieth, each held under its own ceiling until the console reads less:
 * the Roadmap reads four columns of 100 cards; an idea's detail reads its voters' companies (an
 * unpaged list, FIELD_COSTS voterCompanies). The Releases screen (43,578: 100 releases' notes,
 * priced by size) now reads a page of 20 with their notes' excerpts, and the similar-idea hint
 * (30,012) is priced as the bounded search it has become.
 */
const CEILINGS: Record<string, number> = {
  RoadmapScreenQuery: 12_000,
  IdeaDetailModalQuery: 12_000,
};

/** A large customer: 500 customer companies, 50 boards (priced by their real counts). */
const LARGE_COMPANY = { customerCompanies: 500, allowedCustomerCompanies: 500, boards: 50 };

const SCREEN_BUDGET = DEFAULT_RATE_LIMITS.graphqlCost.perAccount / 50;

function consoleQueries(): { name: string; text: string }[] {
  const generated = path.resolve(import.meta.dirname, '../../../web/__generated__');
  return readdirSync(generated)
    .filter((file) => file.endsWith('Query.graphql.ts'))
    .map((file) => readFileSync(path.join(generated, file), 'utf8'))
    .map((source) => /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1])
    .filter((text): text is string => Boolean(text))
    .map((text) => JSON.parse(text) as string)
    .map((text) => ({ name: /^query (\w+)/.exec(text)![1]!, text }));
}

const costOf = (text: string, name: string) =>
  operationCost(parse(text), name, CONSOLE_VARIABLES[name] ?? {}, LARGE_COMPANY);

describe("the console's queries priced", () => {
  it("costs each screen at most a fiftieth of an account's minute (but two, under ceilings)", () => {
    const rows = consoleQueries().map(({ name, text }) => ({ name, cost: costOf(text, name) }));
    expect(rows.length).toBeGreaterThan(40);
    console.log(
      rows
        .sort((a, b) => b.cost - a.cost)
        .map(({ name, cost }) => `${name.padEnd(40)} ${cost}`)
        .join('\n'),
    );
    expect(rows.filter(({ name, cost }) => cost > (CEILINGS[name] ?? SCREEN_BUDGET))).toEqual([]);
  });

  it('still prices a wide query by what it reads, past the limit of one query', () => {
    const maxCost = loadConfig({}).graphqlLimits.maxCost;
    const ids = Array.from({ length: 100 }, (_, n) => encodeGlobalID('Idea', n + 1));
    const wide = `query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Idea { id title
      voters(first: 100) { edges { node { userId name } } }
      comments(first: 100) { edges { node { id text author { displayName } } } } } } }`;
    expect(operationCost(parse(wide), undefined, { ids })).toBeGreaterThan(maxCost);
    // 20 aliases of 100 releases' notes (attack 4 F4) stay refused.
    const aliases = Array.from(
      { length: 20 },
      (_, n) => `r${n}: releases(first: 100) { edges { node { body } } }`,
    ).join(' ');
    expect(
      operationCost(parse(`{ boards { ${aliases} } }`), undefined, {}, { boards: 1 }),
    ).toBeGreaterThan(maxCost);
  });

  it('refuses fragments that expand to millions of fields without walking them all', () => {
    // Ten levels, each five fields spreading the level below: 5^10 fields in 700 characters.
    const fragments = ['fragment F0 on Board { id }'];
    for (let n = 1; n <= 10; n += 1) {
      const below = `{ ...F${n - 1} }`;
      fragments.push(
        `fragment F${n} on Board { a ${below} b ${below} c ${below} d ${below} e ${below} }`,
      );
    }
    const document = parse(`query { board(id: "1") { ...F10 } } ${fragments.join(' ')}`);
    expect(operationCost(document, undefined, {})).toBe(Number.POSITIVE_INFINITY);
    // A few levels of the same shape are priced as usual.
    const smaller = parse(`query { board(id: "1") { ...F3 } } ${fragments.slice(0, 4).join(' ')}`);
    expect(operationCost(smaller, undefined, {})).toBeLessThan(Number.POSITIVE_INFINITY);
  });
});

describe('an admin clicking through the console', { timeout: 120_000 }, () => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({
      rateLimits: { ...UNLIMITED_FOR_TESTS, graphqlCost: DEFAULT_RATE_LIMITS.graphqlCost },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('opens the Roadmap and board settings 25 times each in a minute without being refused', async () => {
    const admin = await signUpCompany(server);
    const boardId = await createBoardId(server, admin.token, 'Clicking board');
    const queries = Object.fromEntries(consoleQueries().map(({ name, text }) => [name, text]));
    const statuses: number[] = [];
    for (let n = 0; n < 25; n += 1) {
      for (const [name, variables] of [
        ['RoadmapScreenQuery', { id: boardId, sort: 'VOTES' }],
        ['BoardSettingsScreenQuery', { id: boardId }],
      ] as const) {
        const { status, body } = await server.call('POST', '/graphql', {
          body: { query: queries[name], variables },
          token: admin.token,
        });
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        statuses.push(status);
      }
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
