import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSecret, parseSecretKeys } from '../../../auth/secret-box.ts';
import { globalId } from '../../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../../testing/graphql-client.ts';
import type { TTestAccount } from '../../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../../testing/rest-fixtures.ts';
import { SLACK_ANSWERS, startSlackStandIn } from '../../../testing/slack-stand-in.ts';
import type { TSlackPost } from '../../../testing/slack-stand-in.ts';
import { startTestServer } from '../../../testing/test-server.ts';
import type { TTestServer } from '../../../testing/test-server.ts';
import { authenticate } from '../../account/authenticate.ts';
import { connectSlack } from './connect-slack.ts';
import { NO_SECRETS_KEY } from './slack-connections.ts';

const KEYS = parseSecretKeys('slack-tests-secrets-key-0123456789abcdef', undefined);
const ALL_EVENTS = [
  'IDEA_CREATED',
  'IDEA_ACCEPTED',
  'IDEA_STATUS_CHANGED',
  'COMMENT_ADDED',
  'RELEASE_PUBLISHED',
];

const CONNECTION = `id urlHint events language board { id } deliveries { type status attempts responseStatus lastError }`;
const CONNECT = `mutation ($url: String!, $events: [SlackEvent!]!, $boardId: ID, $language: String!) {
  connectSlack(url: $url, events: $events, boardId: $boardId, language: $language) { __typename
    ... on MutationConnectSlackSuccess { data { ${CONNECTION} } } ${APP_ERROR} } }`;
const UPDATE = `mutation ($id: ID!, $url: String, $events: [SlackEvent!], $boardId: ID, $language: String) {
  updateSlackConnection(slackConnectionId: $id, url: $url, events: $events, boardId: $boardId, language: $language) {
    __typename ... on MutationUpdateSlackConnectionSuccess { data { ${CONNECTION} } } ${APP_ERROR} } }`;
const DISCONNECT = `mutation ($id: ID!) { disconnectSlack(slackConnectionId: $id) { __typename
  ... on MutationDisconnectSlackSuccess { data { disconnectedSlackConnectionId } } ${APP_ERROR} } }`;
const TEST = `mutation ($id: ID!) { sendSlackTest(slackConnectionId: $id) { __typename
  ... on MutationSendSlackTestSuccess { data { type status attempts responseStatus lastError } } ${APP_ERROR} } }`;
const LIST = `{ slackConnections { ${CONNECTION} } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on SlackIntegration { ${CONNECTION} } } }`;

let server: TTestServer;
let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let strangerSlack: Awaited<ReturnType<typeof startSlackStandIn>>;
let company: TRestCompany;
let stranger: TRestCompany;
let member: TTestAccount;
/** Every GraphQL answer of the suite: none may carry a Slack URL. */
const answers: string[] = [];

async function call(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await gql(server, query, variables, token);
  answers.push(JSON.stringify(body));
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const result = Object.values(body.data)[0] as any;
  return result?.__typename === 'AppError' ? result : (result?.data ?? result);
}

const connect = (token: string, vars: Record<string, unknown>) =>
  call(CONNECT, { events: ALL_EVENTS, language: 'en-US', ...vars }, token);

