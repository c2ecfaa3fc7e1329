import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
  createBoardId,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { subscribeLive } from '../testing/live-subscriber.ts';
import type { TLiveSubscriber } from '../testing/live-subscriber.ts';
import { callAt, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const SUBSCRIBE = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId voteCount commentCount status idea { id title voteCount commentCount status } } }`;
const PUBLIC = `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { downvoteIdea(ideaId: $ideaId) { __typename } }`;
const COMMENT = `mutation ($ideaId: ID!, $text: String!) { addComment(ideaId: $ideaId, text: $text) { __typename } }`;
const STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;

async function setUpBoard(server: TTestServer, admin: TTestAccount, isPublic: boolean) {
  const boardId = await createBoardId(server, admin.token, 'Live board name');
  if (isPublic) await gql(server, PUBLIC, { id: boardId }, admin.token);
  const probe = await mutate(
    server,
    'createIdea',
    CREATE_IDEA,
    { boardId, title: 'Probe idea title' },
    admin.token,
  );
  const poke = async () => {
    await gql(server, UPVOTE, { ideaId: probe.id }, admin.token);
    await gql(server, DOWNVOTE, { ideaId: probe.id }, admin.token);
  };
  return { boardId, poke };
}

describe('live idea changes in one process', () => {
  let server: TTestServer;
  let admin: TTestAccount;
  const subscribers: TLiveSubscriber[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpCompany(server);
    await setPlan(server, admin.companyId, 'ULTRA');
  });
  afterAll(async () => {
    for (const subscriber of subscribers) subscriber.close();
    await server?.close();
  });

  it('delivers vote counts, comment counts and statuses to an anonymous visitor of a public board', async () => {
    const { boardId, poke } = await setUpBoard(server, admin, true);
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Watched idea' },
      admin.token,
    );
    const visitor = subscribeLive(server.url, SUBSCRIBE, { boardId });
    subscribers.push(visitor);
    await visitor.waitUntilLive(poke);

    const voter = await addEndUser(server, admin.companyId);
    await gql(server, UPVOTE, { ideaId: idea.id }, voter.token);
    const voted = await visitor.waitFor(
      (r) => r.data?.ideaChanged.kind === 'VOTED' && r.data.ideaChanged.ideaId === idea.id,
    );
    expect(voted.data.ideaChanged).toMatchObject({
      voteCount: 1,
      idea: { id: idea.id, title: 'Watched idea', voteCount: 1 },
    });

    await gql(server, COMMENT, { ideaId: idea.id, text: 'Live comment here' }, voter.token);
    const commented = await visitor.waitFor((r) => r.data?.ideaChanged.kind === 'COMMENTED');
    expect(commented.data.ideaChanged).toMatchObject({
      commentCount: 1,
      idea: { commentCount: 1 },
    });

    await gql(server, STATUS, { ideaId: idea.id, status: 'PLANNED' }, admin.token);
    const moved = await visitor.waitFor((r) => r.data?.ideaChanged.status === 'PLANNED');
    expect(moved.data.ideaChanged).toMatchObject({ kind: 'UPDATED', idea: { status: 'PLANNED' } });
  });

  it("answers the idea's board and comments in an event, to its owner and a visitor, the board named by its number", async () => {
    const { boardId, poke } = await setUpBoard(server, admin, true);
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Idea with a board' },
      admin.token,
    );
    const NESTED = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
      kind ideaId idea { id board { id name } comments(first: 5) { totalCount } } } }`;
    // Named by its plain number, as the outside attack did.
    const number = Buffer.from(boardId, 'base64').toString().split(':')[1]!;
    const owner = subscribeLive(server.url, NESTED, { boardId: number }, admin.token);
    const visitor = subscribeLive(server.url, NESTED, { boardId: number });
    subscribers.push(owner, visitor);
    await owner.waitUntilLive(poke);
    await visitor.waitUntilLive(poke);
    await gql(server, COMMENT, { ideaId: idea.id, text: 'A comment to count' }, admin.token);
    for (const watcher of [owner, visitor]) {
      const event = await watcher.waitFor(
        (r) =>
          r.errors !== undefined ||
          (r.data?.ideaChanged.kind === 'COMMENTED' && r.data.ideaChanged.ideaId === idea.id),
      );
      expect(event.errors).toBeUndefined();
      expect(event.data.ideaChanged.idea).toMatchObject({
        id: idea.id,
        board: { id: boardId, name: 'Live board name' },
        comments: { totalCount: 1 },
      });
    }
  });

  it('follows a board named by an inline literal with a nested selection, or a variable of another name (outside attack 8, F9)', async () => {
    const { boardId, poke } = await setUpBoard(server, admin, true);
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Idea named inline' },
      admin.token,
    );
    const number = Buffer.from(boardId, 'base64').toString().split(':')[1]!;
    const inline = (id: string) => `subscription { ideaChanged(boardId: "${id}") {
      kind ideaId idea { comments(first: 10) { edges { node { text } } } board { name } } } }`;
    const byNumber = subscribeLive(server.url, inline(number), {}, admin.token);
    const byGlobalId = subscribeLive(server.url, inline(boardId), {});
    // A variable named unlike the argument reached the field as the variables object too.
    const renamed = subscribeLive(
      server.url,
      `subscription ($board: ID!) { ideaChanged(boardId: $board) {
        kind ideaId idea { comments(first: 10) { edges { node { text } } } board { name } } } }`,
      { board: boardId },
    );
    subscribers.push(byNumber, byGlobalId, renamed);
    for (const watcher of [byNumber, byGlobalId, renamed]) await watcher.waitUntilLive(poke);
    await gql(server, COMMENT, { ideaId: idea.id, text: 'Said inline' }, admin.token);
    for (const watcher of [byNumber, byGlobalId, renamed]) {
      const event = await watcher.waitFor(
        (r) =>
          r.errors !== undefined ||
          (r.data?.ideaChanged.kind === 'COMMENTED' && r.data.ideaChanged.ideaId === idea.id),
      );
      expect(event.errors).toBeUndefined();
      expect(event.data.ideaChanged.idea).toMatchObject({
        board: { name: 'Live board name' },
        comments: { edges: [{ node: { text: 'Said inline' } }] },
      });
    }
  });

  it('keeps ideas awaiting acceptance from visitors, and shows them to admins', async () => {
    const { boardId, poke } = await setUpBoard(server, admin, true);
    const visitor = subscribeLive(server.url, SUBSCRIBE, { boardId });
    const watchingAdmin = subscribeLive(server.url, SUBSCRIBE, { boardId }, admin.token);
    subscribers.push(visitor, watchingAdmin);
    await visitor.waitUntilLive(poke);
    await watchingAdmin.waitUntilLive(poke);

    const member = await addEndUser(server, admin.companyId);
    const pending = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Pending idea title' },
      member.token,
    );
    const seen = await watchingAdmin.waitFor((r) => r.data?.ideaChanged.kind === 'CREATED');
    expect(seen.data.ideaChanged).toMatchObject({
      ideaId: pending.id,
      status: 'NOT_PUBLIC',
      idea: { title: 'Pending idea title' },
    });

    // An event after it proves the visitor's stream is flowing, and it skipped the pending idea.
    await poke();
    await visitor.waitFor((r) => r.data?.ideaChanged.kind === 'VOTED');
    expect(visitor.results.some((r) => r.data?.ideaChanged.ideaId === pending.id)).toBe(false);
  });

  it('follows a board named by its plain number, as board(id:) takes it, within tenancy', async () => {
    const { boardId, poke } = await setUpBoard(server, admin, false);
    const number = Buffer.from(boardId, 'base64').toString().split(':')[1]!;
    const follower = subscribeLive(server.url, SUBSCRIBE, { boardId: number }, admin.token);
    subscribers.push(follower);
    await follower.waitUntilLive(poke);
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Followed by number' },
      admin.token,
    );
    const created = await follower.waitFor((r) => r.data?.ideaChanged.ideaId === idea.id);
    expect(created.data.ideaChanged.idea.title).toBe('Followed by number');
    // A private board by its number is not found for an anonymous caller, as by its global id.
    const outsider = subscribeLive(server.url, SUBSCRIBE, { boardId: number });
    subscribers.push(outsider);
    const answer = await outsider.waitFor((r) => r.errors !== undefined);
    expect(answer.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it("refuses a subscription to another company's private board as not found", async () => {
    const { boardId } = await setUpBoard(server, admin, false);
    const other = await signUpCompany(server);
    const outsider = subscribeLive(server.url, SUBSCRIBE, { boardId }, other.token);
    subscribers.push(outsider);
    const answer = await outsider.waitFor((r) => r.errors !== undefined);
    expect(answer.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const redisUrl = process.env.REDIS_URL;
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);

// Two processes must share a database (PostgreSQL) and a Redis: CI's second run has both.
describe.runIf(redisUrl && sharedDatabase)(
  'live idea changes across processes through Redis',
  () => {
    let server: TTestServer;
    let second: ChildProcess | undefined;
    let secondUrl: string;
    let output = '';
    const prefix = `feedboard-test-${process.pid}-${Date.now()}:`;

    beforeAll(async () => {
      server = await startTestServer({ redisUrl, redisPrefix: prefix });
      expect(server.deps.events.kind).toBe('redis');
      const port = await freePort();
      secondUrl = `http://127.0.0.1:${port}`;
      second = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          DATABASE_URL: server.databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      second.stdout?.on('data', (chunk) => (output += chunk));
      second.stderr?.on('data', (chunk) => (output += chunk));
      for (let attempt = 0; ; attempt += 1) {
        const healthy = await fetch(`${secondUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) break;
        if (attempt > 300 || second.exitCode !== null)
          throw new Error(`second process did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 60_000);
    afterAll(async () => {
      second?.kill('SIGTERM');
      await server?.close();
    });

    it('delivers a vote made through the second process to a subscriber of the first', async () => {
      const admin = await signUpCompany(server);
      await setPlan(server, admin.companyId, 'ULTRA');
      const { boardId } = await setUpBoard(server, admin, true);
      const idea = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId, title: 'Voted elsewhere' },
        admin.token,
      );
      const viaSecond: TTestServer = { ...server, call: callAt(secondUrl) };
      const subscriber = subscribeLive(server.url, SUBSCRIBE, { boardId });
      try {
        await subscriber.waitUntilLive(async () => {
          await gql(viaSecond, UPVOTE, { ideaId: idea.id }, admin.token);
          await gql(viaSecond, DOWNVOTE, { ideaId: idea.id }, admin.token);
        });
        const voter = await addEndUser(server, admin.companyId);
        await gql(viaSecond, UPVOTE, { ideaId: idea.id }, voter.token);
        const event = await subscriber.waitFor(
          (r) => r.data?.ideaChanged.kind === 'VOTED' && r.data.ideaChanged.voteCount === 1,
        );
        expect(event.data.ideaChanged).toMatchObject({ ideaId: idea.id, idea: { voteCount: 1 } });
      } finally {
        subscriber.close();
      }
    });
  },
);
