import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { TTestServer } from './test-server.ts';

/**
 * Hostile input for the fuzz tests (rest/fuzz.test.ts, schema/fuzz.test.ts) and the invariants
 * every answer and the database must keep whatever a caller sends.
 */

/** 1 MB of text: over the body limit once wrapped in JSON (413, never a 500). */
export const ONE_MB = 'a'.repeat(1024 * 1024);

/** Strings that broke real servers: injection, unicode edge cases, numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'lone \uDC00 low surrogate',
  '\uDBFF\uDFFF',
  '\u202Eevil right-to-left\u202C',
  'שלום עולם',
  '\u200B\u200C\u200D\uFEFF',
  '👍🏽👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301'.repeat(300),
  '\r\n\t\u000B\u000C',
  "' OR '1'='1' --",
  '\'; DROP TABLE "Idea"; --',
  '1; SELECT pg_sleep(5)',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '%s%n%x',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  'x'.repeat(200_000),
];

/**
 * Characters that are text to JavaScript but not to PostgreSQL (NUL, lone surrogates), and
 * valid ones that change how text reads (bidirectional overrides and isolates, a right-to-left
 * mark, a byte-order mark): a server must refuse the first kind with a field error and store
 * and answer the second kind as it came.
 */
export const EDGE_CHARACTERS: readonly string[] = [
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2067',
  '\u2069',
  '\u200F',
  '\uFEFF',
];

const edgeCharacter = fc.constantFrom(...EDGE_CHARACTERS);

/** `text` with one edge character at a random place (a valid-looking slug, hash or id with NUL). */
export function withEdgeCharacter(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, edgeCharacter, fc.nat()).map(([base, ch, at]) => {
    const index = base.length ? at % (base.length + 1) : 0;
    return `${base.slice(0, index)}${ch}${base.slice(index)}`;
  });
}

/** A short text with any UTF-16 code unit, lone surrogates and NUL included. */
const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: withEdgeCharacter(fc.string({ maxLength: 30 })) },
  { weight: 2, arbitrary: anyCodeUnits },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
);

/** Values of every JSON type, for "wrong type" cases. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31) - 1, [], {}, [null], ['']),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Ids as a caller could send them: own, another company's, and garbage. */
export function idArbitrary(ids: readonly (string | number)[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids.map(String)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '2147483648',
        '99999999999999999999',
        '１２',
        'abc',
        'null',
        '%00',
        'SWRlYTox',
        'Ym9ndXM6MQ==',
      ),
    },
    // A real id with NUL, a lone surrogate or an RTL override in it: reaches lookups by slug or hash.
    { weight: 2, arbitrary: withEdgeCharacter(fc.constantFrom(...ids.map(String))) },
    { weight: 1, arbitrary: hostileString.filter((text) => text.length < 100) },
  );
}

type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
};

/**
 * A value for a JSON schema (OpenAPI document): mostly of the right shape with hostile leaves,
 * sometimes of a wrong type. `idsFor(name)` answers the ids to try for a property name.
 */
export function valueFor(
  schema: TJsonSchema | undefined,
  resolve: (ref: string) => TJsonSchema,
  idsFor: (name: string) => readonly (string | number)[] | null,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongType;
  if (schema.$ref) return valueFor(resolve(schema.$ref), resolve, idsFor, name, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) {
    return fc.oneof(...variants.map((v) => valueFor(v, resolve, idsFor, name, depth + 1)));
  }
  const ids = idsFor(name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let right: fc.Arbitrary<unknown>;
  if (schema.enum) right = fc.constantFrom(...schema.enum);
  else if (ids && (type === 'integer' || type === 'number')) {
    right = fc.constantFrom(...ids.map(Number).filter(Number.isFinite), 0, -1, 2 ** 31);
  } else if (ids && type === 'array') {
    right = fc.array(fc.constantFrom(...ids), { maxLength: 4 });
  } else if (ids) right = idArbitrary(ids);
  else if (type === 'string' && schema.format === 'date') {
    right = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2026-02-30', '0000-00-00', '9999-12-31', '2026-13-01', '1970-01-01'),
    );
  } else if (type === 'string' && schema.format === 'email') {
    right = fc.oneof(
      fc.emailAddress(),
      hostileString.map((s) => `${s}@example.com`),
    );
  } else if (type === 'string') {
    right = fc.oneof(
      fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 }),
      hostileString,
    );
  } else if (type === 'integer') {
    right = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.integer(), fc.constant(2 ** 31));
  } else if (type === 'number') right = fc.oneof(fc.double(), fc.integer());
  else if (type === 'boolean') right = fc.boolean();
  else if (type === 'array') {
    right = fc.array(valueFor(schema.items, resolve, idsFor, name, depth + 1), { maxLength: 4 });
  } else if (type === 'object' || schema.properties) {
    right = objectFor(schema, resolve, idsFor, depth + 1);
  } else right = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: wrongType });
}

