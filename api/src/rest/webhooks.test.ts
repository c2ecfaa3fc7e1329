import { readFile, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../schema/ids.ts';
import { claimDueDeliveries } from '../services/webhook/webhook-worker.ts';
import { EVENT_TYPES } from '../services/webhook/webhook-input.ts';
import { SENT_EVENTS, webhookBodySchema } from './openapi-webhooks.ts';
import { createWebhook, updateWebhook } from '../services/webhook/webhooks.ts';
import { startDnsStandIn } from '../testing/dns-stand-in.ts';
import { assertDeliverable, webhookUrlProblem } from '../services/webhook/webhook-url.ts';
import { APP_ERROR, addEndUser, mutate } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';
import type { TReceivedDelivery } from '../testing/webhook-receiver.ts';

type TVerify = (secret: string, header: string, rawBody: string) => boolean;

let server: TTestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let strangerReceiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let company: TRestCompany;
let stranger: TRestCompany;
let verify: TVerify;
let snippetFile: string;

const ALL_EVENTS = [
  'IDEA_CREATED',
  'IDEA_STATUS_CHANGED',
  'IDEA_DECLINED',
  'COMMENT_ADDED',
  'VOTE_CHANGED',
  'RELEASE_PUBLISHED',
];

/** The verification code printed in docs/api.md, run as a receiver would run it. */
async function loadReadmeSnippet(): Promise<TVerify> {
  const readme = await readFile(path.resolve('docs/api.md'), 'utf8');
  const match = /<!-- webhook-verify-snippet[^>]*-->\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('docs/api.md lost its webhook verification snippet');
  snippetFile = path.join(tmpdir(), `feedboard-verify-${process.pid}-${Date.now()}.mjs`);
  await writeFile(snippetFile, `${match[1]}\nexport { verifyFeedboardSignature };\n`);
  const module = (await import(pathToFileURL(snippetFile).href)) as {
    verifyFeedboardSignature: TVerify;
  };
  return module.verifyFeedboardSignature;
}

const CREATE = `mutation ($url: String!, $events: [WebhookEvent!]!, $boardId: ID) {
  createWebhook(url: $url, events: $events, boardId: $boardId) { __typename
    ... on MutationCreateWebhookSuccess { data { secret webhook { id url events isEnabled board { id } } } }
    ${APP_ERROR} } }`;

const DELIVERIES = `query ($id: ID!) { node(id: $id) { ... on Webhook {
  deliveries { id type status attempts responseStatus durationMs lastError deliveredAt nextAttemptAt } } } }`;

async function createHook(
  token: string,
  url: string,
  events = ALL_EVENTS,
  boardId?: number,
): Promise<{ id: string; secret: string; rowId: number }> {
  const result = await mutate(
    server,
    'createWebhook',
    CREATE,
    { url, events, boardId: boardId ? globalId('Board', boardId) : null },
    token,
  );
  if (result.__typename === 'AppError') throw new Error(JSON.stringify(result));
  const rowId = Number(Buffer.from(result.webhook.id, 'base64').toString().split(':')[1]);
  return { id: result.webhook.id, secret: result.secret, rowId };
}

async function deliveriesOf(id: string, token: string): Promise<any[]> {
  const { body } = await server.call('POST', '/graphql', {
    body: { query: DELIVERIES, variables: { id } },
    token,
  });
  return body.data.node.deliveries;
}

/** Waits (polling, no fixed sleeps) until `condition` holds. */
async function eventually<T>(read: () => Promise<T> | T, condition: (value: T) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a receiver using a Standard Webhooks library makes of a delivery (throws if refused). */
const verifyStandard = (secret: string, delivery: TReceivedDelivery | undefined) =>
  new StandardWebhook(secret).verify(
    delivery?.body ?? '',
    (delivery?.headers ?? {}) as Record<string, string>,
  );

const ofType = (type: string) => (delivery: TReceivedDelivery) => delivery.json?.type === type;

/**
 * Holds each delivery to its event's entry in the OpenAPI document's `webhooks` section, field
 * for field: the documented schema keeps every field it knows, so a field the code sends and
 * the document does not name fails as well as a missing or mistyped one.
 */
function expectDocumented(deliveries: TReceivedDelivery[]): void {
  expect(deliveries.length).toBeGreaterThan(0);
  for (const delivery of deliveries) {
    const event = SENT_EVENTS.find((e) => EVENT_TYPES[e] === delivery.json?.type);
    expect(event, `undocumented event ${delivery.json?.type}`).toBeDefined();
    if (!event) continue;
    expect(webhookBodySchema(event).parse(delivery.json)).toEqual(delivery.json);
  }
}

/**
 * The server's dependencies as a deployment has them (private addresses refused, unlike this
 * file's server) and the company owner as the service layer sees them.
 */
function strictOwner() {
  const strict = {
    ...server.deps,
    config: { ...server.deps.config, webhookAllowPrivateUrls: false },
  };
  const viewer = {
    userId: company.owner.userId,
    companyId: company.owner.companyId,
    role: 'OWNER' as const,
    kind: 'REGULAR' as const,
    sessionId: 1,
  };
  return { strict, viewer };
}

beforeAll(async () => {
  verify = await loadReadmeSnippet();
  receiver = await startWebhookReceiver();
  strangerReceiver = await startWebhookReceiver();
  server = await startTestServer({
    webhookAllowPrivateUrls: true,
    webhookRetryBaseMs: 100,
    webhookMaxAttempts: 3,
  });
  company = await restCompany(server);
  stranger = await restCompany(server);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await strangerReceiver?.close();
  if (snippetFile) await rm(snippetFile, { force: true });
});

describe('webhook deliveries', () => {
  it('signs every delivery (the snippet in docs/api.md verifies it), retries after a 500 and logs both attempts', async () => {
    const hook = await createHook(company.owner.token, receiver.url);
    expect(hook.secret).toMatch(/^whsec_/);
    await createHook(stranger.owner.token, strangerReceiver.url);
    receiver.answerNext(500);
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Webhooks for integrators', description: 'Tell our systems, please.' },
    });

    const attempts = await eventually(
      () => receiver.received.filter(ofType('idea.created')),
      (list) => list.length >= 2,
    );
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      const header = String(attempt.headers['feedboard-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(hook.secret, header, attempt.body)).toBe(true);
      expect(verify(hook.secret, header, attempt.body.replace('integrators', 'intruders'))).toBe(
        false,
      );
      expect(verify('whsec_not-the-secret', header, attempt.body)).toBe(false);
      expect(attempt.headers['feedboard-event']).toBe('idea.created');
      // Standard Webhooks: the library verifies the same delivery with the same secret.
      expect(verifyStandard(hook.secret, attempt)).toEqual(attempt.json);
      const tampered = { ...attempt, body: attempt.body.replace('integrators', 'intruders') };
      expect(() => verifyStandard(hook.secret, tampered)).toThrow('No matching signature found');
    }
    // Receivers drop repeats by webhook-id: a retry carries the first attempt's.
    expect(attempts[0]?.headers['webhook-id']).toMatch(/^msg_\d+$/);
    expect(attempts[1]?.headers['webhook-id']).toBe(attempts[0]?.headers['webhook-id']);
    // A retry is the same delivery: same id, same body.
    expect(attempts[1]?.headers['feedboard-delivery']).toBe(
      attempts[0]?.headers['feedboard-delivery'],
    );
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
    expect(attempts[0]?.json).toMatchObject({
      type: 'idea.created',
      companyId: company.owner.companyId,
      data: { idea: { id: idea.id, title: 'Webhooks for integrators', status: 'OPEN' } },
    });

    const log = await eventually(
      () => deliveriesOf(hook.id, company.owner.token),
      (list) => list[0]?.status === 'SUCCEEDED',
    );
    expect(log[0]).toMatchObject({
      type: 'idea.created',
      status: 'SUCCEEDED',
      attempts: 2,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(log[0].durationMs).toEqual(expect.any(Number));
    // Another company's webhook heard nothing of it.
    expect(strangerReceiver.received.filter(ofType('idea.created'))).toEqual([]);
  });

  it('tells about status changes, declines with merges, comments, votes and published releases', async () => {
    const token = company.owner.token;
    const board = { 'x-board-id': String(company.boardId) };
    const kept = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: board,
      body: { title: 'Kept idea for merging' },
    });
    const duplicate = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: board,
      body: { title: 'Duplicate idea to merge' },
    });
    await expectCall(server, 'PUT', `/ideas/${kept.id}/status`, 200, {
      token,
      body: { status: 'PLANNED' },
    });
    await expectCall(server, 'POST', `/ideas/${duplicate.id}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${duplicate.id}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${kept.id}/comments`, 201, {
      token,
      body: { text: 'We are on it, "soon", really.' },
    });
    await expectCall(server, 'POST', `/ideas/${duplicate.id}/decline`, 200, {
      token,
      body: { reason: 'DUPLICATE', duplicateOfIdeaId: kept.id },
    });
    await expectCall(server, 'PUT', `/releases/${company.releaseId}/publish`, 200, {
      token,
      body: { published: true },
    });

    const body = (type: string) => receiver.received.find(ofType(type))?.json;
    await eventually(
      () => receiver.received,
      () =>
        ['idea.status_changed', 'vote.changed', 'comment.added', 'idea.declined'].every(body) &&
        body('release.published') !== undefined,
    );
    expect(body('idea.status_changed').data).toMatchObject({
      idea: { id: kept.id, status: 'PLANNED' },
      previousStatus: 'OPEN',
    });
    // Voting twice is one vote: one event.
    const votes = receiver.received.filter(ofType('vote.changed'));
    expect(votes.map((vote) => vote.json.data)).toEqual([
      expect.objectContaining({ change: 'added', idea: expect.objectContaining({ voteCount: 1 }) }),
    ]);
    expect(body('comment.added').data.comment).toMatchObject({
      text: 'We are on it, "soon", really.',
    });
    expect(body('idea.declined').data).toMatchObject({
      idea: { id: duplicate.id, status: 'DECLINED' },
      reason: 'DUPLICATE',
      duplicateOf: { id: kept.id, voteCount: 1 },
      votesMerged: true,
    });
    expect(body('release.published').data.release).toMatchObject({
      id: company.releaseId,
      boardIds: [company.boardId],
    });
    expect(strangerReceiver.received).toEqual([]);
    expectDocumented(receiver.received);
  });

  it('sends only the board it is filtered on, and nothing while disabled', async () => {
    const token = company.owner.token;
    const other = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      {
        token,
        body: { name: 'Filtered board' },
      },
    );
    const filteredReceiver = await startWebhookReceiver();
    try {
      const hook = await createHook(token, filteredReceiver.url, ['IDEA_CREATED'], other.id);
      await expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(company.boardId) },
        body: { title: 'Not for the filtered hook' },
      });
      await expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(other.id) },
        body: { title: 'For the filtered hook' },
      });
      await eventually(
        () => filteredReceiver.received,
        (list) => list.length >= 1,
      );
      await expectCall(server, 'PUT', `/webhooks/${hook.rowId}`, 200, {
        token,
        body: { isEnabled: false },
      });
      await expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(other.id) },
        body: { title: 'While the hook is off' },
      });
      // The test action still reaches a disabled webhook, and answers the attempt at once.
      const test = await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 200, { token });
      expect(test).toMatchObject({
        type: 'webhook.test',
        status: 'SUCCEEDED',
        responseStatus: 200,
      });
      // Nothing was queued while it was off: the log holds the filtered event and the test.
      const log = await expectCall(server, 'GET', `/webhooks/${hook.rowId}/deliveries`, 200, {
        token,
      });
      expect(log.map((d: { type: string }) => d.type)).toEqual(['webhook.test', 'idea.created']);
      expect(filteredReceiver.received.map((d) => d.json.data.idea?.title ?? d.json.type)).toEqual([
        'For the filtered hook',
        'webhook.test',
      ]);
      expectDocumented(filteredReceiver.received);
    } finally {
      await filteredReceiver.close();
    }
  });

  it('gives up after the last attempt and logs the receiver’s status, never its words', async () => {
    const failing = await startWebhookReceiver();
    try {
      failing.answerNext(500, 500, 500, 500);
      const hook = await createHook(company.owner.token, failing.url);
      const test = await mutate(
        server,
        'sendWebhookTest',
        `mutation ($id: ID!) { sendWebhookTest(webhookId: $id) { __typename
          ... on MutationSendWebhookTestSuccess { data { status attempts responseStatus lastError } } } }`,
        { id: hook.id },
        company.owner.token,
      );
      expect(test).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        responseStatus: 500,
        // The answer's body ("receiver is down") is not read back: a webhook pointed at a
        // service on the server's network must not hand that service's answers to the tenant.
        lastError: 'HTTP 500 Internal Server Error',
      });
      const log = await eventually(
        () => deliveriesOf(hook.id, company.owner.token),
        (list) => list[0]?.status === 'FAILED',
      );
      expect(log[0]).toMatchObject({
        attempts: 3,
        responseStatus: 500,
        deliveredAt: null,
        lastError: 'HTTP 500 Internal Server Error',
      });
      expect(JSON.stringify(log)).not.toContain('receiver is down');
      expect(failing.received).toHaveLength(3);
    } finally {
      await failing.close();
    }
  });

  it('signs with the new secret after a rotation', async () => {
    const rotatingReceiver = await startWebhookReceiver();
    try {
      const hook = await createHook(company.owner.token, rotatingReceiver.url);
      const rotated = await expectCall(
        server,
        'POST',
        `/webhooks/${hook.rowId}/rotate-secret`,
        200,
        {
          token: company.owner.token,
        },
      );
      expect(rotated.secret).not.toBe(hook.secret);
      await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 200, {
        token: company.owner.token,
      });
      const [delivery] = rotatingReceiver.received;
      const header = String(delivery?.headers['feedboard-signature']);
      expect(verify(rotated.secret, header, delivery?.body ?? '')).toBe(true);
      expect(verify(hook.secret, header, delivery?.body ?? '')).toBe(false);
      // Standard Webhooks: for a day both secrets verify, so the receiver can switch at leisure.
      const standard = (secret: string, received = delivery) => verifyStandard(secret, received);
      expect(String(delivery?.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(standard(rotated.secret)).toMatchObject({ type: 'webhook.test' });
      expect(standard(hook.secret)).toMatchObject({ type: 'webhook.test' });
      const listed = await expectCall(server, 'GET', '/webhooks', 200, {
        token: company.owner.token,
      });
      const until = Date.parse(
        listed.find((w: { id: number }) => w.id === hook.rowId).previousSecretExpiresAt,
      );
      expect(until - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
      // Once the window has passed, the old secret no longer verifies.
      await server.deps.prisma.webhook.update({
        where: { id: hook.rowId },
        data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
      });
      await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 200, {
        token: company.owner.token,
      });
      const later = rotatingReceiver.received[1];
      expect(standard(rotated.secret, later)).toMatchObject({ type: 'webhook.test' });
      expect(() => standard(hook.secret, later)).toThrow('No matching signature found');
    } finally {
      await rotatingReceiver.close();
    }
  });

  it('keeps the secret a concurrent rotation made as the previous one', async () => {
    const hook = await createHook(company.owner.token, receiver.url);
    const rotate = () =>
      expectCall(server, 'POST', `/webhooks/${hook.rowId}/rotate-secret`, 200, {
        token: company.owner.token,
      });
    const answers = await Promise.all([rotate(), rotate()]);
    const row = await server.deps.prisma.webhook.findUniqueOrThrow({ where: { id: hook.rowId } });
    // One answer is the current secret, the other (the first to commit) signs beside it.
    const secrets = answers.map((answer) => answer.secret as string).sort();
    expect([row.secret, row.previousSecret].sort()).toEqual(secrets);
  });

  it('signs for Standard Webhooks with a secret made before them (base64url, written as base64)', async () => {
    const oldReceiver = await startWebhookReceiver();
    try {
      const hook = await createHook(company.owner.token, oldReceiver.url);
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      const older = 'whsec_3q-_yv7-3q2-_u3erb7-3q2-_u3erb7-';
      await server.deps.prisma.webhook.update({
        where: { id: hook.rowId },
        data: { secret: older },
      });
      await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 200, {
        token: company.owner.token,
      });
      const [delivery] = oldReceiver.received;
      const asBase64 = `whsec_${older.slice('whsec_'.length).replaceAll('-', '+').replaceAll('_', '/')}`;
      expect(verifyStandard(asBase64, delivery)).toMatchObject({ type: 'webhook.test' });
      expect(
        verify(older, String(delivery?.headers['feedboard-signature']), delivery?.body ?? ''),
      ).toBe(true);
    } finally {
      await oldReceiver.close();
    }
  });

  it('never lets two claims take the same row', async () => {
    const hook = await createHook(company.owner.token, 'http://127.0.0.1:9/never');
    await expectCall(server, 'PUT', `/webhooks/${hook.rowId}`, 200, {
      token: company.owner.token,
      body: { isEnabled: false },
    });
    await server.deps.prisma.webhookDelivery.createMany({
      data: Array.from({ length: 30 }, () => ({
        webhookId: hook.rowId,
        event: 'TEST' as const,
        body: '{}',
      })),
    });
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => claimDueDeliveries(server.deps.prisma, 10)),
    );
    const mine = claims.flat().filter((row) => row.webhookId === hook.rowId);
    expect(new Set(mine.map((row) => row.id)).size).toBe(mine.length);
    const rows = await server.deps.prisma.webhookDelivery.findMany({
      where: { webhookId: hook.rowId },
    });
    expect(rows.every((row) => row.attempts <= 1)).toBe(true);
    await expectCall(server, 'DELETE', `/webhooks/${hook.rowId}`, 204, {
      token: company.owner.token,
    });
  });
});

