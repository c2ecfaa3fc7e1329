import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_BODY_LIMIT } from './index.ts';
import { createSession } from '../services/account/create-session.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import {
  answerProblem,
  checkFuzzInvariants,
  companySnapshot,
  describeTally,
  fuzzParameters,
  fuzzTimeout,
  hostileString,
  idArbitrary,
  newTally,
  objectFor,
  valueFor,
  wrongType,
} from '../testing/hostile-input.ts';
import { expectCall } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startFuzzTarget } from '../testing/fuzz-target.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * Property-based fuzzing of every REST route of the OpenAPI document (generated from the route
 * table, so a new route is fuzzed without touching this file): random and hostile paths, queries,
 * headers and bodies from company A's callers, with company B's ids in the mix. After each
 * route: no 5xx, no internals in any answer, /healthz still ok, every idea's counters equal its
 * rows, and not one row of company B changed.
 */

type TOperation = { method: string; path: string; operation: any };

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
let memberOfB: TTestAccount;
let document: any;
let operations: TOperation[] = [];
let snapshotOfB = '';
const tally = newTally();
let loggedErrors: string[] = [];

const ids = {
  companies: [] as number[],
  boards: [] as number[],
  ideas: [] as number[],
  releases: [] as number[],
  parts: [] as number[],
  users: [] as number[],
  hashes: [] as string[],
};

beforeAll(async () => {
  ({ server, a, b, member, memberOfB, loggedErrors } = await startFuzzTarget());
  // A has more than one of each, so that deletes leave something to fuzz.
  const moreIdeas: number[] = [];
  for (let n = 0; n < 3; n += 1) {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title: `Fuzz target ${n}`, description: 'Something to vote and comment on.' },
    });
    moreIdeas.push(idea.id);
  }
  const boards = await server.deps.prisma.board.findMany({
    select: { id: true, widgetHash: true },
  });
  ids.companies = [a.owner.companyId, b.owner.companyId];
  ids.boards = [a.boardId, b.boardId];
  ids.ideas = [a.ideaId, ...moreIdeas, b.ideaId];
  ids.releases = [a.releaseId, b.releaseId];
  ids.parts = [a.partId, b.partId];
  ids.users = [a.owner.userId, member.userId, b.owner.userId, memberOfB.userId];
  ids.hashes = boards.map((board) => board.widgetHash);

  document = await expectCall(server, 'GET', '/openapi.json', 200);
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
  snapshotOfB = await companySnapshot(server.deps.prisma, b.owner.companyId);
}, 60_000);

afterAll(async () => {
  console.log(describeTally('REST fuzz', tally));
  await server?.close();
});

const resolve = (ref: string) =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: any, key) => node?.[key], document);

/** Which ids a parameter or body field takes, by its name and the path it is on. */
function idsFor(name: string, path = ''): readonly (string | number)[] | null {
  const key = name.toLowerCase();
  if (key === 'hash') return ids.hashes;
  if (key === 'partid') return ids.parts;
  if (key.startsWith('board') || key === 'x-board-id') return ids.boards;
  if (key.startsWith('idea') || key.startsWith('duplicateof')) return ids.ideas;
  if (key.startsWith('release')) return ids.releases;
  if (key.startsWith('user')) return ids.users;
  if (key.startsWith('compan')) return ids.companies;
  if (key === 'id') {
    if (path.startsWith('/companies')) return ids.companies;
    if (path.startsWith('/boards')) return ids.boards;
    if (path.startsWith('/releases')) return ids.releases;
    return ids.ideas;
  }
  return null;
}

/** Percent-encodes what it can; a lone surrogate goes out as the bytes of its (invalid) UTF-8. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) =>
        ch.length === 1 && /[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch),
      )
      .join('');
  }
}

/**
 * How a body is sent: JSON mostly, else as a type a page of another site may send without a
 * preflight, or gzip-encoded JSON. Every route refuses the others with a 4xx.
 */
const BODY_FORMS = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'gzip',
] as const;

type TRequest = {
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
  form: 'json' | (typeof BODY_FORMS)[number];
  caller: string;
};

