import jwt from 'jsonwebtoken';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from './schema/ids.ts';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from './testing/graphql-client.ts';
import type { TTestAccount } from './testing/graphql-client.ts';
import { openStream, waitUntil } from './testing/sse-stream.ts';
import type { TStream } from './testing/sse-stream.ts';
import { startTestServer } from './testing/test-server.ts';
import type { TTestServer } from './testing/test-server.ts';

/**
 * Attack findings F16 and F15: a live stream follows the board rule as it is now, not as it was
 * when the stream opened. A user who loses a private board at the user level (detached from the
 * customer company the board grants, an SSO sign-in whose `companies` no longer list it, a team
 * member without two-factor once the company requires it) stops receiving the board's events
 * within seconds, on the widget's REST stream and on both GraphQL subscription paths. With
 * REDIS_URL set, the access change travels through Redis as between processes.
 */

const SHARED = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId idea { id title status } } }`;
const PER_SUBSCRIBER = SHARED.replace('idea { id ', 'idea { board { id } id ');
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const PASSWORD = 'secret-password';

let server: TTestServer;
let owner: TTestAccount;
let boardGlobalId: string;
let boardRowId: number;
let customerCompanyId: number;
const opened: TStream[] = [];
const endTimes: number[] = [];

const rowIdOf = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);

beforeAll(async () => {
  const redisUrl = process.env.REDIS_URL;
  server = await startTestServer({
    twoFactorKey: 'a-test-key-of-at-least-thirty-two-characters',
    ...(redisUrl
      ? { redisUrl, redisPrefix: `test-access-streams-${process.pid}-${Date.now()}:` }
      : {}),
  });
  owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  // A private board granted to one customer company only (no SSO, no email domain).
  boardGlobalId = await createBoardId(server, owner.token, 'Customer roadmap', {
    grantsEndUsers: false,
  });
  boardRowId = rowIdOf(boardGlobalId);
  const customer = await server.deps.prisma.customerCompany.create({
    data: { companyId: owner.companyId, externalId: 'cc-granted', name: 'Granted customer' },
  });
  customerCompanyId = customer.id;
  const access = await server.call('PUT', `/api/v1/boards/${boardRowId}/access`, {
    token: owner.token,
    body: { allowedCustomerCompanyIds: [customerCompanyId] },
  });
  expect(access.status, JSON.stringify(access.body)).toBe(200);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  if (endTimes.length) {
    const sorted = [...endTimes].sort((a, b) => a - b);
    console.log(
      `Streams ended ${sorted.length} times after the access change: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms.`,
    );
  }
  await server?.close();
});

/** The widget's REST stream and both GraphQL subscription paths, live on the private board. */
async function openStreams(token: string): Promise<TStream[]> {
  const variables = { boardId: boardGlobalId };
  const streams = await Promise.all([
    openStream('REST', `${server.url}/api/v1/boards/${boardRowId}/events`, { token }),
    openStream('GraphQL shared', `${server.url}/graphql`, {
      token,
      body: { query: SHARED, variables },
    }),
    openStream('GraphQL per subscriber', `${server.url}/graphql`, {
      token,
      body: { query: PER_SUBSCRIBER, variables },
    }),
  ]);
  opened.push(...streams);
  for (const stream of streams) expect(stream.status, stream.label).toBe(200);
  await expectLive(streams);
  return streams;
}

let ideaCount = 0;

/** The owner writes an idea on the private board; answers its row id and title. */
async function writeIdea(prefix: string): Promise<{ rowId: number; title: string }> {
  ideaCount += 1;
  const title = `${prefix} ${ideaCount}`;
  const idea = await mutate(
    server,
    'createIdea',
    CREATE_IDEA,
    { boardId: boardGlobalId, title },
    owner.token,
  );
  return { rowId: rowIdOf(idea.id), title };
}

const hasIdea = (stream: TStream, idea: { rowId: number; title: string }) =>
  stream.label === 'REST'
    ? stream.text().includes(`"ideaId":${idea.rowId}`)
    : stream.text().includes(idea.title);

/** A private idea reaches every stream. */
async function expectLive(streams: TStream[]): Promise<void> {
  await waitUntil(() => streams.every((s) => s.text().length > 0), 'the streams to open');
  const idea = await writeIdea('Private plan');
  await waitUntil(() => streams.every((s) => hasIdea(s, idea)), 'the idea on every stream');
}

/**
 * Right after the change is answered, a private idea is written; every stream ends within a
 * few seconds (the REST one saying `revoked`) and none receives that idea or a later one.
 */
async function expectCutOff(streams: TStream[], since: number): Promise<void> {
  const rightAfter = await writeIdea('Written right after the change');
  await Promise.all(
    streams.map(async (stream) => {
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000));
      const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), timeout]);
      expect(outcome, `${stream.label} ended`).toBe('ended');
      endTimes.push(Date.now() - since);
    }),
  );
  const later = await writeIdea('Written later');
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const stream of streams) {
    expect(hasIdea(stream, rightAfter), `${stream.label}: ${rightAfter.title}`).toBe(false);
    expect(hasIdea(stream, later), `${stream.label}: ${later.title}`).toBe(false);
  }
  expect(streams.find((s) => s.label === 'REST')!.text()).toContain('event: revoked');
}

async function widgetSetup(): Promise<{ boardHash: string; secret: string }> {
  const setup = await server.call('GET', `/api/v1/boards/${boardRowId}/widget-setup`, {
    token: owner.token,
  });
  const company = await server.call('GET', '/api/v1/company', { token: owner.token });
  return { boardHash: setup.body.boardHash, secret: company.body.companySecret };
}

describe('a live stream of a private board ends when its user loses the board', () => {
  it('F16a: detached from the customer company the board grants (detachCustomerCompanyMember)', async () => {
    const customer = await addEndUser(server, owner.companyId);
    const bystander = await addEndUser(server, owner.companyId);
    await server.deps.prisma.customerCompanyMember.createMany({
      data: [
        { customerCompanyId, userId: customer.userId },
        { customerCompanyId, userId: bystander.userId },
      ],
    });
    const streams = await openStreams(customer.token);
    const kept = await openStreams(bystander.token);
    const since = Date.now();
    const detached = await gql(
      server,
      `mutation ($c: ID!, $u: ID!) { detachCustomerCompanyMember(customerCompanyId: $c, userId: $u) {
        __typename ${APP_ERROR} } }`,
      {
        c: globalId('CustomerCompany', customerCompanyId),
        u: globalId('CompanyUser', customer.userId),
      },
      owner.token,
    );
    expect(detached.body.data.detachCustomerCompanyMember.__typename).toBe(
      'MutationDetachCustomerCompanyMemberSuccess',
    );
    await expectCutOff(streams, since);
    // Requests already said so; a new stream is refused.
    const again = await server.call('GET', `/api/v1/boards/${boardRowId}/events`, {
      token: customer.token,
    });
    expect(again.status).toBe(404);
    // Another member of the customer company keeps their streams.
    await expectLive(kept);
    expect(kept.every((stream) => !stream.isEnded())).toBe(true);
  });

  it('F16b: an SSO sign-in whose token no longer lists the granting customer company', async () => {
    const { boardHash, secret } = await widgetSetup();
    const sign = (companies: object[]) =>
      jwt.sign(
        {
          id: 'sso-customer-1',
          name: 'SSO Customer',
          email: 'sso-customer-1@customer.test',
          email_verified: true,
          companies,
        },
        secret,
        { algorithm: 'HS256', expiresIn: 600 },
      );
    const granted = [{ id: 'cc-granted', name: 'Granted customer', monthlySpend: 100 }];
    const first = await server.call('POST', '/api/v1/widget/sso', {
      body: { boardHash, token: sign(granted) },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const streams = await openStreams(first.body.token);
    // Signing in again with the same claims (another tab) leaves the streams alone.
    const same = await server.call('POST', '/api/v1/widget/sso', {
      body: { boardHash, token: sign(granted) },
    });
    expect(same.status).toBe(200);
    await expectLive(streams);

    const since = Date.now();
    const detached = await server.call('POST', '/api/v1/widget/sso', {
      body: { boardHash, token: sign([]) },
    });
    expect(detached.status).toBe(200);
    await expectCutOff(streams, since);
    const again = await server.call('GET', `/api/v1/boards/${boardRowId}/events`, {
      token: first.body.token,
    });
    expect(again.status).toBe(404);
  });

  it('F15: a team member without two-factor once the company requires it', async () => {
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    const streams = await openStreams(member.token);
    const started = (
      await gql(
        server,
        `mutation { startTwoFactorEnrolment { __typename
          ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } ${APP_ERROR} } }`,
        {},
        owner.token,
      )
    ).body.data.startTwoFactorEnrolment;
    const code = await generate({ secret: started.data.secret });
    const confirmed = await gql(
      server,
      `mutation ($code: String!) { confirmTwoFactorEnrolment(code: $code, password: "${PASSWORD}") {
        __typename ${APP_ERROR} } }`,
      { code },
      owner.token,
    );
    expect(confirmed.body.data.confirmTwoFactorEnrolment.__typename).toBe(
      'MutationConfirmTwoFactorEnrolmentSuccess',
    );
    // The owner's own streams (enrolled) stay.
    const ownerStreams = await openStreams(owner.token);
    const since = Date.now();
    const required = await gql(
      server,
      `mutation { setRequireTwoFactor(required: true) { __typename ${APP_ERROR} } }`,
      {},
      owner.token,
    );
    expect(required.body.data.setRequireTwoFactor.__typename).toBe(
      'MutationSetRequireTwoFactorSuccess',
    );
    await expectCutOff(streams, since);
    await expectLive(ownerStreams);
    expect(ownerStreams.every((stream) => !stream.isEnded())).toBe(true);
  });

  it('when the access-change event was lost: the periodic check compares grants too', async () => {
    const customer = await addEndUser(server, owner.companyId);
    await server.deps.prisma.customerCompanyMember.create({
      data: { customerCompanyId, userId: customer.userId },
    });
    const streams = await openStreams(customer.token);
    // Detached in the database only, as if no event was published.
    await server.deps.prisma.customerCompanyMember.deleteMany({
      where: { userId: customer.userId },
    });
    expect(await server.deps.streamSlots.recheck()).toBe(streams.length);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});
