import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const CREATE_KEY = `mutation ($name: String!, $isReadOnly: Boolean) {
  createApiKey(name: $name, isReadOnly: $isReadOnly) {
    __typename ... on MutationCreateApiKeySuccess { data { key apiKey { id isReadOnly } } } ${APP_ERROR}
  }
}`;

const TOOLS = [
  'add_comment',
  'change_status',
  'create_idea',
  'decline_idea',
  'get_idea',
  'list_boards',
  'list_comments',
  'list_releases',
  'search_ideas',
  'top_requests',
];

let server: TTestServer;
/** Company A: a public board with one idea and a release (restCompany), plus a private board. */
let a: TRestCompany;
let aPrivateBoardId: number;
let aPrivateIdeaId: number;
let aKey: string;
let aReadOnlyKey: string;
/** Company B, whose key must see nothing private of A. */
let b: TRestCompany;
let bKey: string;
const clients: Client[] = [];

async function createKey(token: string, isReadOnly = false): Promise<string> {
  const created = await mutate(
    server,
    'createApiKey',
    CREATE_KEY,
    { name: 'Agent', isReadOnly },
    token,
  );
  if (created.__typename === 'AppError') throw new Error(JSON.stringify(created));
  expect(created.apiKey.isReadOnly).toBe(isReadOnly);
  return created.key;
}

/** The SDK's own client over Streamable HTTP, signed with `key`. */
async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'feedboard-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error(`Not a text answer: ${JSON.stringify(result)}`);
  return first.text;
}

/** A successful tool answer's JSON. */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${textOf(result)}`);
  return JSON.parse(textOf(result));
}

/** A failed tool answer's error body ({code, message, fields?}). */
async function failure(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} should fail: ${textOf(result)}`).toBe(true);
  return JSON.parse(textOf(result)).error;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server, { isPublic: false });
  const board = await expectCall(server, 'POST', `/companies/${a.owner.companyId}/boards`, 201, {
    token: a.owner.token,
    body: { name: 'Private roadmap board' },
  });
  aPrivateBoardId = board.id;
  await expectCall(server, 'PUT', `/boards/${aPrivateBoardId}/set-public`, 200, {
    token: a.owner.token,
    body: { isPublic: false },
  });
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: a.owner.token,
    headers: { 'x-board-id': String(aPrivateBoardId) },
    body: { title: 'Private idea of company A', description: 'Only A may read this.' },
  });
  aPrivateIdeaId = idea.id;
  aKey = await createKey(a.owner.token);
  aReadOnlyKey = await createKey(a.owner.token, true);
  bKey = await createKey(b.owner.token);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

