import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isLeafType,
  isScalarType,
} from 'graphql';
import type { GraphQLArgument, GraphQLField, GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../services/account/create-session.ts';
import { APP_ERROR, gql, mutate } from '../testing/graphql-client.ts';
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
  withEdgeCharacter,
  wrongType,
} from '../testing/hostile-input.ts';

import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startFuzzTarget } from '../testing/fuzz-target.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { globalId } from './ids.ts';
import { zipOfZeros } from '../testing/hostile-input.ts';

/**
 * Property-based fuzzing of every GraphQL mutation and every query that takes arguments, read
 * from the served schema by introspection (a new one is fuzzed without touching this file):
 * typed, mistyped, missing and extra variables with hostile text (NUL, lone surrogates and RTL
 * overrides spliced into plausible values) and another company's ids, from company A's callers.
 * After each one: no 5xx, no masked or internal error, /healthz still ok, every idea's counters
 * equal its rows, and not one row of company B changed.
 */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
let memberOfB: TTestAccount;
let apiKey = '';
let mutations: GraphQLField<unknown, unknown>[] = [];
let queries: GraphQLField<unknown, unknown>[] = [];
let snapshotOfB = '';
let globalIds: string[] = [];
let rowIds: number[] = [];
const tally = newTally();
let loggedErrors: string[] = [];

const CREATE_API_KEY = `mutation ($name: String!) { createApiKey(name: $name) {
  __typename ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } ${APP_ERROR} } }`;

beforeAll(async () => {
  ({ server, a, b, member, memberOfB, loggedErrors } = await startFuzzTarget());
  const keyOfA = await mutate(
    server,
    'createApiKey',
    CREATE_API_KEY,
    { name: 'Fuzz' },
    a.owner.token,
  );
  const keyOfB = await mutate(server, 'createApiKey', CREATE_API_KEY, { name: 'B' }, b.owner.token);
  apiKey = keyOfA.key;
  const comments = await server.deps.prisma.comment.findMany({ select: { id: true } });
  const typed: [string, number][] = [
    ['Company', a.owner.companyId],
    ['Company', b.owner.companyId],
    ['Board', a.boardId],
    ['Board', b.boardId],
    ['Idea', a.ideaId],
    ['Idea', b.ideaId],
    ['Release', a.releaseId],
    ['Release', b.releaseId],
    ['ReleasePart', a.partId],
    ['ReleasePart', b.partId],
    ['User', a.owner.userId],
    ['User', member.userId],
    ['User', b.owner.userId],
    ['CompanyUser', memberOfB.userId],
    ...comments.map((comment): [string, number] => ['Comment', comment.id]),
  ];
  globalIds = [
    ...typed.map(([type, id]) => globalId(type, id)),
    // The other type's id with a right-looking number, and the keys' own ids.
    globalId('Idea', b.boardId),
    globalId('Board', b.ideaId),
    keyOfA.apiKey.id,
    keyOfB.apiKey.id,
  ];
  rowIds = typed.map(([, id]) => id);

  const { body } = await gql(server, getIntrospectionQuery(), {}, a.owner.token);
  const schema = buildClientSchema(body.data);
  mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  queries = Object.values(schema.getQueryType()?.getFields() ?? {}).filter(
    (field) => field.args.length > 0,
  );
  snapshotOfB = await companySnapshot(server.deps.prisma, b.owner.companyId);
}, 60_000);

afterAll(async () => {
  console.log(describeTally('GraphQL fuzz', tally));
  await server?.close();
});