/** An object for a JSON schema with each property present or missing, and extra fields. */
export function objectFor(
  schema: TJsonSchema,
  resolve: (ref: string) => TJsonSchema,
  idsFor: (name: string) => readonly (string | number)[] | null,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const known = fc.record(
    Object.fromEntries(
      properties.map(([key, value]) => [key, valueFor(value, resolve, idsFor, key, depth)]),
    ),
    { requiredKeys: [] },
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom('id', 'companyId', 'role', 'voteCount', 'isAdmin'),
        ),
        wrongType,
        { maxKeys: 3 },
      ),
    },
  );
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }) as Record<string, unknown>);
}

/** Words an answer must never carry: stack frames and internals of the server. */
const INTERNALS =
  /\n\s+at |node_modules|\/api\/src\/|PrismaClient|prisma\.|Invalid `|invalid byte sequence|syntax error at|violates|relation "|TypeError|ReferenceError|RangeError|SyntaxError: (?!.*JSON)|Unexpected error\.|ECONNREFUSED/;

/** What is wrong with one answer, or null: a 5xx or a leak of internals. */
export function answerProblem(
  status: number,
  text: string,
  // UNAVAILABLE: the documented 503 of a database past its deadline (or unreachable); /healthz
  // in the invariants tells the two apart.
  allowed503: readonly string[] = ['PAYMENTS_NOT_CONFIGURED', 'UNAVAILABLE'],
): string | null {
  if (status >= 500) {
    const code = /"code":"([A-Z_]+)"/.exec(text)?.[1];
    if (!(status === 503 && code && allowed503.includes(code))) {
      return `status ${status}: ${text.slice(0, 300)}`;
    }
  }
  const leak = INTERNALS.exec(text);
  if (leak) return `internal detail "${leak[0]}" in: ${text.slice(0, 300)}`;
  return null;
}

/** Ideas whose voteCount or commentCount differs from their rows (should be none). */
export async function countMismatches(
  prisma: PrismaClient,
): Promise<
  { id: number; voteCount: number; votes: number; commentCount: number; comments: number }[]
> {
  return prisma.$queryRaw`
    SELECT i.id, i."voteCount", v.n::int AS votes, i."commentCount", c.n::int AS comments
    FROM "Idea" i
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM "Vote" WHERE "ideaId" = i.id) v
    CROSS JOIN LATERAL (SELECT count(*) AS n FROM "Comment" WHERE "ideaId" = i.id AND NOT "isInternal") c
    WHERE i."voteCount" <> v.n OR i."commentCount" <> c.n`;
}

const COMPANY_ROWS: Record<string, string> = {
  Company: `"id" = $1`,
  User: `"companyId" = $1`,
  Board: `"companyId" = $1`,
  Idea: `"boardId" IN (SELECT id FROM "Board" WHERE "companyId" = $1)`,
  Vote: `"ideaId" IN (SELECT i.id FROM "Idea" i JOIN "Board" b ON b.id = i."boardId" WHERE b."companyId" = $1)`,
  Comment: `"ideaId" IN (SELECT i.id FROM "Idea" i JOIN "Board" b ON b.id = i."boardId" WHERE b."companyId" = $1)`,
  Release: `"companyId" = $1`,
  ReleasePart: `"releaseId" IN (SELECT id FROM "Release" WHERE "companyId" = $1)`,
  Subscription: `"companyId" = $1`,
  Payment: `"companyId" = $1`,
  ApiKey: `"companyId" = $1`,
};

/** Every row of a company, as text: compare before and after to see that nothing changed. */
export async function companySnapshot(prisma: PrismaClient, companyId: number): Promise<string> {
  const parts: string[] = [];
  for (const [table, where] of Object.entries(COMPANY_ROWS)) {
    const rows = await prisma.$queryRawUnsafe<{ row: string }[]>(
      `SELECT to_jsonb(t)::text AS row FROM "${table}" t WHERE ${where} ORDER BY 1`,
      companyId,
    );
    parts.push(`${table}: ${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/**
 * The invariants after a fuzz case (`where` names it in a failure): the server still answers
 * /healthz, every counter equals its rows, and the other company's rows are as `snapshot` was.
 */
export async function checkFuzzInvariants(
  server: TTestServer,
  other: { companyId: number; snapshot: string },
  tally: TFuzzTally,
  where: string,
): Promise<void> {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status, `${where}: /healthz`).toBe(200);
  expect(await countMismatches(server.deps.prisma), `${where}: counters`).toEqual([]);
  expect(await companySnapshot(server.deps.prisma, other.companyId), `${where}: company B`).toBe(
    other.snapshot,
  );
  tally.invariantChecks += 3;
}