describe('connecting', () => {
  it('answers 401 with a Bearer challenge without a key, with a session token or a bad key', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    for (const token of [undefined, a.owner.token, 'fbk_not-a-key']) {
      const response = await server.call('POST', '/mcp', { body: initialize, token, headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    }
    const client = new Client({ name: 'anonymous', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`))),
    ).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/UNAUTHENTICATED/) });
  });

  it('refuses a revoked key', async () => {
    const key = await createKey(a.owner.token);
    const client = await connect(key);
    expect((await ok(client, 'list_boards')).length).toBe(2);
    await server.deps.prisma.apiKey.updateMany({
      where: { keyHash: { not: '' }, revokedAt: null, prefix: key.slice(0, 10) },
      data: { revokedAt: new Date() },
    });
    await expect(call(client, 'list_boards')).rejects.toMatchObject({ code: 401 });
  });

  it('answers a browser preflight with the API’s CORS policy (any origin, no credentials)', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://assistant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/i);
  });

  it('refuses deeply nested JSON before parsing it, as a JSON-RPC parse error', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${aKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '['.repeat(300_000) + ']'.repeat(300_000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    });
  });

  it('is stateless: no session id, and GET or DELETE answer 405', async () => {
    const client = await connect(aKey);
    expect((client.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
    for (const method of ['GET', 'DELETE']) {
      const response = await server.call(method, '/mcp', { token: aKey });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});

describe('tools', () => {
  it('lists every tool with a description and a JSON schema', async () => {
    const client = await connect(aKey);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(
        [
          'list_boards',
          'search_ideas',
          'get_idea',
          'list_comments',
          'list_releases',
          'top_requests',
        ].includes(tool.name),
      );
    }
    const search = tools.find((tool) => tool.name === 'search_ideas');
    expect(search?.inputSchema.required).toEqual(['boardId']);
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['boardId', 'text', 'status']),
    );
  });

  it('lists boards and searches ideas by text and status', async () => {
    const client = await connect(aKey);
    const boards = await ok(client, 'list_boards');
    expect(boards.map((board: { id: number }) => board.id).sort()).toEqual(
      [a.boardId, aPrivateBoardId].sort(),
    );
    await ok(client, 'create_idea', {
      boardId: a.boardId,
      title: 'Dark mode for the dashboard',
      description: 'Please add a dark theme.',
    });
    const found = await ok(client, 'search_ideas', { boardId: a.boardId, text: 'DARK mode' });
    expect(found.totalCount).toBe(1);
    expect(found.ideas[0]).toMatchObject({ title: 'Dark mode for the dashboard', status: 'OPEN' });
    const planned = await ok(client, 'search_ideas', { boardId: a.boardId, status: 'PLANNED' });
    expect(planned).toEqual({ ideas: [], totalCount: 0, nextOffset: null });
    const all = await ok(client, 'search_ideas', { boardId: a.boardId, limit: 1 });
    expect(all.ideas).toHaveLength(1);
    expect(all.nextOffset).toBe(1);
  });

  it('gets an idea with its votes, voters and comments', async () => {
    const voter = await addEndUser(server, a.owner.companyId, { name: 'Vera Voter' });
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: voter.token });
    const client = await connect(aKey);
    const comment = await ok(client, 'add_comment', {
      ideaId: a.ideaId,
      text: 'We are looking into this one.',
    });
    expect(comment).toMatchObject({ text: 'We are looking into this one.' });
    const idea = await ok(client, 'get_idea', { ideaId: a.ideaId });
    expect(idea).toMatchObject({ id: a.ideaId, boardId: a.boardId, voteCount: 1, commentCount: 1 });
    expect(idea.voters).toEqual([{ id: voter.userId, name: 'Vera Voter' }]);
    expect(idea.comments).toEqual([expect.objectContaining({ id: comment.id, parentId: null })]);
    expect(idea.moreComments).toBeNull();
  });

  it('caps the comments get_idea shows; list_comments pages the rest by threads (issue 33 F7)', async () => {
    const client = await connect(aKey);
    const idea = await ok(client, 'create_idea', {
      boardId: a.boardId,
      title: 'An idea everyone comments on',
    });
    const prisma = server.deps.prisma;
    const base = Date.parse('2026-03-01T10:00:00.000Z');
    await prisma.comment.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        ideaId: idea.id,
        authorId: a.owner.userId,
        text: `Thread number ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    });
    const second = await prisma.comment.findFirstOrThrow({
      where: { ideaId: idea.id, text: 'Thread number 1' },
    });
    await prisma.comment.createMany({
      data: Array.from({ length: 260 }, (_, n) => ({
        ideaId: idea.id,
        authorId: a.owner.userId,
        parentId: second.id,
        text: `Reply number ${n}`,
        createdAt: new Date(base + 100_000 + n * 1000),
      })),
    });
    const all = await prisma.comment.findMany({ where: { ideaId: idea.id }, select: { id: true } });
    expect(all).toHaveLength(320);

    const read = await ok(client, 'get_idea', { ideaId: idea.id });
    // Threads 0 and 1 with 250 of thread 1's replies: the reply budget ends the page.
    expect(read.comments).toHaveLength(252);
    expect(read.moreComments).toMatchObject({ count: 68, cursor: expect.any(String) });
    expect(read.moreComments.note).toContain('list_comments');
    const ids: number[] = read.comments.map((comment: { id: number }) => comment.id);
    let cursor: string | null = read.moreComments.cursor;
    let pages = 0;
    while (cursor && pages < 20) {
      const page = await ok(client, 'list_comments', { ideaId: idea.id, limit: 20, cursor });
      const threads = page.comments.filter((c: { parentId: number | null }) => !c.parentId);
      expect(threads.length).toBeLessThanOrEqual(20);
      ids.push(...page.comments.map((comment: { id: number }) => comment.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort((x, y) => x - y)).toEqual(all.map((row) => row.id).sort((x, y) => x - y));

    const first = await ok(client, 'list_comments', { ideaId: idea.id, limit: 1 });
    expect(first.comments).toEqual([expect.objectContaining({ text: 'Thread number 0' })]);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(await failure(client, 'list_comments', { ideaId: idea.id, cursor: 'nonsense' })).toEqual(
      {
        code: 'VALIDATION',
        message: expect.any(String),
        fields: [{ field: 'cursor', message: 'It has to be the cursor a previous page gave.' }],
      },
    );
    const tooMany = await call(client, 'list_comments', { ideaId: idea.id, limit: 500 });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/limit/);
  });

  it('changes and declines statuses, mailing and checking as the console does', async () => {
    const client = await connect(aKey);
    const idea = await ok(client, 'create_idea', {
      boardId: a.boardId,
      title: 'Export to spreadsheet',
    });
    const moved = await ok(client, 'change_status', { ideaId: idea.id, status: 'PLANNED' });
    expect(moved.status).toBe('PLANNED');
    const declined = await ok(client, 'decline_idea', {
      ideaId: idea.id,
      reason: 'NOT_RELEVANT',
      comment: 'Out of scope.',
    });
    expect(declined.status).toBe('DECLINED');
    const read = await ok(client, 'get_idea', { ideaId: idea.id });
    expect(read.declined).toMatchObject({ reason: 'NOT_RELEVANT', comment: 'Out of scope.' });
    const again = await failure(client, 'decline_idea', { ideaId: idea.id, reason: 'OTHER' });
    expect(again.code).toBe('CONFLICT');
  });

  it('lists releases of the company and of a board', async () => {
    const client = await connect(aKey);
    const releases = await ok(client, 'list_releases');
    expect(releases).toEqual({
      releases: [
        expect.objectContaining({
          id: a.releaseId,
          isPublished: false,
          boardIds: [a.boardId],
          parts: [expect.objectContaining({ id: a.partId, title: 'A generic part' })],
        }),
      ],
      nextCursor: null,
    });
    expect(await ok(client, 'list_releases', { boardId: aPrivateBoardId })).toEqual({
      releases: [],
      nextCursor: null,
    });
    expect(await ok(client, 'list_releases', { filter: 'PUBLISHED' })).toEqual({
      releases: [],
      nextCursor: null,
    });
  });

  it('ranks top requests by the votes gained in the period', async () => {
    const client = await connect(aKey);
    const old = await ok(client, 'create_idea', {
      boardId: aPrivateBoardId,
      title: 'Old favourite',
    });
    const fresh = await ok(client, 'create_idea', {
      boardId: aPrivateBoardId,
      title: 'New favourite',
    });
    // The private board grants the voters' confirmed domain (addEndUser's example.com).
    await server.deps.prisma.board.update({
      where: { id: aPrivateBoardId },
      data: { allowedEmailDomains: ['example.com'] },
    });
    const voters: TTestAccount[] = [];
    for (let i = 0; i < 3; i += 1) voters.push(await addEndUser(server, a.owner.companyId));
    for (const voter of voters) {
      await expectCall(server, 'POST', `/ideas/${old.id}/upvote`, 200, { token: voter.token });
    }
    for (const voter of voters.slice(0, 2)) {
      await expectCall(server, 'POST', `/ideas/${fresh.id}/upvote`, 200, { token: voter.token });
    }
    // The old favourite's votes were cast two months ago.
    await server.deps.prisma.vote.updateMany({
      where: { ideaId: old.id },
      data: { createdAt: new Date(Date.now() - 60 * 86_400_000) },
    });
    const recent = await ok(client, 'top_requests', { boardId: aPrivateBoardId });
    expect(recent.ideas.map((idea: { id: number }) => idea.id)).toEqual([fresh.id]);
    expect(recent.ideas[0]).toMatchObject({ votesGained: 2, voteCount: 2, status: 'OPEN' });
    const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const quarter = await ok(client, 'top_requests', { boardId: aPrivateBoardId, since });
    expect(quarter.ideas.map((idea: { votesGained: number }) => idea.votesGained)).toEqual([3, 2]);
    expect(quarter.ideas[0].id).toBe(old.id);
    const one = await ok(client, 'top_requests', { boardId: aPrivateBoardId, since, limit: 1 });
    expect(one.ideas).toHaveLength(1);
  });

  it('answers bad arguments as tool errors naming the problem, never a server error', async () => {
    const client = await connect(aKey);
    const wrongType = await call(client, 'get_idea', { ideaId: 'abc' });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/ideaId/);
    const missing = await call(client, 'search_ideas', {});
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/boardId/);
    const short = await failure(client, 'create_idea', { boardId: a.boardId, title: 'Tiny' });
    expect(short).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'title', message: 'It has to be 6 characters at least.' }],
    });
    const nul = await failure(client, 'add_comment', {
      ideaId: a.ideaId,
      text: 'Null \u0000 byte',
    });
    expect(nul).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'text' }] });
    const backwards = await failure(client, 'top_requests', {
      boardId: a.boardId,
      since: '2026-02-01',
      until: '2026-01-01',
    });
    expect(backwards).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'since' }] });
    const notADate = await failure(client, 'top_requests', { boardId: a.boardId, since: 'soon' });
    expect(notADate).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'since' }] });
    const unknown = await client
      .callTool({ name: 'drop_database', arguments: {} })
      .then((result) => result as CallToolResult);
    expect(unknown.isError).toBe(true);
  });
});