/** A value for an input type: mostly of that type with hostile content, sometimes mistyped. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, depth);
  if (isListType(type)) {
    const inner = getNamedType(type.ofType);
    return fc.oneof(
      { weight: 12, arbitrary: fc.array(valueOf(type.ofType, depth + 1), { maxLength: 4 }) },
      // Many distinct ids (5,000 once held the embedded database for 32 s): past every cap.
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(101, 1_001, 5_000, 20_000)
          .map((length) =>
            Array.from({ length }, (_, n) =>
              isScalarType(inner) && inner.name === 'ID' ? globalId('Idea', n + 1) : n,
            ),
          ),
      },
    );
  }
  let right: fc.Arbitrary<unknown>;
  if (isEnumType(type)) right = fc.constantFrom(...type.getValues().map((value) => value.name));
  else if (isInputObjectType(type) && depth < 3) {
    right = fc.record(
      Object.fromEntries(
        Object.values(type.getFields()).map((field) => [
          field.name,
          valueOf(field.type, depth + 1),
        ]),
      ),
      { requiredKeys: [] },
    );
  } else if (isScalarType(type) && type.name === 'ID') {
    right = fc.oneof({ weight: 3, arbitrary: idArbitrary(globalIds) }, idArbitrary(rowIds));
  } else if (isScalarType(type) && type.name === 'Int') {
    right = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.integer(), fc.constant(2 ** 31));
  } else if (isScalarType(type) && type.name === 'Float') {
    right = fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -10, max: 100_000 }));
  } else if (isScalarType(type) && type.name === 'Boolean') right = fc.boolean();
  else if (isScalarType(type) && type.name === 'DateTime') {
    right = fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      hostileString,
    );
  } else {
    right = fc.oneof(
      fc.string({ maxLength: 40 }),
      hostileString,
      withEdgeCharacter(fc.string({ maxLength: 40 })),
    );
  }
  return fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: wrongType });
}

/**
 * How an operation is sent: JSON mostly, else as a type a page of another site may send without
 * a preflight (text, a form, multipart), or gzip-encoded JSON. All of those but a multipart
 * upload with an Authorization header are refused with 415.
 */
const BODY_FORMS = ['text/plain', 'form', 'multipart', 'gzip'] as const;

type TCall = {
  variables: Record<string, unknown>;
  extra: boolean;
  caller: string;
  form: 'json' | (typeof BODY_FORMS)[number];
};

function callFor(field: GraphQLField<unknown, unknown>): fc.Arbitrary<TCall> {
  return fc.record({
    variables: fc.record(
      Object.fromEntries(field.args.map((arg) => [arg.name, valueOf(arg.type)])),
      // Required arguments are sometimes missing too.
      { requiredKeys: [] },
    ),
    extra: fc.boolean(),
    caller: fc.constantFrom('owner', 'owner', 'member', 'apiKey', 'anonymous', 'bad-token'),
    form: fc.oneof(
      { weight: 8, arbitrary: fc.constant('json' as const) },
      { weight: 1, arbitrary: fc.constantFrom(...BODY_FORMS) },
    ),
  });
}

/** The request body in `form`, its headers, and whether the server must answer 415. */
function bodyIn(
  form: TCall['form'],
  json: string,
  token: string | undefined,
): { body: BodyInit; headers: Record<string, string>; isForeign: boolean } {
  switch (form) {
    case 'json':
      return { body: json, headers: { 'content-type': 'application/json' }, isForeign: false };
    case 'text/plain':
      return { body: json, headers: { 'content-type': 'text/plain' }, isForeign: true };
    case 'form': {
      const { query, variables } = JSON.parse(json) as { query: string; variables: unknown };
      const body = new URLSearchParams({ query, variables: JSON.stringify(variables) }).toString();
      return {
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        isForeign: true,
      };
    }
    case 'multipart': {
      const form = new FormData();
      form.set('operations', json);
      form.set('map', '{}');
      // A signed-in multipart request is an upload's (previewImport): answered, not refused.
      return { body: form, headers: {}, isForeign: !token };
    }
    case 'gzip':
      return {
        body: new Uint8Array(gzipSync(json)),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        isForeign: true,
      };
  }
}

type TOperationKind = 'mutation' | 'query';

function operationText(field: GraphQLField<unknown, unknown>, kind: TOperationKind): string {
  const args = field.args as readonly GraphQLArgument[];
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isAppErrorUnion(field)
    ? `{ __typename ${APP_ERROR} }`
    : getNamedType(field.type).toString() === 'Boolean'
      ? ''
      : isLeafType(getNamedType(field.type))
        ? ''
        : '{ __typename }';
  return `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`;
}

function isAppErrorUnion(field: GraphQLField<unknown, unknown>): boolean {
  const named = getNamedType(field.type) as { getTypes?: () => { name: string }[] };
  return Boolean(named.getTypes?.().some((type) => type.name === 'AppError'));
}