/** Counts of what a fuzz run did, printed at its end. */
export type TFuzzTally = {
  requests: number;
  invariantChecks: number;
  /** Requests sent again after fetch found its kept-alive connection closed (after a 413 or 431). */
  retriedOnClosedConnection: number;
  byStatus: Map<number, number>;
};

export function newTally(): TFuzzTally {
  return { requests: 0, invariantChecks: 0, retriedOnClosedConnection: 0, byStatus: new Map() };
}

export function describeTally(name: string, tally: TFuzzTally): string {
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const retried = tally.retriedOnClosedConnection
    ? `, ${tally.retriedOnClosedConnection} retried on a connection the server had closed`
    : '';
  return `${name}: ${tally.requests} requests, ${tally.invariantChecks} invariant checks passed (${statuses})${retried}`;
}

/** The seed fuzz runs use under CI unless FUZZ_SEED says otherwise. */
const CI_SEED = 20_261_123;

/**
 * fast-check's run parameters for the fuzz suites: `FUZZ_RUNS` inputs per route or mutation
 * (24), and `FUZZ_SEED` to replay a run (fast-check prints the seed of a failure). Under CI the
 * seed is fixed, so the check that lands a change is reproducible; `npm run fuzz` explores with
 * fresh random seeds and ten times the inputs, and `FUZZ_SEED=random` does so anywhere.
 */
export function fuzzParameters(): { numRuns: number; seed?: number } {
  const numRuns = Number(process.env.FUZZ_RUNS ?? 24);
  const wanted = process.env.FUZZ_SEED;
  if (wanted === 'random') return { numRuns };
  if (wanted) return { numRuns, seed: Number(wanted) };
  return process.env.CI ? { numRuns, seed: CI_SEED } : { numRuns };
}

/** A fuzz test's time limit, given its limit at the default 24 inputs per target. */
export function fuzzTimeout(msAtDefaultRuns: number): number {
  return Math.ceil((msAtDefaultRuns * Math.max(24, fuzzParameters().numRuns)) / 24);
}

/**
 * A zip archive whose entries each unpack to `mb` MB of zeros, built without holding them: a
 * megabyte of zeros deflates to about 1 KB, and deflate blocks ended by a sync flush chain, so
 * 300 MB is 300 copies of one small block (about 310 KB in all). `declaredSize` is what the
 * headers claim each entry unpacks to (a bomb lies; by default the truth).
 */
export function zipOfZeros(
  entries: readonly { name: string; mb: number }[],
  options: { declaredSize?: number } = {},
): Buffer {
  const megabyte = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(megabyte, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, mb } of entries) {
    const data = Buffer.concat([...Array.from({ length: mb }, () => block), end]);
    let crc = 0;
    for (let n = 0; n < mb; n += 1) crc = crc32(megabyte, crc);
    const size = options.declaredSize ?? mb * megabyte.length;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(entries.length, 8);
  tail.writeUInt16LE(entries.length, 10);
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, tail]);
}