describe('resources', () => {
  it('lists each board roadmap and reads it by status column', async () => {
    const client = await connect(aKey);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(
      [
        'feedboard://changelog',
        `feedboard://boards/${a.boardId}/roadmap`,
        `feedboard://boards/${aPrivateBoardId}/roadmap`,
      ].sort(),
    );
    const idea = await ok(client, 'create_idea', { boardId: a.boardId, title: 'Roadmap item one' });
    await ok(client, 'change_status', { ideaId: idea.id, status: 'IN_PROGRESS' });
    const read = await client.readResource({ uri: `feedboard://boards/${a.boardId}/roadmap` });
    const [content] = read.contents;
    const roadmap = JSON.parse(content && 'text' in content ? content.text : '');
    expect(roadmap.board.id).toBe(a.boardId);
    expect(roadmap.columns.map((column: { status: string }) => column.status)).toEqual([
      'REVIEW',
      'PLANNED',
      'IN_PROGRESS',
      'COMPLETE',
    ]);
    const inProgress = roadmap.columns.find((c: { status: string }) => c.status === 'IN_PROGRESS');
    expect(inProgress.ideas.map((i: { id: number }) => i.id)).toContain(idea.id);
  });

  it('reads the latest changelog: published releases only', async () => {
    const client = await connect(aKey);
    const before = await client.readResource({ uri: 'feedboard://changelog' });
    expect(JSON.parse((before.contents[0] as { text: string }).text)).toEqual([]);
    await expectCall(server, 'PUT', `/releases/${a.releaseId}/publish`, 200, {
      token: a.owner.token,
      body: { published: true },
    });
    const after = await client.readResource({ uri: 'feedboard://changelog' });
    const releases = JSON.parse((after.contents[0] as { text: string }).text);
    expect(releases).toEqual([expect.objectContaining({ id: a.releaseId, isPublished: true })]);
  });
});