describe('webhook administration', () => {
  it('refuses addresses that are not http(s), with a field error', async () => {
    for (const url of ['ftp://example.com/hook', 'javascript:alert(1)', 'not a url']) {
      const result = await mutate(
        server,
        'createWebhook',
        CREATE,
        { url, events: ['IDEA_CREATED'] },
        company.owner.token,
      );
      expect(result).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
      expect(result.fields[0].field).toBe('url');
    }
    const body = await expectCall(server, 'POST', '/webhooks', 400, {
      token: company.owner.token,
      body: { url: 'https://example.com/hook', events: [] },
    });
    expect(body.error.fields).toEqual([{ field: 'events', message: 'Pick one event at least.' }]);
    // A board id that is no row id at all is a field error too, never a 500.
    for (const boardId of [1.5, 1e12, -3]) {
      const refused = await expectCall(server, 'POST', '/webhooks', 400, {
        token: company.owner.token,
        body: { url: 'https://example.com/hook', events: ['IDEA_CREATED'], boardId },
      });
      expect(refused.error.fields).toEqual([{ field: 'boardId', message: 'Board not found' }]);
    }
  });

  it('refuses API keys, so a leaked key cannot send the company’s data elsewhere', async () => {
    const { body } = await server.call('POST', '/graphql', {
      token: company.owner.token,
      body: {
        query: `mutation { createApiKey(name: "ci") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
      },
    });
    const key = body.data.createApiKey.data.key as string;
    const refused = { __typename: 'AppError', code: 'FORBIDDEN' };
    const created = await mutate(
      server,
      'createWebhook',
      CREATE,
      { url: 'https://attacker.example/hook', events: ['COMMENT_ADDED'] },
      key,
    );
    expect(created).toMatchObject(refused);
    const own = await mutate(
      server,
      'createWebhook',
      CREATE,
      { url: 'https://example.com/own', events: ['COMMENT_ADDED'] },
      company.owner.token,
    );
    const id = own.webhook.id as string;
    const retarget = await mutate(
      server,
      'updateWebhook',
      `mutation ($id: ID!, $url: String) { updateWebhook(webhookId: $id, url: $url) {
        __typename ${APP_ERROR} } }`,
      { id, url: 'https://attacker.example/hook' },
      key,
    );
    expect(retarget).toMatchObject(refused);
    const rotated = await mutate(
      server,
      'rotateWebhookSecret',
      `mutation ($id: ID!) { rotateWebhookSecret(webhookId: $id) { __typename ${APP_ERROR} } }`,
      { id },
      key,
    );
    expect(rotated).toMatchObject(refused);
    // Nor silently cut the company's integrations, or make it call the receiver (attack 9, F11).
    const deleted = await mutate(
      server,
      'deleteWebhook',
      `mutation ($id: ID!) { deleteWebhook(webhookId: $id) { __typename ${APP_ERROR} } }`,
      { id },
      key,
    );
    expect(deleted).toMatchObject(refused);
    const rowId = Number(Buffer.from(id, 'base64').toString().split(':')[1]);
    await expectCall(server, 'DELETE', `/webhooks/${rowId}`, 403, { token: key });
    await expectCall(server, 'POST', `/webhooks/${rowId}/test`, 403, { token: key });
    const stored = await server.deps.prisma.webhook.findMany({
      where: { companyId: company.owner.companyId },
      select: { url: true },
    });
    expect(stored.map((webhook) => webhook.url)).not.toContain('https://attacker.example/hook');
    expect(stored.map((webhook) => webhook.url)).toContain('https://example.com/own');
  });

  it('refuses private addresses unless WEBHOOK_ALLOW_PRIVATE_URLS is set', async () => {
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', false)).toMatch(/Private/);
    expect(webhookUrlProblem('http://10.1.2.3/x', false)).toMatch(/Private/);
    expect(webhookUrlProblem('http://[::1]/x', false)).toMatch(/Private/);
    expect(webhookUrlProblem('http://169.254.169.254/latest', false)).toMatch(/Private/);
    expect(webhookUrlProblem('http://localhost:3000/x', false)).toMatch(/Private/);
    expect(webhookUrlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    const { strict, viewer } = strictOwner();
    await expect(
      createWebhook(strict, viewer, { url: 'http://192.168.1.1/hook', events: ['IDEA_CREATED'] }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'url', message: 'Private and local addresses are not allowed.' }],
    });
  });

  it('refuses at registration a host name that does not exist or resolves to a private address (attack 7)', async () => {
    const dns = await startDnsStandIn((name) =>
      name === 'hooks.example.com'
        ? '93.184.215.14'
        : name === 'intranet.example.com'
          ? '10.0.0.5'
          : null,
    );
    try {
      const { strict, viewer } = strictOwner();
      const deps = { ...strict, config: { ...strict.config, dnsServers: [dns.server] } };
      for (const [url, message] of [
        ['https://no-such-host.example.com/hook', 'The host name could not be resolved.'],
        ['https://intranet.example.com/hook', 'Private and local addresses are not allowed.'],
      ] as const) {
        await expect(
          createWebhook(deps, viewer, { url, events: ['IDEA_CREATED'] }),
          url,
        ).rejects.toMatchObject({ code: 'VALIDATION', fields: [{ field: 'url', message }] });
      }
      const kept = await createWebhook(deps, viewer, {
        url: 'https://hooks.example.com/feedboard',
        events: ['IDEA_CREATED'],
      });
      expect(kept.webhook.url).toBe('https://hooks.example.com/feedboard');
      // The address can't be changed to one either.
      await expect(
        updateWebhook(deps, viewer, kept.webhook.id, { url: 'https://gone.example.com/hook' }),
      ).rejects.toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'url', message: 'The host name could not be resolved.' }],
      });
      // DNS that answers nothing (an offline server) keeps the address: deliveries check again.
      dns.setFailing(true);
      const offline = await createWebhook(deps, viewer, {
        url: 'https://elsewhere.example.com/hook',
        events: ['IDEA_CREATED'],
      });
      expect(offline.webhook.url).toBe('https://elsewhere.example.com/hook');
    } finally {
      await dns.close();
    }
  });

  it('logs a failed connection in words that name neither the host nor its addresses', async () => {
    const closed = await startWebhookReceiver();
    const closedUrl = closed.url;
    await closed.close();
    for (const [url, words] of [
      ['http://no-such-host.invalid/hook', 'The host name could not be resolved.'],
      [closedUrl, 'The connection was refused.'],
    ] as const) {
      const hook = await createHook(company.owner.token, url);
      const { body } = await server.call('POST', '/graphql', {
        token: company.owner.token,
        body: {
          query: `mutation ($id: ID!) { sendWebhookTest(webhookId: $id) { __typename
            ... on MutationSendWebhookTestSuccess { data { lastError } } } }`,
          variables: { id: hook.id },
        },
      });
      const lastError = body.data.sendWebhookTest.data.lastError as string;
      expect(lastError, url).toBe(words);
      expect(lastError).not.toMatch(/invalid|127\.0\.0\.1|::|getaddrinfo|ECONN/);
    }
  });

  it('refuses IPv4-mapped and IPv4-translated spellings of loopback at registration', async () => {
    const { strict, viewer } = strictOwner();
    for (const host of [
      '[::ffff:0:127.0.0.1]',
      '[::ffff:0:7f00:1]',
      '[::ffff:7f00:1]',
      '[::ffff:127.0.0.1]',
    ]) {
      await expect(
        createWebhook(strict, viewer, {
          url: `http://${host}:9999/hook`,
          events: ['IDEA_CREATED'],
        }),
        host,
      ).rejects.toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('refuses the server’s own network addresses, outside the private ranges too, at registration and delivery', async () => {
    // The attack: http://192.0.2.2:4201/… (the address of the server's eth0) reached Feedboard
    // itself and read its answers back through lastError.
    const { strict, viewer } = strictOwner();
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .filter((entry) => !entry.internal)
      .map(({ address, family }) => (family === 'IPv4' ? address : `[${address}]`));
    for (const host of [...own, '192.0.2.2', '203.0.113.5', '[2001:db8::2]']) {
      const url = `http://${host}:4201/api/v1/billing/stripe-webhook`;
      await expect(
        createWebhook(strict, viewer, { url, events: ['IDEA_CREATED'] }),
        url,
      ).rejects.toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'url', message: 'Private and local addresses are not allowed.' }],
      });
      await expect(assertDeliverable(url, false), url).rejects.toThrow(/not allowed/);
    }
  });

  it('refuses localhost with a trailing dot or in capitals at registration, by the rule delivery uses', async () => {
    const { strict, viewer } = strictOwner();
    for (const url of [
      'http://localhost./',
      'http://LOCALHOST.:4699/',
      'http://localhost../x',
      'http://api.localhost./x',
      'http://metadata.google.internal./computeMetadata',
      'http://printer.local/',
    ]) {
      await expect(
        createWebhook(strict, viewer, { url, events: ['IDEA_CREATED'] }),
        url,
      ).rejects.toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'url', message: 'Private and local addresses are not allowed.' }],
      });
      // Delivery refuses it by the same rule, before any DNS lookup.
      await expect(assertDeliverable(url, false), url).rejects.toThrow(
        'Refused: Private and local addresses are not allowed.',
      );
    }
    expect(webhookUrlProblem('https://localhost.example.com/x', false)).toBeNull();
  });

  it('keeps webhooks to their company: another company’s are not found, members are refused', async () => {
    const hook = await createHook(company.owner.token, receiver.url, ['IDEA_CREATED']);
    const foreign = stranger.owner.token;
    await expectCall(server, 'PUT', `/webhooks/${hook.rowId}`, 404, {
      token: foreign,
      body: { isEnabled: false },
    });
    await expectCall(server, 'DELETE', `/webhooks/${hook.rowId}`, 404, { token: foreign });
    await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 404, { token: foreign });
    await expectCall(server, 'POST', `/webhooks/${hook.rowId}/rotate-secret`, 404, {
      token: foreign,
    });
    await expectCall(server, 'GET', `/webhooks/${hook.rowId}/deliveries`, 404, { token: foreign });
    const list = await expectCall(server, 'GET', '/webhooks', 200, { token: foreign });
    expect(list.map((w: { id: number }) => w.id)).not.toContain(hook.rowId);
    const { body } = await server.call('POST', '/graphql', {
      body: { query: DELIVERIES, variables: { id: hook.id } },
      token: foreign,
    });
    expect(body.data.node).toBeNull();
    // A board of another company cannot be the filter.
    const filtered = await mutate(
      server,
      'createWebhook',
      CREATE,
      { url: receiver.url, events: ['IDEA_CREATED'], boardId: globalId('Board', company.boardId) },
      foreign,
    );
    expect(filtered).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'boardId', message: 'Board not found' }],
    });

    const member = await addEndUser(server, company.owner.companyId);
    await expectCall(server, 'GET', '/webhooks', 403, { token: member.token });
    await expectCall(server, 'POST', `/webhooks/${hook.rowId}/test`, 403, { token: member.token });
    await expectCall(server, 'GET', '/webhooks', 401);

    await expectCall(server, 'DELETE', `/webhooks/${hook.rowId}`, 204, {
      token: company.owner.token,
    });
    await expectCall(server, 'GET', `/webhooks/${hook.rowId}/deliveries`, 404, {
      token: company.owner.token,
    });
  });
});