async function tokenFor(caller: string, field: string): Promise<string | undefined> {
  // Signing out would end the session the other runs use.
  if (field === 'logout' && caller !== 'anonymous') {
    return createSession(server.deps.prisma, member.userId, 1);
  }
  if (caller === 'owner') return a.owner.token;
  if (caller === 'member') return member.token;
  if (caller === 'apiKey') return apiKey;
  if (caller === 'bad-token') return 'not-a-token';
  return undefined;
}

async function send(
  field: GraphQLField<unknown, unknown>,
  call: TCall,
  kind: TOperationKind = 'mutation',
): Promise<{ status: number; text: string; isForeign: boolean }> {
  const token = await tokenFor(call.caller, field.name);
  const variables = call.extra ? { ...call.variables, notAnArgument: 'x' } : call.variables;
  const json = JSON.stringify({ query: operationText(field, kind), variables });
  const { body, headers, isForeign } = bodyIn(call.form, json, token);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  }).catch((error: unknown) => {
    // Over the body limit the server answers 413 at once and closes the connection; a client
    // still sending may see the close before the answer. Either way the body was refused.
    if (json.length > 1024 * 1024) return null;
    throw error;
  });
  if (!response) return { status: 413, text: '', isForeign };
  return { status: response.status, text: await response.text(), isForeign };
}

/** Whether a call's variables hold a list longer than any cap (the "many distinct ids" shape). */
function hasLongList(variables: Record<string, unknown>): boolean {
  return Object.values(variables).some((value) => Array.isArray(value) && value.length > 100);
}

function checkInvariants(where: string): Promise<void> {
  return checkFuzzInvariants(
    server,
    { companyId: b.owner.companyId, snapshot: snapshotOfB },
    tally,
    where,
  );
}

async function fuzz(fields: GraphQLField<unknown, unknown>[], kind: TOperationKind): Promise<void> {
  for (const field of fields) {
    const where = `${kind} ${field.name}`;
    await fc.assert(
      fc.asyncProperty(callFor(field), async (call) => {
        const { status, text, isForeign } = await send(field, call, kind);
        tally.requests += 1;
        tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
        const problem = answerProblem(status, text);
        if (problem) throw new Error(`${where}: ${problem}`);
        // 413 when the body is over the limit, which is checked first.
        if (isForeign && status !== 415 && status !== 413) {
          throw new Error(`${where}: a ${call.form} body answered ${status}, not 415`);
        }
        if (loggedErrors.length) {
          throw new Error(`${where}: logged ${loggedErrors.splice(0).join('\n')}`);
        }
        tally.invariantChecks += 1;
        if (hasLongList(call.variables)) {
          expect((await fetch(`${server.url}/healthz`)).status, `${where}: /healthz`).toBe(200);
          tally.invariantChecks += 1;
        }
      }),
      fuzzParameters(),
    );
    await checkInvariants(where);
  }
}

describe('GraphQL operations under random and hostile input', () => {
  it(
    'mutations never answer 5xx, a masked error or internals, and keep every invariant',
    async () => {
      expect(mutations.length).toBeGreaterThan(25);
      await fuzz(mutations, 'mutation');
    },
    fuzzTimeout(240_000),
  );

  it(
    'queries with arguments never answer 5xx, a masked error or internals',
    async () => {
      expect(queries.map((field) => field.name)).toContain('publicBoard');
      await fuzz(queries, 'query');
    },
    fuzzTimeout(120_000),
  );
});

