import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from './schema/ids.ts';
import { createSession } from './services/account/create-session.ts';
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
 * Issue 33 point 3: a live stream (the widget's REST stream, the console's GraphQL subscription
 * on its shared path and on yoga's own) ends with the credential that opened it: sign-out,
 * password change or reset, removal or demotion from the team, API key revocation, erasure.
 */

// The console's fields (the shared path) and one more (yoga's path, one execution per stream).
const SHARED = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId idea { id title status } } }`;
const PER_SUBSCRIBER = SHARED.replace('idea { id ', 'idea { board { id } id ');
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const VIEWER = `{ viewer { user { id role } } }`;

let server: TTestServer;
let owner: TTestAccount;
let boardGlobalId: string;
let boardRowId: number;
const opened: TStream[] = [];
/** Milliseconds from each revocation's answer to its streams' end, for the report. */
const endTimes: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  // A private board: what a stream leaks after its credential ends is private titles.
  boardGlobalId = await createBoardId(server, owner.token, 'Private roadmap');
  boardRowId = Number(Buffer.from(boardGlobalId, 'base64').toString().split(':')[1]);
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  if (endTimes.length) {
    const sorted = [...endTimes].sort((a, b) => a - b);
    console.log(
      `Streams ended ${sorted.length} times after their credential: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms.`,
    );
  }
  await server?.close();
});

/** The three live streams a credential can open: REST (sessions only) and both GraphQL paths. */
async function openStreams(token: string, options: { rest?: boolean } = {}): Promise<TStream[]> {
  const variables = { boardId: boardGlobalId };
  const streams = await Promise.all([
    ...(options.rest === false
      ? []
      : [openStream('REST', `${server.url}/api/v1/boards/${boardRowId}/events`, { token })]),
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

/** Writes an idea with a private title and waits until every stream has it. */
async function expectLive(streams: TStream[]): Promise<void> {
  // A subscription is listening once it answered its first bytes; the REST stream its `ready`.
  await waitUntil(() => streams.every((s) => s.text().length > 0), 'the streams to open');
  ideaCount += 1;
  const title = `Secret plan ${ideaCount}`;
  const idea = await mutate(
    server,
    'createIdea',
    CREATE_IDEA,
    { boardId: boardGlobalId, title },
    owner.token,
  );
  const rowId = Number(Buffer.from(idea.id, 'base64').toString().split(':')[1]);
  await waitUntil(
    () =>
      streams.every((s) =>
        s.label === 'REST' ? s.text().includes(`"ideaId":${rowId}`) : s.text().includes(title),
      ),
    'the idea on every stream',
  );
}

/** Every stream ends within a few seconds, and takes no private title after it. */
async function expectEnded(streams: TStream[], since: number): Promise<void> {
  await Promise.all(
    streams.map(async (stream) => {
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000));
      const outcome = await Promise.race([stream.ended.then(() => 'ended' as const), timeout]);
      expect(outcome, `${stream.label} ended`).toBe('ended');
      endTimes.push(Date.now() - since);
    }),
  );
  const before = streams.map((stream) => stream.text());
  ideaCount += 1;
  await mutate(
    server,
    'createIdea',
    CREATE_IDEA,
    { boardId: boardGlobalId, title: `After the end ${ideaCount}` },
    owner.token,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(streams.map((stream) => stream.text())).toEqual(before);
  for (const stream of streams) {
    expect(stream.text()).not.toContain(`After the end ${ideaCount}`);
  }
}

async function teamMember(role: 'ADMIN' | 'MEMBER'): Promise<TTestAccount> {
  return addEndUser(server, owner.companyId, { role });
}

describe('a live stream ends with the credential that opened it', () => {
  it('on sign-out (REST /logout and GraphQL logout)', async () => {
    const admin = await teamMember('ADMIN');
    const streams = await openStreams(admin.token);
    const since = Date.now();
    expect((await server.call('POST', '/api/v1/logout', { token: admin.token })).status).toBe(204);
    await expectEnded(streams, since);
    // The REST stream says why before it closes.
    expect(streams.find((s) => s.label === 'REST')!.text()).toContain('event: revoked');

    const second = await teamMember('ADMIN');
    const graphqlStreams = await openStreams(second.token);
    const at = Date.now();
    const logout = await gql(server, `mutation { logout { __typename } }`, {}, second.token);
    expect(logout.body.errors).toBeUndefined();
    await expectEnded(graphqlStreams, at);
  });

  it('on a password change: the other sessions’ streams end, this session’s stay', async () => {
    const account = await signUpCompany(server);
    await setPlan(server, account.companyId, 'ULTRA');
    const other = await server.call('POST', '/api/v1/login', {
      body: { email: account.email, password: 'secret-password' },
    });
    expect(other.status).toBe(200);
    // Streams of another company's board are not this test's point: use the owner's own board.
    const ownBoard = await createBoardId(server, account.token, 'Own board');
    const streamsOf = (token: string) =>
      Promise.all([
        openStream('GraphQL shared', `${server.url}/graphql`, {
          token,
          body: { query: SHARED, variables: { boardId: ownBoard } },
        }),
      ]);
    const [otherStream] = await streamsOf(other.body.token);
    const [ownStream] = await streamsOf(account.token);
    opened.push(otherStream!, ownStream!);
    await waitUntil(() => otherStream!.text().length > 0 && ownStream!.text().length > 0, 'open');
    const since = Date.now();
    const changed = await gql(
      server,
      `mutation { changePassword(currentPassword: "secret-password", newPassword: "another-password") {
        __typename ${APP_ERROR} } }`,
      {},
      account.token,
    );
    expect(changed.body.data.changePassword.__typename).toBe('MutationChangePasswordSuccess');
    await otherStream!.ended;
    endTimes.push(Date.now() - since);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ownStream!.isEnded()).toBe(false);
  });

  it('on signing out everywhere else', async () => {
    const admin = await teamMember('ADMIN');
    const here = await createSession(server.deps.prisma, admin.userId, 1);
    const streams = await openStreams(admin.token);
    const kept = await openStreams(here);
    const since = Date.now();
    const result = await gql(
      server,
      `mutation { signOutOtherSessions { __typename ... on MutationSignOutOtherSessionsSuccess {
        data { signedOut } } } }`,
      {},
      here,
    );
    expect(result.body.data.signOutOtherSessions.data.signedOut).toBe(1);
    await expectEnded(streams, since);
    expect(kept.every((stream) => !stream.isEnded())).toBe(true);
  });

  it('on a password reset through the mailed link', async () => {
    const account = await signUpCompany(server);
    await setPlan(server, account.companyId, 'ULTRA');
    const ownBoard = await createBoardId(server, account.token, 'Reset board');
    const stream = await openStream('GraphQL shared', `${server.url}/graphql`, {
      token: account.token,
      body: { query: SHARED, variables: { boardId: ownBoard } },
    });
    opened.push(stream);
    await waitUntil(() => stream.text().length > 0, 'open');
    await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: account.email },
    });
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: account.email, subject: { contains: 'Reset' } },
    });
    const token = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const check = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: { email: account.email, token },
    });
    const since = Date.now();
    const set = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: {
        email: account.email,
        newPasswordToken: check.body.newPasswordToken,
        password: 'reset-password',
      },
    });
    expect(set.status).toBe(200);
    await stream.ended;
    endTimes.push(Date.now() - since);
  });

  it('on removal from the team: its sessions and keys end, their streams with them', async () => {
    const member = await teamMember('ADMIN');
    const key = await mutate(
      server,
      'createApiKey',
      `mutation { createApiKey(name: "Member's key") { __typename
        ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`,
      {},
      member.token,
    );
    const streams = [
      ...(await openStreams(member.token)),
      ...(await openStreams(key.key, { rest: false })),
    ];
    const since = Date.now();
    const removed = await gql(
      server,
      `mutation ($id: ID!) { removeMember(userId: $id) { __typename ${APP_ERROR} } }`,
      { id: globalId('CompanyUser', member.userId) },
      owner.token,
    );
    expect(removed.body.data.removeMember.__typename).toBe('MutationRemoveMemberSuccess');
    await expectEnded(streams, since);
    expect((await gql(server, VIEWER, {}, member.token)).status).toBe(401);
    expect((await gql(server, VIEWER, {}, key.key)).status).toBe(401);
  });

  it('on demotion from admin: streams opened with admin sight end, the session stays', async () => {
    const admin = await teamMember('ADMIN');
    const streams = await openStreams(admin.token);
    const since = Date.now();
    const changed = await gql(
      server,
      `mutation ($id: ID!) { changeMemberRole(userId: $id, role: MEMBER) { __typename ${APP_ERROR} } }`,
      { id: globalId('CompanyUser', admin.userId) },
      owner.token,
    );
    expect(changed.body.data.changeMemberRole.__typename).toBe('MutationChangeMemberRoleSuccess');
    await expectEnded(streams, since);
    // The next request reads the role afresh: a member now.
    const viewer = await gql(server, VIEWER, {}, admin.token);
    expect(viewer.body.data.viewer.user.role).toBe('MEMBER');
    // A stream opened again is a member's.
    await openStreams(admin.token);
  });

  it('on API key revocation (GraphQL and REST)', async () => {
    const key = await mutate(
      server,
      'createApiKey',
      `mutation { createApiKey(name: "Streaming key") { __typename
        ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } ${APP_ERROR} } }`,
      {},
      owner.token,
    );
    const streams = await openStreams(key.key);
    const since = Date.now();
    const revoked = await gql(
      server,
      `mutation ($id: ID!) { revokeApiKey(apiKeyId: $id) { __typename ${APP_ERROR} } }`,
      { id: key.apiKey.id },
      owner.token,
    );
    expect(revoked.body.data.revokeApiKey.__typename).toBe('MutationRevokeApiKeySuccess');
    await expectEnded(streams, since);
  });

  it('on erasure of the person (GDPR)', async () => {
    const person = await addEndUser(server, owner.companyId);
    // End users see public boards only: this one is made public for them.
    const publicBoard = await createBoardId(server, owner.token, 'Public board');
    await gql(
      server,
      `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`,
      { id: publicBoard },
      owner.token,
    );
    const stream = await openStream('GraphQL shared', `${server.url}/graphql`, {
      token: person.token,
      body: { query: SHARED, variables: { boardId: publicBoard } },
    });
    opened.push(stream);
    await waitUntil(() => stream.text().length > 0, 'open');
    const since = Date.now();
    const erased = await gql(
      server,
      `mutation ($id: ID!) { eraseEndUser(userId: $id, contentMode: DELETE) { __typename ${APP_ERROR} } }`,
      { id: globalId('CompanyUser', person.userId) },
      owner.token,
    );
    expect(erased.body.data.eraseEndUser.__typename).toBe('MutationEraseEndUserSuccess');
    await stream.ended;
    endTimes.push(Date.now() - since);
  });

  it('when the revocation event was lost: the periodic check ends it', async () => {
    const admin = await teamMember('ADMIN');
    const streams = await openStreams(admin.token);
    // Revoked in the database only, as if the event never reached this process.
    await server.deps.prisma.session.updateMany({
      where: { userId: admin.userId },
      data: { revokedAt: new Date() },
    });
    const since = Date.now();
    expect(await server.deps.streamSlots.recheck()).toBe(streams.length);
    await expectEnded(streams, since);

    // A role changed behind the streams' back (here: in the database) ends them too.
    const member = await teamMember('ADMIN');
    const memberStreams = await openStreams(member.token);
    await server.deps.prisma.user.update({
      where: { id: member.userId },
      data: { role: 'MEMBER' },
    });
    expect(await server.deps.streamSlots.recheck()).toBe(memberStreams.length);
    await expectEnded(memberStreams, Date.now());
  });

  it('leaves the streams of other credentials open', async () => {
    const bystander = await teamMember('ADMIN');
    const streams = await openStreams(bystander.token);
    const other = await teamMember('ADMIN');
    await server.call('POST', '/api/v1/logout', { token: other.token });
    expect(await server.deps.streamSlots.recheck()).toBe(0);
    await expectLive(streams);
    expect(streams.every((stream) => !stream.isEnded())).toBe(true);
  });
});