function requestFor({ method, path, operation }: TOperation): fc.Arbitrary<TRequest> {
  const parameters: any[] = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const asciiHeader = fc
    .oneof(
      idArbitrary(ids.boards),
      fc.string({
        maxLength: 20,
        unit: fc.constantFrom(...'0123456789-+. abcxyz%\'"<>'.split('')),
      }),
    )
    .map((text) => text.replace(/[^\x20-\x7e]/g, '?'));
  return fc.record({
    path: fc
      .tuple(...pathParams.map((p) => idArbitrary(idsFor(p.name, path) ?? ids.ideas)))
      .map((values) =>
        pathParams.reduce(
          (result, p, index) => result.replace(`{${p.name}}`, encode(values[index])),
          path,
        ),
      ),
    query: fc
      .tuple(
        ...queryParams.map((p) =>
          fc.option(
            valueFor(p.schema, resolve, (n) => idsFor(n, path), p.name),
            { nil: undefined },
          ),
        ),
        fc.option(
          fc.tuple(
            hostileString.filter((s) => s.length < 50),
            wrongType,
          ),
          { nil: undefined },
        ),
      )
      .map((values) => {
        const pairs = queryParams
          .map((p, index) => [p.name, values[index]] as const)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `${key}=${encode(value)}`);
        const extra = values[queryParams.length] as [string, unknown] | undefined;
        if (extra) pairs.push(`${encode(extra[0])}=${encode(extra[1])}`);
        return pairs.length ? `?${pairs.join('&')}` : '';
      }),
    headers: fc
      .tuple(...headerParams.map(() => fc.option(asciiHeader, { nil: undefined })))
      .map(
        (values) =>
          Object.fromEntries(
            headerParams
              .map((p, index) => [p.name, values[index]] as const)
              .filter(([, value]) => value !== undefined),
          ) as Record<string, string>,
      ),
    body:
      method === 'GET' || method === 'DELETE'
        ? fc.constant(undefined)
        : fc.oneof(
            {
              weight: 6,
              arbitrary: (bodySchema
                ? bodySchema.$ref || bodySchema.properties
                  ? objectFor(
                      bodySchema.$ref ? resolve(bodySchema.$ref) : bodySchema,
                      resolve,
                      (n) => idsFor(n, path),
                    )
                  : valueFor(bodySchema, resolve, (n) => idsFor(n, path))
                : wrongType
              ).map((value) => JSON.stringify(value)),
            },
            { weight: 1, arbitrary: wrongType.map((value) => JSON.stringify(value) ?? '') },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                '{',
                '{"a":',
                '\u0000',
                '[1,2',
                '{"__proto__":{"role":"OWNER"}}',
                'null',
              ),
            },
          ),
    form: fc.oneof(
      { weight: 8, arbitrary: fc.constant('json' as const) },
      { weight: 1, arbitrary: fc.constantFrom(...BODY_FORMS) },
    ),
    caller: fc.constantFrom('owner', 'owner', 'member', 'anonymous', 'bad-token'),
  });
}

async function tokenFor(caller: string, path: string): Promise<string | undefined> {
  // Signing out (or changing a password) would end the session the other runs use.
  if (path.startsWith('/logout') && caller !== 'anonymous') {
    return createSession(server.deps.prisma, member.userId, 1);
  }
  if (caller === 'owner') return a.owner.token;
  if (caller === 'member') return member.token;
  if (caller === 'bad-token') return 'not-a-token';
  return undefined;
}

function isClosedSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'UND_ERR_SOCKET';
}

/** The body as sent, and whether the server must refuse it (4xx): not JSON, or compressed. */
function bodyOf(
  request: TRequest,
  headers: Record<string, string>,
): { body: BodyInit | undefined; isForeign: boolean } {
  if (request.body === undefined) return { body: undefined, isForeign: false };
  if (request.form === 'gzip') {
    headers['content-type'] = 'application/json';
    headers['content-encoding'] = 'gzip';
    return { body: new Uint8Array(gzipSync(request.body)), isForeign: true };
  }
  headers['content-type'] = request.form === 'json' ? 'application/json' : request.form;
  // An empty body is no body: nothing to refuse.
  return { body: request.body, isForeign: request.form !== 'json' && request.body !== '' };
}

async function send(
  method: string,
  request: TRequest,
): Promise<{ status: number; text: string; isForeign: boolean }> {
  const token = await tokenFor(request.caller, request.path);
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const { body, isForeign } = bodyOf(request, headers);
  const controller = new AbortController();
  const attempt = () =>
    fetch(`${server.url}/api/v1${request.path}${request.query}`, {
      method,
      headers,
      body,
      signal: controller.signal,
    });
  let response: Response;
  try {
    response = await attempt();
  } catch (error) {
    // Over the body limit the server answers 413 at once and closes the connection; a client
    // still sending may see the close before the answer. Either way the body was refused.
    if ((request.body?.length ?? 0) > REST_BODY_LIMIT) return { status: 413, text: '', isForeign };
    // After a 413 or 431 the server closes that keep-alive connection, and fetch may already
    // have sent the next request down it ("other side closed"). One retry goes on a fresh
    // connection; a server that really stopped fails it too, and the invariants check /healthz.
    if (!isClosedSocket(error)) throw error;
    tally.retriedOnClosedConnection += 1;
    response = await attempt();
  }
  // An event stream stays open: its status and headers are the answer.
  const isStream = response.headers.get('content-type')?.includes('text/event-stream');
  const text = isStream ? '' : await response.text();
  if (isStream) controller.abort();
  return { status: response.status, text, isForeign };
}

function checkInvariants(where: string): Promise<void> {
  return checkFuzzInvariants(
    server,
    { companyId: b.owner.companyId, snapshot: snapshotOfB },
    tally,
    where,
  );
}