describe('tenancy', () => {
  it("answers another company's private data as not found, as GraphQL does", async () => {
    const client = await connect(bKey);
    const boards = await ok(client, 'list_boards');
    expect(boards.map((board: { id: number }) => board.id)).toEqual([b.boardId]);
    const notFound = { code: 'NOT_FOUND', message: 'Idea not found.' };
    expect(await failure(client, 'get_idea', { ideaId: aPrivateIdeaId })).toEqual(notFound);
    expect(await failure(client, 'list_comments', { ideaId: aPrivateIdeaId })).toEqual(notFound);
    expect(
      await failure(client, 'add_comment', { ideaId: aPrivateIdeaId, text: 'Reading your data.' }),
    ).toEqual(notFound);
    expect(
      await failure(client, 'change_status', { ideaId: aPrivateIdeaId, status: 'COMPLETE' }),
    ).toEqual(notFound);
    expect(await failure(client, 'decline_idea', { ideaId: a.ideaId, reason: 'OTHER' })).toEqual(
      notFound,
    );
    const boardNotFound = { code: 'NOT_FOUND', message: 'Board not found.' };
    expect(await failure(client, 'search_ideas', { boardId: aPrivateBoardId })).toEqual(
      boardNotFound,
    );
    expect(
      await failure(client, 'create_idea', { boardId: a.boardId, title: 'Planted in A' }),
    ).toEqual(boardNotFound);
    // A's public board is public, but when its votes were cast is A's own analytics.
    expect(await failure(client, 'top_requests', { boardId: a.boardId })).toEqual(boardNotFound);
    expect(await failure(client, 'list_releases', { boardId: aPrivateBoardId })).toEqual(
      boardNotFound,
    );
    await expect(
      client.readResource({ uri: `feedboard://boards/${aPrivateBoardId}/roadmap` }),
    ).rejects.toThrow(/Board not found/);
    // GraphQL answers B's key the same for the same idea.
    const { body } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { id } }`,
      { id: Buffer.from(`Idea:${aPrivateIdeaId}`).toString('base64') },
      bKey,
    );
    expect(body.data.node).toBeNull();
    expect(await server.deps.prisma.comment.count({ where: { ideaId: aPrivateIdeaId } })).toBe(0);
  });
});

describe('scope and roles', () => {
  it('lets a read-only key read but not write, over MCP and GraphQL', async () => {
    const client = await connect(aReadOnlyKey);
    expect((await ok(client, 'get_idea', { ideaId: aPrivateIdeaId })).id).toBe(aPrivateIdeaId);
    const ideasBefore = await server.deps.prisma.idea.count();
    const refused = {
      code: 'FORBIDDEN',
      message: 'This API key is read-only: it cannot change anything.',
    };
    expect(
      await failure(client, 'create_idea', { boardId: a.boardId, title: 'Written by a reader' }),
    ).toEqual(refused);
    expect(
      await failure(client, 'add_comment', { ideaId: a.ideaId, text: 'Written by a reader' }),
    ).toEqual(refused);
    expect(
      await failure(client, 'change_status', { ideaId: aPrivateIdeaId, status: 'COMPLETE' }),
    ).toEqual(refused);
    expect(
      await failure(client, 'decline_idea', { ideaId: aPrivateIdeaId, reason: 'OTHER' }),
    ).toEqual(refused);
    expect(await server.deps.prisma.idea.count()).toBe(ideasBefore);
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: aPrivateIdeaId } });
    expect(idea.status).toBe('OPEN');

    const mutation = await gql(
      server,
      `mutation { createBoard(name: "Board of a reader") { __typename } }`,
      {},
      aReadOnlyKey,
    );
    expect(mutation.status).toBe(403);
    expect(mutation.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const query = await gql(server, '{ viewer { company { id } } }', {}, aReadOnlyKey);
    expect(query.status).toBe(200);
    expect(query.body.data.viewer.company.id).toBeTruthy();
  });

  it("acts with the key creator's current role: once not on the team, no status moves", async () => {
    const admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
    const key = await createKey(admin.token);
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { role: 'END_USER' },
    });
    const client = await connect(key);
    const refused = await failure(client, 'change_status', { ideaId: a.ideaId, status: 'PLANNED' });
    expect(refused.code).toBe('FORBIDDEN');
    const idea = await ok(client, 'create_idea', {
      boardId: a.boardId,
      title: 'A proposal of a user',
    });
    expect(idea.status).toBe('NOT_PUBLIC');
    // Voters are shown to admins and the idea's author only.
    expect((await ok(client, 'get_idea', { ideaId: a.ideaId })).voters).toBeNull();
  });
});

describe('rate limits', () => {
  it('counts each message per key and answers 429 with Retry-After past the limit', async () => {
    const limited = await startTestServer({
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        mcp: { perIp: 1000, perAccount: 3, windowSeconds: 60 },
      },
    });
    try {
      const company = await restCompany(limited);
      const created = await mutate(
        limited,
        'createApiKey',
        CREATE_KEY,
        { name: 'Busy agent' },
        company.owner.token,
      );
      const client = new Client({ name: 'busy', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${limited.url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${created.key}` } },
        }),
      );
      // initialize and its notification were the first two messages.
      await client.callTool({ name: 'list_boards', arguments: {} });
      await expect(client.callTool({ name: 'list_boards', arguments: {} })).rejects.toMatchObject({
        code: 429,
        message: expect.stringMatching(/RATE_LIMITED/),
      });
      const raw = await limited.call('POST', '/mcp', {
        token: created.key,
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 9, method: 'tools/list' },
      });
      expect(raw.status).toBe(429);
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(raw.body.error.code).toBe('RATE_LIMITED');
      await client.close();
    } finally {
      await limited.close();
    }
  });
});