/** Waits (polling, no fixed sleeps) until `read` answers what `condition` accepts. */
async function eventually<T>(read: () => Promise<T> | T, condition: (value: T) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const texts = (posts: TSlackPost[]) => posts.map((post) => String(post.json?.text));

beforeAll(async () => {
  slack = await startSlackStandIn();
  strangerSlack = await startSlackStandIn();
  server = await startTestServer({
    secretKeys: KEYS,
    slackAllowStandInUrls: true,
    webhookAllowPrivateUrls: true,
    webhookRetryBaseMs: 100,
    webhookMaxAttempts: 3,
  });
  company = await restCompany(server);
  stranger = await restCompany(server);
  member = await addEndUser(server, company.owner.companyId, { role: 'MEMBER' });
});

afterAll(async () => {
  await server?.close();
  await slack?.close();
  await strangerSlack?.close();
  // Whatever happened above, no answer carried a Slack URL (nor its secret path).
  const paths = [slack, strangerSlack].map((s) => new URL(s.url).pathname);
  for (const answer of answers) for (const secret of paths) expect(answer).not.toContain(secret);
});

// Each test starts without connections of its own company, whatever the last one left.
afterEach(async () => {
  await server.deps.prisma.slackConnection.deleteMany({
    where: { companyId: company.owner.companyId },
  });
});

describe('Slack connections', () => {
  it('seals the URL in its row, answers only a hint, and audits connect, update and disconnect', async () => {
    const token = company.owner.token;
    const created = await connect(token, { url: slack.url, events: ['IDEA_CREATED'] });
    expect(created).toMatchObject({
      urlHint: `127.0.0.1:${new URL(slack.url).port}/…/${slack.url.slice(-4)}`,
      events: ['IDEA_CREATED'],
      language: 'en-US',
      board: null,
    });
    const rows = await server.deps.prisma.$queryRaw<{ sealedUrl: string }[]>`
      SELECT "sealedUrl" FROM "SlackConnection" WHERE "companyId" = ${company.owner.companyId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sealedUrl).toMatch(/^box1\$[0-9a-f]{8}\$/);
    expect(rows[0]!.sealedUrl).not.toContain(new URL(slack.url).pathname.split('/').at(-1));
    expect(openSecret(KEYS, rows[0]!.sealedUrl)).toBe(slack.url);

    const updated = await call(UPDATE, { id: created.id, language: 'pl-PL' }, token);
    expect(updated.language).toBe('pl-PL');
    expect((await call(LIST, {}, token)).map((c: any) => c.id)).toEqual([created.id]);
    const gone = await call(DISCONNECT, { id: created.id }, token);
    expect(gone.disconnectedSlackConnectionId).toBe(created.id);
    expect(await call(LIST, {}, token)).toEqual([]);

    const audit = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: company.owner.companyId, action: { startsWith: 'SLACK_' } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      'SLACK_CONNECTED',
      'SLACK_CONNECTION_UPDATED',
      'SLACK_DISCONNECTED',
    ]);
    expect(JSON.stringify(audit)).not.toContain(new URL(slack.url).pathname);
  });

  it('refuses, field by field: a URL that is not Slack’s, no events, a bad language, another company’s board, no SECRETS_KEY', async () => {
    const token = company.owner.token;
    const noEvents = await connect(token, { url: slack.url, events: [] });
    expect(noEvents.fields).toEqual([{ field: 'events', message: 'Pick one event at least.' }]);
    const badLanguage = await connect(token, { url: slack.url, language: 'de-DE' });
    expect(badLanguage.fields.map((f: any) => f.field)).toEqual(['language']);
    const foreignBoard = await connect(token, {
      url: slack.url,
      boardId: globalId('Board', stranger.boardId),
    });
    expect(foreignBoard.fields).toEqual([{ field: 'boardId', message: 'Board not found' }]);

    // Without the test-only setting only Slack's own hooks pass; without SECRETS_KEY nothing.
    const viewer = await authenticate(server.deps, token);
    const production = {
      ...server.deps,
      config: { ...server.deps.config, slackAllowStandInUrls: false },
    };
    const refused = connectSlack(production, viewer, {
      url: slack.url,
      events: ['IDEA_CREATED'],
      language: 'en-US',
    });
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: [
        { field: 'url', message: expect.stringContaining('https://hooks.slack.com/services/') },
      ],
    });
    const keyless = { ...production, config: { ...production.config, secretKeys: null } };
    await expect(
      connectSlack(keyless, viewer, {
        url: 'https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnop',
        events: ['IDEA_CREATED'],
        language: 'en-US',
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'url', message: NO_SECRETS_KEY }],
    });
    expect(await server.deps.prisma.slackConnection.count()).toBe(0);
  });

  it('posts each chosen event as Block Kit with a link to the idea, escaping a hostile title on the wire', async () => {
    const token = company.owner.token;
    const board = { 'x-board-id': String(company.boardId) };
    const connection = await connect(token, { url: slack.url });
    await connect(stranger.owner.token, { url: strangerSlack.url });
    slack.received.length = 0;

    const hostile = '<!channel> <https://evil.example|click> & more';
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: board,
      body: { title: hostile },
    });
    await expectCall(server, 'PUT', `/ideas/${idea.id}/status`, 200, {
      token,
      body: { status: 'NOT_PUBLIC' },
    });
    await expectCall(server, 'PUT', `/ideas/${idea.id}/status`, 200, {
      token,
      body: { status: 'OPEN' },
    });
    await expectCall(server, 'PUT', `/ideas/${idea.id}/status`, 200, {
      token,
      body: { status: 'PLANNED' },
    });
    await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${idea.id}/comments`, 201, {
      token,
      body: { text: 'We are on it <!here>, really.' },
    });
    await expectCall(server, 'PUT', `/releases/${company.releaseId}/publish`, 200, {
      token,
      body: { published: true },
    });

    const posts = await eventually(
      () => slack.received,
      (list) => list.length >= 6,
    );
    const escaped = '&lt;!channel&gt; &lt;https://evil.example|click&gt; &amp; more';
    expect(texts(posts)).toEqual([
      expect.stringMatching(/^New idea by .+: /),
      // Moving to NOT_PUBLIC is a status change; leaving it is an acceptance (one message).
      'Status changed: Open → Awaiting acceptance: ' + escaped,
      `Idea accepted: ${escaped}`,
      `Status changed: Open → Planned: ${escaped}`,
      expect.stringMatching(/^New comment by .+: /),
      expect.stringMatching(/^Release published: /),
    ]);
    for (const post of posts) {
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers['feedboard-signature']).toBeUndefined();
      // On the wire nothing can ping a channel or pass another address off as a link.
      expect(post.body).not.toContain('<!channel>');
      expect(post.body).not.toContain('<!here>');
      expect(post.body).not.toContain('<https://evil');
    }
    const created = posts[0]!.json;
    expect(created.text).toContain(escaped);
    const ideaUrl = `${server.deps.config.appUrl}/admin/boards/${company.boardId}/ideas/${idea.id}`;
    expect(JSON.stringify(created.blocks)).toContain(`<${ideaUrl}|${escaped}>`);
    expect(created.blocks.at(-1)).toEqual({
      type: 'actions',
      elements: [
        { type: 'button', text: { type: 'plain_text', text: 'Open the idea' }, url: ideaUrl },
      ],
    });
    expect(JSON.stringify(posts[4]!.json.blocks)).toContain('&lt;!here&gt;');
    expect(JSON.stringify(posts[5]!.json.blocks)).toContain('/changelog');
    // The other company's channel heard nothing of it.
    expect(strangerSlack.received).toEqual([]);

    const log = await eventually(
      () => call(NODE, { id: connection.id }, token),
      (c) => c.deliveries.length === 6 && c.deliveries.every((d: any) => d.status === 'SUCCEEDED'),
    );
    expect(log.deliveries.map((d: any) => d.type)).toEqual([
      'release.published',
      'comment.added',
      'idea.status_changed',
      'idea.accepted',
      'idea.status_changed',
      'idea.created',
    ]);
    await call(DISCONNECT, { id: connection.id }, token);
  });

  it('retries after 429 (waiting Retry-After) and 500, and gives up at once on invalid_token', async () => {
    const token = company.owner.token;
    const connection = await connect(token, {
      url: slack.url,
      events: ['COMMENT_ADDED'],
      language: 'pl-PL',
    });
    slack.received.length = 0;
    slack.answerNext(SLACK_ANSWERS.rateLimited(1), SLACK_ANSWERS.serverError);
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/comments`, 201, {
      token,
      body: { text: 'Retried until it arrives.' },
    });
    const attempts = await eventually(
      () => slack.received,
      (list) => list.length >= 3,
    );
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    expect(attempts[0]!.json.text).toMatch(/^Nowy komentarz od: /);
    const log = await eventually(
      () => call(NODE, { id: connection.id }, token),
      (c) => c.deliveries[0]?.status === 'SUCCEEDED',
    );
    expect(log.deliveries[0]).toMatchObject({ attempts: 3, responseStatus: 200, lastError: null });

    // A revoked hook: Slack's 404 invalid_token fails the message without more attempts.
    slack.answerNext(SLACK_ANSWERS.invalidToken);
    const test = await call(TEST, { id: connection.id }, token);
    expect(test).toEqual({
      type: 'webhook.test',
      status: 'FAILED',
      attempts: 1,
      responseStatus: 404,
      lastError: 'HTTP 404: invalid_token',
    });
    // A working one: the test message arrives in the connection's language.
    const ok = await call(TEST, { id: connection.id }, token);
    expect(ok).toMatchObject({ status: 'SUCCEEDED', responseStatus: 200 });
    expect(slack.received.at(-1)!.json.text).toBe('Feedboard jest połączony');
    await call(DISCONNECT, { id: connection.id }, token);
  });

  it('posts only the chosen board’s events, and a new URL goes to the new channel', async () => {
    const token = company.owner.token;
    const other = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      {
        token,
        body: { name: 'Another board here' },
      },
    );
    const connection = await connect(token, {
      url: strangerSlack.url,
      events: ['IDEA_CREATED'],
      boardId: globalId('Board', other.id),
    });
    strangerSlack.received.length = 0;
    await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Not for the other board' },
    });
    await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(other.id) },
      body: { title: 'For the other board' },
    });
    await eventually(
      () => strangerSlack.received,
      (list) => list.length >= 1,
    );
    const moved = await call(UPDATE, { id: connection.id, url: slack.url }, token);
    expect(moved.urlHint).toMatch(new RegExp(`${slack.url.slice(-4)}$`));
    slack.received.length = 0;
    await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(other.id) },
      body: { title: 'After the move' },
    });
    await eventually(
      () => slack.received,
      (list) => list.length >= 1,
    );
    expect(texts(strangerSlack.received)).toEqual([expect.stringContaining('For the other board')]);
    expect(texts(slack.received)).toEqual([expect.stringContaining('After the move')]);
    await call(DISCONNECT, { id: connection.id }, token);
  });

  it('is the owner’s and admins’: members are refused, API keys too, and another company’s is not found', async () => {
    const token = company.owner.token;
    const connection = await connect(token, { url: slack.url });
    const forbidden = { code: 'FORBIDDEN', message: 'You are not allowed to do this.' };
    expect(await connect(member.token, { url: slack.url })).toMatchObject(forbidden);
    expect(await call(TEST, { id: connection.id }, member.token)).toMatchObject(forbidden);
    const listed = await gql(server, LIST, {}, member.token);
    expect(listed.body.data).toBeNull();
    expect(listed.body.errors[0].extensions.code).toBe('FORBIDDEN');

    const key = await call(
      `mutation { createApiKey(name: "Slack key") { __typename ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`,
      {},
      token,
    );
    const byKey = await connect(key.key, { url: slack.url });
    expect(byKey).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('API keys cannot manage integrations'),
    });
    expect(await call(DISCONNECT, { id: connection.id }, key.key)).toMatchObject({
      code: 'FORBIDDEN',
    });

    const notFound = { code: 'NOT_FOUND' };
    const theirs = stranger.owner.token;
    expect(await call(UPDATE, { id: connection.id, language: 'pl-PL' }, theirs)).toMatchObject(
      notFound,
    );
    expect(await call(DISCONNECT, { id: connection.id }, theirs)).toMatchObject(notFound);
    expect(await call(TEST, { id: connection.id }, theirs)).toMatchObject(notFound);
    expect(await call(NODE, { id: connection.id }, theirs)).toBeNull();
    expect((await call(LIST, {}, theirs)).map((c: any) => c.id)).not.toContain(connection.id);
    expect((await call(NODE, { id: connection.id }, token)).language).toBe('en-US');
    await call(DISCONNECT, { id: connection.id }, token);
  });
});