describe('REST routes under random and hostile input', () => {
  it(
    'never answer 5xx or leak internals, and keep every invariant',
    async () => {
      expect(operations.length).toBeGreaterThan(40);
      for (const operation of operations) {
        const where = `${operation.method} ${operation.path}`;
        await fc.assert(
          fc.asyncProperty(requestFor(operation), async (request) => {
            const { status, text, isForeign } = await send(operation.method, request);
            tally.requests += 1;
            tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
            const problem = answerProblem(status, text);
            if (problem) throw new Error(`${where}: ${problem}`);
            if (isForeign && (status < 400 || status >= 500)) {
              throw new Error(`${where}: a ${request.form} body answered ${status}, not a 4xx`);
            }
            if (loggedErrors.length)
              throw new Error(`${where}: logged ${loggedErrors.splice(0).join('\n')}`);
            tally.invariantChecks += 1;
          }),
          fuzzParameters(),
        );
        await checkInvariants(where);
        if (process.env.FUZZ_VERBOSE) console.log(where, JSON.stringify([...tally.byStatus]));
      }
    },
    fuzzTimeout(240_000),
  );
});

describe('shapes that once stalled the server', () => {
  it(
    'other content types and compressed bodies answer 415, many distinct ids no 5xx, and /healthz answers',
    async () => {
      const json = JSON.stringify({ title: 'A plain title', text: 'Some text of a comment' });
      const manyIds = JSON.stringify({
        ideaIds: Array.from({ length: 20_000 }, (_, n) => n + 1),
        ids: Array.from({ length: 20_000 }, (_, n) => n + 1),
      });
      // [headers, body, whether the answer must be 415 (the JSON one may be anything but 5xx)]
      const shapes: [Record<string, string>, BodyInit, boolean][] = [
        [{ 'content-type': 'text/plain' }, json, true],
        [
          { 'content-type': 'application/x-www-form-urlencoded' },
          'title=A+plain+title&text=x',
          true,
        ],
        [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken', true],
        [
          { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          new Uint8Array(gzipSync(json)),
          true,
        ],
        // 64 MB of zeros in 64 KB: a server that inflated it would hold the 64 MB.
        [
          { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          new Uint8Array(gzipSync(Buffer.alloc(64 * 1024 * 1024))),
          true,
        ],
        [{ 'content-type': 'application/json' }, manyIds, false],
      ];
      const bodied = operations.filter(({ method }) => method !== 'GET' && method !== 'DELETE');
      expect(bodied.length).toBeGreaterThan(20);
      for (const { method, path } of bodied) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          String(idsFor(name, path)?.[0] ?? a.ideaId),
        );
        for (const [headers, body, isRefused] of shapes) {
          const [response, health] = await Promise.all([
            fetch(`${server.url}/api/v1${url}`, {
              method,
              headers: {
                ...headers,
                authorization: `Bearer ${(await tokenFor('owner', url)) ?? ''}`,
                'x-board-id': String(a.boardId),
              },
              body,
            }),
            fetch(`${server.url}/healthz`),
          ]);
          const where = `${method} ${path} ${JSON.stringify(headers)}`;
          expect(health.status, `${where}: /healthz`).toBe(200);
          if (isRefused) expect(response.status, where).toBe(415);
          const problem = answerProblem(response.status, await response.text());
          if (problem) throw new Error(`${where}: ${problem}`);
          if (loggedErrors.length)
            throw new Error(`${where}: logged ${loggedErrors.splice(0).join('\n')}`);
          tally.requests += 1;
          tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
        }
      }
      await checkInvariants('shapes that once stalled the server');
    },
    fuzzTimeout(120_000),
  );
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['NUL', 'A title\u0000with NUL', 'It must not contain the NUL character (U+0000).'],
    ['a lone surrogate', 'A title \uD800 half an emoji', 'It has to be valid Unicode text.'],
  ])('is a field error when it holds %s', async (_, title, message) => {
    const body = await expectCall(server, 'POST', '/ideas/', 400, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title, description: 'Otherwise fine.' },
    });
    expect(body.error).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'title', message }] });
  });

  it.each([
    ['GET', '/widget/boards/a%00b', 'hash', 'It must not contain the NUL character (U+0000).'],
    [
      'POST',
      '/widget/boards/a%00b/signup',
      'hash',
      'It must not contain the NUL character (U+0000).',
    ],
    ['GET', '/ideas/?search=a%00b', 'search', 'It must not contain the NUL character (U+0000).'],
    ['GET', '/ideas/?search=a%ED%A0%80b', 'search', null],
  ])(
    'in a path or query parameter is refused before the handler: %s %s',
    async (method, path, field, message) => {
      const response = await server.call(method, `/api/v1${path}`, {
        // The owner sees the board however the fuzzing above left it (public or private).
        token: method === 'GET' ? a.owner.token : undefined,
        headers: { 'x-board-id': String(a.boardId) },
        body: method === 'POST' ? { email: 'x@example.com', password: 'long enough 1' } : undefined,
      });
      if (message === null) {
        // Bytes that are not UTF-8 do not decode to a lone surrogate: the text stays as sent.
        expect(response.status).toBe(200);
        return;
      }
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field, message }],
      });
    },
  );

  it('keeps right-to-left overrides and other valid text as it came', async () => {
    const title = 'Idea \u202Eevil\u202C \u2067mixed\u2069 \u200F';
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title, description: 'Bidirectional text is text.' },
    });
    expect(idea.title).toBe(title);
  });
});
