import { decodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../schema/ids.ts';
import { JSON_BODIES_ONLY, SIGNED_IN_UPLOADS_ONLY } from './graphql-media-type.ts';
import { createBoardId, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let owner: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
});

const SIGN_UP = `mutation { register(email: "form@example.com", password: "secret-password",
  ) { __typename } }`;

/** A multipart body of the GraphQL multipart request spec carrying `operation` and no file. */
function multipartBody(operation: unknown): string {
  return [
    '--x',
    'Content-Disposition: form-data; name="operations"',
    '',
    JSON.stringify(operation),
    '--x',
    'Content-Disposition: form-data; name="map"',
    '',
    '{}',
    '--x--',
    '',
  ].join('\r\n');
}

describe('what a POST to /graphql may carry', () => {
  it('refuses form, multipart and text bodies (what a page of another site can send) with 415, running nothing', async () => {
    const usersBefore = await server.deps.prisma.user.count();
    const bodies: [string, string, string][] = [
      [
        'application/x-www-form-urlencoded',
        `query=${encodeURIComponent(SIGN_UP)}`,
        JSON_BODIES_ONLY,
      ],
      [
        'multipart/form-data; boundary=x',
        multipartBody({ query: SIGN_UP }),
        SIGNED_IN_UPLOADS_ONLY,
      ],
      ['text/plain;charset=UTF-8', JSON.stringify({ query: SIGN_UP }), JSON_BODIES_ONLY],
      ['application/graphql', SIGN_UP, JSON_BODIES_ONLY],
    ];
    for (const [type, rawBody, message] of bodies) {
      const response = await server.call('POST', '/graphql', {
        headers: { 'content-type': type, origin: 'https://elsewhere.example' },
        rawBody,
      });
      expect(response.status, type).toBe(415);
      expect(response.headers.get('content-type'), type).toMatch(/^application\/json/);
      expect(response.body, type).toEqual({
        errors: [{ message, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }],
      });
    }
    expect(await server.deps.prisma.user.count()).toBe(usersBefore);
  });

  it('takes JSON in any letter case, with a charset, and as application/graphql-response+json', async () => {
    for (const type of [
      'application/json',
      'application/JSON',
      'Application/Json; charset=UTF-8',
      'application/json; charset=utf-8',
      'application/graphql-response+json',
    ]) {
      const response = await server.call('POST', '/graphql', {
        headers: { 'content-type': type },
        rawBody: JSON.stringify({ query: '{ viewer { unreadNotificationCount } }' }),
        token: owner.token,
      });
      expect(response.status, type).toBe(200);
      expect(response.body, type).toEqual({ data: { viewer: { unreadNotificationCount: 0 } } });
    }
    const broken = await server.call('POST', '/graphql', {
      headers: { 'content-type': 'application/JSON' },
      rawBody: '{"query":',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('takes a multipart request that carries an Authorization header (an upload)', async () => {
    const response = await server.call('POST', '/graphql', {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      rawBody: multipartBody({ query: '{ viewer { unreadNotificationCount } }' }),
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { viewer: { unreadNotificationCount: 0 } } });
  });

  it('still answers a query sent with GET', async () => {
    const response = await server.call(
      'GET',
      `/graphql?query=${encodeURIComponent('{ viewer { unreadNotificationCount } }')}`,
      { token: owner.token, headers: { accept: 'application/json' } },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { viewer: { unreadNotificationCount: 0 } } });
  });
});

/** `levels` boards deep: idea { board { ideas { … } } }. */
function deepQuery(levels: number): string {
  let inner = 'id';
  for (let n = 0; n < levels; n += 1) inner = `board { ideas { edges { node { ${inner} } } } }`;
  return `{ boards { ideas { edges { node { ${inner} } } } } }`;
}

describe('a refusal by a limit on the operation’s shape', () => {
  const limits: [string, string, Record<string, unknown> | undefined, RegExp][] = [
    ['depth', deepQuery(2), undefined, /^Query depth limit of 10 exceeded, found 13\.$/],
    [
      'cost',
      `{ boards { ideas(first: 100) { edges { node { comments(first: 100) {
        edges { node { id text author { displayName } } } } } } } } }`,
      undefined,
      /^Query Cost limit of 100000 exceeded, found \d+\.$/,
    ],
    [
      'cost',
      `query ($a: Int, $b: Int) { boards { ideas(first: $a) { edges { node {
        comments(first: $b) { edges { node { id text author { displayName } } } } } } } } }`,
      { a: 100, b: 100 },
      /^Query Cost limit of 100000 exceeded, found \d+\.$/,
    ],
    [
      'aliases',
      `{ ${Array.from({ length: 21 }, (_, n) => `a${n}: boards { id }`).join(' ')} }`,
      undefined,
      /^Aliases limit of 20 exceeded, found 21\.$/,
    ],
    [
      'tokens',
      `{ ${Array.from({ length: 2100 }, () => 'isCheckoutAvailable').join(' ')} }`,
      undefined,
      /^Token limit of 2000 exceeded\.$/,
    ],
    [
      'directives',
      `{ __typename ${Array.from({ length: 51 }, () => '@include(if: true)').join(' ')} }`,
      undefined,
      /^Directives limit of 50 exceeded, found 51\.$/,
    ],
  ];

  it('answers HTTP 400 with code BAD_REQUEST and the limit named, for every limit and every client', async () => {
    for (const [limit, query, variables, message] of limits) {
      for (const accept of [undefined, 'application/json', 'application/graphql-response+json']) {
        for (const token of [owner.token, undefined]) {
          const where = `${limit} ${accept ?? 'no accept'} ${token ? 'signed in' : 'anonymous'}`;
          const { status, body } = await server.call('POST', '/graphql', {
            body: { query, variables },
            token,
            headers: accept ? { accept } : {},
          });
          expect(status, where).toBe(400);
          expect(body.data, where).toBeUndefined();
          expect(body.errors, where).toEqual([
            {
              message: expect.stringMatching(message),
              extensions: { code: 'BAD_REQUEST', limit },
            },
          ]);
        }
      }
    }
  });
});

describe('a page size given as a variable', () => {
  /** Every field with a `first` argument, as a selection of the owner's objects. */
  const fields = (ids: Record<string, string>): Record<string, (page: string) => string> => ({
    'Board.ideas': (page) =>
      `node(id: "${ids.board}") { ... on Board { ideas(${page}) { edges { cursor } } } }`,
    'Board.releases': (page) =>
      `node(id: "${ids.board}") { ... on Board { releases(${page}) { edges { cursor } } } }`,
    'Company.auditLog': (page) => `viewer { company { auditLog(${page}) { edges { cursor } } } }`,
    'Company.payments': (page) => `viewer { company { payments(${page}) { edges { cursor } } } }`,
    'Idea.activity': (page) =>
      `node(id: "${ids.idea}") { ... on Idea { activity(${page}) { edges { cursor } } } }`,
    'Idea.comments': (page) =>
      `node(id: "${ids.idea}") { ... on Idea { comments(${page}) { edges { cursor } } } }`,
    'Idea.voters': (page) =>
      `node(id: "${ids.idea}") { ... on Idea { voters(${page}) { edges { cursor } } } }`,
    'Query.customerCompaniesConnection': (page) =>
      `customerCompanies: customerCompaniesConnection(${page}) { edges { cursor } }`,
    'Query.boardsConnection': (page) => `boardsConnection(${page}) { edges { cursor } }`,
    'Query.companyUsers': (page) => `companyUsers(${page}) { edges { cursor } }`,
    'Query.releases': (page) => `releases(${page}) { edges { cursor } }`,
    'Viewer.notifications': (page) => `viewer { notifications(${page}) { edges { cursor } } }`,
    'Viewer.awaitingIdeas': (page) => `viewer { awaitingIdeas(${page}) { edges { cursor } } }`,
    'Webhook.deliveries': (page) =>
      `node(id: "${ids.webhook}") { ... on Webhook { deliveries(${page}) { id } } }`,
    'SlackIntegration.deliveries': (page) =>
      `node(id: "${ids.slack}") { ... on SlackIntegration { deliveries(${page}) { id } } }`,
  });

  it('is capped at 100 and refused exactly as the same size written in the query, on every field that takes first', async () => {
    const { prisma } = server.deps;
    const companyId = owner.companyId;
    const boardId = await createBoardId(server, owner.token, 'A paged board');
    const board = { id: Number(decodeGlobalID(boardId).id) };
    const idea = await prisma.idea.create({
      data: { boardId: board.id, authorId: owner.userId, title: 'A paged idea' },
    });
    const webhook = await prisma.webhook.create({
      data: {
        companyId,
        url: 'https://hooks.example.com/in',
        events: ['IDEA_CREATED'],
        secret: 's',
      },
    });
    const slack = await prisma.slackConnection.create({
      data: { companyId, sealedUrl: 'box1$none', urlHint: 'none', events: ['IDEA_CREATED'] },
    });
    // 105 notifications: more than a page holds.
    await prisma.notification.createMany({
      data: Array.from({ length: 105 }, () => ({
        userId: owner.userId,
        companyId,
        kind: 'MENTION' as const,
      })),
    });
    const selections = fields({
      board: globalId('Board', board.id),
      idea: globalId('Idea', idea.id),
      webhook: globalId('Webhook', webhook.id),
      slack: globalId('SlackIntegration', slack.id),
    });

    // The table names every field of the schema that takes `first`.
    const { body: schema } = await server.call('POST', '/graphql', {
      body: { query: '{ __schema { types { name fields { name args { name } } } } }' },
      token: owner.token,
    });
    const paged = (schema.data.__schema.types as any[])
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) =>
        (type.fields ?? [])
          .filter((field: any) => field.args.some((arg: any) => arg.name === 'first'))
          .map((field: any) => `${type.name}.${field.name}`),
      );
    expect(Object.keys(selections).sort()).toEqual(paged.sort());

    for (const [name, select] of Object.entries(selections)) {
      const args = name.endsWith('.deliveries') ? ['first'] : ['first', 'last'];
      for (const arg of args) {
        for (const size of [2147483647, 101, -1, 0]) {
          const where = `${name}(${arg}: ${size})`;
          const literal = await server.call('POST', '/graphql', {
            body: { query: `{ ${select(`${arg}: ${size}`)} }` },
            token: owner.token,
          });
          const variable = await server.call('POST', '/graphql', {
            body: { query: `query ($n: Int) { ${select(`${arg}: $n`)} }`, variables: { n: size } },
            token: owner.token,
          });
          expect({ status: variable.status, body: variable.body }, where).toEqual({
            status: literal.status,
            body: literal.body,
          });
          if (size > 100) {
            expect(literal.status, where).toBe(200);
            expect(literal.body.errors, where).toBeUndefined();
          }
          if (size < 0 && !name.endsWith('.deliveries')) {
            expect(literal.body.errors?.[0], where).toMatchObject({
              message: `"${arg}" must be 0 or more: a page holds up to 100 objects.`,
              extensions: {
                code: 'VALIDATION',
                fields: [{ field: arg, message: 'Ask for 0 to 100 objects.' }],
              },
            });
          }
        }
      }
    }

    // What the cap means: 100 of the 105, asked for as a literal or a variable.
    for (const [query, variables] of [
      ['{ viewer { notifications(first: 2147483647) { edges { cursor } } } }', {}],
      [
        'query ($n: Int) { viewer { notifications(first: $n) { edges { cursor } } } }',
        { n: 2147483647 },
      ],
    ] as const) {
      const { body } = await server.call('POST', '/graphql', {
        body: { query, variables },
        token: owner.token,
      });
      expect(body.data.viewer.notifications.edges).toHaveLength(100);
    }
  });
});

describe('what a caller learns of the server’s internals', () => {
  it('answers invalid JSON with a plain 400, no parser error beside it', async () => {
    const response = await server.call('POST', '/graphql', {
      rawBody: '{"query": "{ __typename',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        { message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } },
      ],
    });
  });

  it('answers an id of a type that is no node exactly as an unknown id', async () => {
    const id = (text: string) => Buffer.from(text).toString('base64');
    const query = 'query($id: ID!, $ids: [ID!]!) { node(id: $id) { id } nodes(ids: $ids) { id } }';
    const answers = [];
    for (const token of [undefined, owner.token]) {
      for (const raw of ['Session:1', 'PageInfo:1', 'Nothing:1', 'Idea:999999999']) {
        const response = await server.call('POST', '/graphql', {
          body: { query, variables: { id: id(raw), ids: [id(raw)] } },
          ...(token ? { token } : {}),
        });
        answers.push({ status: response.status, body: response.body });
      }
    }
    for (const answer of answers) {
      expect(answer).toEqual({ status: 200, body: { data: { node: null, nodes: [null] } } });
    }
  });
});