describe('shapes that once stalled the server', () => {
  const NODES = 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }';

  /** Sends a request and a /healthz at once: both must answer, neither with a 5xx but 503. */
  async function withHealth(
    request: () => Promise<Response>,
  ): Promise<{ status: number; text: string }> {
    const [response, health] = await Promise.all([request(), fetch(`${server.url}/healthz`)]);
    expect(health.status).toBe(200);
    const text = await response.text();
    expect(answerProblem(response.status, text)).toBeNull();
    expect(loggedErrors.splice(0)).toEqual([]);
    return { status: response.status, text };
  }

  it('many distinct ids to nodes and every list argument: a refusal, and /healthz answers', async () => {
    for (const length of [5_000, 20_000]) {
      const ids = Array.from({ length }, (_, n) => globalId('Idea', n + 1));
      const { text } = await withHealth(() =>
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${a.owner.token}` },
          body: JSON.stringify({ query: NODES, variables: { ids } }),
        }),
      );
      expect(JSON.parse(text).errors?.[0]?.extensions?.code).toMatch(/^(VALIDATION|BAD_REQUEST)$/);
    }
  });

  it('other content types and compressed bodies: a 4xx, no 5xx, and /healthz answers', async () => {
    const query = JSON.stringify({ query: '{ __typename }' });
    // [headers, body, signed in, the 4xx expected (null: a JSON body, answered)]
    const bodies: [Record<string, string>, BodyInit, boolean, number | null][] = [
      [{ 'content-type': 'text/plain' }, query, true, 415],
      [{ 'content-type': 'text/plain;charset=UTF-8' }, query, false, 415],
      [
        { 'content-type': 'application/x-www-form-urlencoded' },
        'query=%7B__typename%7D',
        true,
        415,
      ],
      [
        { 'content-type': 'application/x-www-form-urlencoded' },
        'query=%7B__typename%7D',
        false,
        415,
      ],
      // Multipart is an upload's (previewImport), signed in: broken, it is a 400.
      [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken', true, 400],
      [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken', false, 415],
      [
        { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        new Uint8Array(gzipSync(query)),
        true,
        415,
      ],
      // 64 MB of zeros in 64 KB: a server that inflated it would hold the 64 MB.
      [
        { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        new Uint8Array(gzipSync(Buffer.alloc(64 * 1024 * 1024))),
        true,
        415,
      ],
      [{ 'content-type': 'application/json', 'content-encoding': 'br' }, 'not brotli', true, 415],
      [{ 'content-type': 'application/json; charset=utf-16' }, query, true, null],
    ];
    for (const [headers, body, isSignedIn, expected] of bodies) {
      const { status } = await withHealth(() =>
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            ...headers,
            ...(isSignedIn ? { authorization: `Bearer ${a.owner.token}` } : {}),
          },
          body,
        }),
      );
      if (expected !== null) expect(status, JSON.stringify(headers)).toBe(expected);
    }
  });

  it('a zip bomb uploaded to previewImport: a refusal, and /healthz answers', async () => {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: `mutation ($b: ID!, $u: [File!]) { previewImport(boardId: $b, source: FIDER, uploads: $u) { __typename ${APP_ERROR} } }`,
        variables: { b: globalId('Board', a.boardId), u: [null] },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.u.0'] }));
    const bomb = zipOfZeros([{ name: 'posts.json', mb: 300 }], { declaredSize: 1024 });
    form.set('0', new Blob([new Uint8Array(bomb)]), 'backup.zip');
    const { text } = await withHealth(() =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.owner.token}` },
        body: form,
      }),
    );
    expect(JSON.parse(text).data.previewImport).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
    });
  });
});

describe('text PostgreSQL cannot store', () => {
  const PUBLIC_BOARD =
    'query ($c: String!) { publicBoard(companySlug: $c, boardSlug: "b") { id } }';
  const NUL = 'It must not contain the NUL character (U+0000).';
  const UNICODE = 'It has to be valid Unicode text.';

  it.each([
    ['NUL in a variable', PUBLIC_BOARD, { c: 'a\u0000b' }, 'c', NUL],
    ['a lone surrogate in a variable', PUBLIC_BOARD, { c: 'a\uD800b' }, 'c', UNICODE],
    [
      'NUL in a literal argument',
      '{ publicBoard(companySlug: "a\\u0000b", boardSlug: "b") { id } }',
      {},
      'companySlug',
      NUL,
    ],
    [
      'NUL in a nested variable',
      'mutation ($n: String!) { createBoard(name: $n) { __typename } }',
      { n: 'A board\u0000' },
      'n',
      NUL,
    ],
  ])(
    'is a VALIDATION error naming the field, not a 500: %s',
    async (_, query, variables, field, message) => {
      const { status, body } = await gql(server, query, variables, a.owner.token);
      expect(status).toBe(200);
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: 'Some fields are not valid.',
          extensions: expect.objectContaining({ code: 'VALIDATION', fields: [{ field, message }] }),
        }),
      ]);
      expect(loggedErrors.splice(0)).toEqual([]);
    },
  );

  it('keeps right-to-left overrides: they are text', async () => {
    const { body } = await gql(server, PUBLIC_BOARD, { c: '\u202Eevil\u202C' });
    expect(body).toEqual({ data: { publicBoard: null } });
  });
});
