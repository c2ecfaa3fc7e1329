import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './db/client.ts';
import { ROOT } from './root.ts';
import { createSession } from './services/account/create-session.ts';
import { countMismatches } from './testing/hostile-input.ts';
import { freePort } from './testing/private-services.ts';
import { attempt, runPool, startServerProcess } from './testing/server-process.ts';
import type { TServerProcess } from './testing/server-process.ts';
import { readMail, startSmtpSink } from './testing/smtp-sink.ts';
import { readSse } from './testing/sse-reader.ts';
import type { TSseReader } from './testing/sse-reader.ts';
import { openTestDatabase } from './testing/test-server.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

/**
 * Issue 22 part 4: three server processes on one PostgreSQL and one Redis behind HAProxy (from
 * Debian's packages) on loopback, as docs/operations.md "Running at scale" describes. It runs in the
 * PostgreSQL pass (TEST_DATABASE_URL) or with FLEET_TESTS=1; with CI=true a missing HAProxy
 * fails the run (.ci/run installs it).
 */

const HAPROXY = '/usr/sbin/haproxy';
const wanted = Boolean(process.env.TEST_DATABASE_URL || process.env.FLEET_TESTS);
const missing = existsSync(HAPROXY) ? null : 'haproxy is missing (apt-get install haproxy)';
if (wanted && missing && process.env.CI === 'true') throw new Error(`Fleet test: ${missing}.`);
const reason = !wanted
  ? 'runs in the PostgreSQL pass (TEST_DATABASE_URL) or with FLEET_TESTS=1'
  : missing;
if (reason) console.log(`Fleet test skipped: ${reason}.`);

const PROCESSES = 3;
const VOTERS = 30;
const IDEAS = 3;
/** Wrong passwords one client address may try per minute, counted over the whole fleet. */
const LOGIN_PER_IP = 5;
/** How often each process's mail worker looks for due mail. */
const MAIL_POLL_MS = 200;

let database: { db: TDatabase; drop: () => Promise<void>; databaseUrl?: string };
let servers: (TServerProcess | null)[] = [];
let serverEnv: Record<string, string> = {};
let haproxy: ChildProcess | null = null;
let haproxyDir = '';
let haproxyOutput = '';
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let lb = '';
let owner = '';
let boardId = 0;
const ideaIds: number[] = [];
const voters: { token: string; userId: number }[] = [];
const streams: TSseReader[] = [];

/** Which process answered, as HAProxy names it (`s0`, `s1`, `s2`). */
const answeredBy = (headers: Headers) => headers.get('x-fleet-server') ?? '?';

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}. HAProxy said:\n${haproxyOutput}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every process HAProxy sends requests to, by asking /healthz a few rounds. */
async function liveBackends(rounds = PROCESSES * 3): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < rounds; i += 1) {
    const response = await fetch(`${lb}/healthz`).catch(() => null);
    if (response?.status === 200) seen.add(answeredBy(response.headers));
  }
  return seen;
}

beforeAll(async () => {
  if (reason) return;
  database = await openTestDatabase();
  receiver = await startWebhookReceiver();
  smtp = await startSmtpSink();
  serverEnv = {
    DATABASE_URL: database.databaseUrl ?? '',
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `fleet-${process.pid}-${Date.now()}:`,
    // HAProxy is the one proxy in front: the client address is the last X-Forwarded-For entry.
    TRUST_PROXY: '1',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    RATE_LIMIT_LOGIN_PER_IP: String(LOGIN_PER_IP),
    LOG_LEVEL: 'info',
    // One real SMTP server for the fleet; every process's mail worker polls the one queue.
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: String(MAIL_POLL_MS),
  };
  servers = [];
  for (let n = 0; n < PROCESSES; n += 1) servers.push(await startServerProcess(serverEnv));

  haproxyDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-fleet-'));
  const port = await freePort();
  // The shipped configuration (deploy/haproxy.cfg), with this test's address and processes,
  // and a header naming the process that answered.
  const shipped = await readFile(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const config = [
    ...shipped
      .split('\n')
      .filter((line) => !/^\s+server /.test(line))
      .map((line) => line.replace(/^(\s+bind )\*:8080$/, `$1127.0.0.1:${port}`)),
    '  http-response set-header X-Fleet-Server %s',
    ...servers.map((server, n) => `  server s${n} ${new URL(server!.url).host} check`),
    '',
  ].join('\n');
  expect(config).toContain(`bind 127.0.0.1:${port}`);
  const file = path.join(haproxyDir, 'haproxy.cfg');
  await writeFile(file, config);
  haproxy = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stderr?.on('data', (chunk: Buffer) => (haproxyOutput += chunk.toString()));
  lb = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await liveBackends()).size === PROCESSES, 'HAProxy and 3 processes');

  // A company on ULTRA, a public board with ideas, voters with sessions, and a webhook.
  const signup = await attempt(`${lb}/api/v1/registrations`, 'POST', {
    body: { email: 'fleet@example.com', password: 'fleet-password', company: 'Fleet Inc' },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  owner = signup.body.token;
  const company = await database.db.prisma.user.findFirstOrThrow({ where: { role: 'OWNER' } });
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  await database.db.prisma.subscription.upsert({
    where: { companyId: company.companyId },
    create: { companyId: company.companyId, product: 'ULTRA', expiresAt },
    update: { product: 'ULTRA', expiresAt },
  });
  const board = await attempt(`${lb}/api/v1/companies/${company.companyId}/boards`, 'POST', {
    token: owner,
    body: { name: 'Fleet board' },
  });
  expect(board.status, JSON.stringify(board.body)).toBe(201);
  boardId = board.body.id;
  // The board is private: it grants the voters' confirmed domain (services/access.ts).
  await database.db.prisma.board.update({
    where: { id: boardId },
    data: { allowedEmailDomains: ['example.com'] },
  });
  for (let n = 0; n < IDEAS; n += 1) {
    const idea = await attempt(`${lb}/api/v1/ideas/`, 'POST', {
      token: owner,
      headers: { 'x-board-id': String(boardId) },
      body: { title: `Idea served by many ${n}` },
    });
    expect(idea.status, JSON.stringify(idea.body)).toBe(201);
    ideaIds.push(idea.body.id);
  }
  for (let n = 0; n < VOTERS; n += 1) {
    const user = await database.db.prisma.user.create({
      data: {
        companyId: company.companyId,
        kind: 'REGULAR',
        role: 'END_USER',
        displayName: `Fleet voter ${n}`,
        email: `fleet-voter${n}@example.com`,
        loginEmail: `fleet-voter${n}@example.com`,
        // Notification mail goes to confirmed addresses only.
        emailConfirmedAt: new Date(),
      },
    });
    voters.push({ token: await createSession(database.db.prisma, user.id, 1), userId: user.id });
  }
  const webhook = await attempt(`${lb}/api/v1/webhooks`, 'POST', {
    token: owner,
    body: { url: receiver.url, events: ['VOTE_CHANGED'] },
  });
  expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
}, 240_000);

afterAll(async () => {
  if (reason) return;
  for (const stream of streams) stream.close();
  haproxy?.kill('SIGKILL');
  await Promise.all(servers.map((server) => server?.stop('SIGKILL')));
  await receiver?.close();
  await smtp?.close();
  await database?.drop();
  if (haproxyDir) await rm(haproxyDir, { recursive: true, force: true });
});

/** Votes `voter` for `ideaId` through the balancer. */
const vote = (voter: { token: string }, ideaId: number, direction = 'upvote') =>
  attempt(`${lb}/api/v1/ideas/${ideaId}/${direction}`, 'POST', { token: voter.token });

describe.skipIf(reason)('three processes behind HAProxy', () => {
  it('spreads requests over every process', async () => {
    expect([...(await liveBackends())].sort()).toEqual(['s0', 's1', 's2']);
  });

  it('sends a vote taken by any process to live subscribers of every process', async () => {
    const direct = await Promise.all(
      servers.map((server) => readSse(`${server!.url}/api/v1/boards/${boardId}/events`, owner)),
    );
    streams.push(...direct);
    await Promise.all(direct.map((stream) => stream.waitFor((event) => event.event === 'ready')));
    const ideaId = ideaIds[0]!;
    const outcomes = await runPool(
      voters.map((voter) => () => vote(voter, ideaId)),
      10,
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(voters.map(() => 200));
    for (const stream of direct) {
      await stream.waitFor((event) => {
        const data = event.event === 'idea' ? JSON.parse(event.data) : null;
        return data?.ideaId === ideaId && data.voteCount === VOTERS;
      });
    }
  });

  it('shares rate limits: one address’s wrong passwords count on every process', async () => {
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    for (let n = 0; n < LOGIN_PER_IP + 3; n += 1) {
      const response = await fetch(`${lb}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'fleet@example.com', password: `wrong-${n}` }),
      });
      statuses.push(response.status);
      servedBy.add(answeredBy(response.headers));
    }
    // Round robin: no process saw more than three of them, yet the sixth is refused.
    expect(servedBy.size).toBe(PROCESSES);
    expect(statuses.slice(0, LOGIN_PER_IP)).toEqual(Array(LOGIN_PER_IP).fill(401));
    expect(statuses.slice(LOGIN_PER_IP)).toEqual([429, 429, 429]);
  });

  it('delivers each webhook once, whichever process queued it and whichever claimed it', async () => {
    // The votes above queued one delivery each; every process's worker polls the one queue.
    const rows = () => database.db.prisma.webhookDelivery.count();
    expect(await rows()).toBe(VOTERS);
    await waitUntil(
      async () =>
        (await database.db.prisma.webhookDelivery.count({ where: { status: 'SUCCEEDED' } })) ===
        VOTERS,
      'every delivery to succeed',
    );
    // A poll round more on every process: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ids = receiver.received.map((delivery) => delivery.headers['feedboard-delivery']);
    expect(ids.length).toBe(VOTERS);
    expect(new Set(ids).size).toBe(VOTERS);
  });

  it('mails each voter once about a status change, whichever process queued and sent it', async () => {
    // Every voter voted for the first idea above: a new status notifies each of them.
    const mark = smtp.messages.length;
    const ideaId = ideaIds[0]!;
    const changed = await attempt(`${lb}/api/v1/ideas/${ideaId}/status`, 'PUT', {
      token: owner,
      body: { status: 'PLANNED' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const recipients = voters.map((_, n) => `fleet-voter${n}@example.com`).sort();
    await waitUntil(
      async () => smtp.messages.length - mark >= VOTERS,
      'a status mail to every voter',
    );
    // Several poll rounds more on every process: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS * 8));
    const mails = smtp.messages.slice(mark);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(recipients);
    const subjects = new Set(
      await Promise.all(mails.map(async (mail) => (await readMail(mail)).subject)),
    );
    expect([...subjects]).toEqual([`"Idea served by many 0": the status is now Planned`]);
    const rows = await database.db.prisma.mail.findMany({ where: { to: { in: recipients } } });
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(
      recipients.map(() => ['SENT', 1]),
    );
    // Which process sent how many (each worker logs a line per batch it took).
    const sentBy = servers.map((server) =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.includes('"job":"Mail worker"'))
        .reduce((sum, line) => sum + (Number(/"taken":(\d+)/.exec(line)?.[1]) || 0), 0),
    );
    console.log(`Fleet: ${VOTERS} status mails sent once each; by process: ${sentBy.join(', ')}`);
    expect(sentBy.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(VOTERS);
  });

  it('loses no answered vote when a process is killed, and its subscribers reconnect to another', async () => {
    // Streams through the balancer: two on each process.
    const balanced: TSseReader[] = [];
    for (let n = 0; n < PROCESSES * 2; n += 1) {
      const stream = await readSse(`${lb}/api/v1/boards/${boardId}/events`, owner);
      expect(stream.status).toBe(200);
      await stream.waitFor((event) => event.event === 'ready');
      balanced.push(stream);
    }
    streams.push(...balanced);
    expect(new Set(balanced.map((stream) => answeredBy(stream.headers))).size).toBe(PROCESSES);

    const work = voters.flatMap((voter) => ideaIds.slice(1).map((ideaId) => ({ voter, ideaId })));
    let answered = 0;
    let killed: Promise<void> | null = null;
    const outcomes = await runPool(
      work.map((item) => async () => {
        const outcome = await vote(item.voter, item.ideaId);
        if (outcome.status === 200) answered += 1;
        if (answered >= work.length / 3 && !killed) {
          const victim = servers[1]!;
          servers[1] = null;
          killed = victim.stop('SIGKILL');
        }
        return { item, outcome };
      }),
      12,
    );
    await killed;
    // In flight on the killed process: HAProxy's 502, or a cut; never a wrong answer.
    const odd = outcomes.filter(
      ({ outcome }) => ![200, 502, 503, 'lost'].includes(outcome.status as number | string),
    );
    expect(odd.map(({ outcome }) => outcome)).toEqual([]);
    const acknowledged = outcomes.filter(({ outcome }) => outcome.status === 200);
    expect(acknowledged.length).toBeGreaterThan(work.length / 3);
    const byStatus = new Map<string, number>();
    for (const { outcome } of outcomes) {
      byStatus.set(String(outcome.status), (byStatus.get(String(outcome.status)) ?? 0) + 1);
    }
    console.log(
      `Fleet: ${outcomes.length} votes through HAProxy while s1 was killed: ${[...byStatus].map(([status, n]) => `${status}×${n}`).join(' ')}; every answered vote stored`,
    );
    const rows = await database.db.prisma.vote.findMany({ select: { ideaId: true, userId: true } });
    const stored = new Set(rows.map((row) => `${row.ideaId}:${row.userId}`));
    for (const { item } of acknowledged) {
      expect(stored.has(`${item.ideaId}:${item.voter.userId}`)).toBe(true);
    }

    // The balancer stops sending to the dead process; a client that lost its stream comes back.
    await waitUntil(
      async () => (await liveBackends()).size === PROCESSES - 1,
      'HAProxy to mark s1 down',
    );
    const again = await readSse(`${lb}/api/v1/boards/${boardId}/events`, owner);
    streams.push(again);
    expect(again.status).toBe(200);
    expect(answeredBy(again.headers)).not.toBe('s1');
    await again.waitFor((event) => event.event === 'ready');

    // Clients retry what was not answered: every vote counted once, counts equal the rows.
    const retried = await runPool(
      work.map((item) => () => vote(item.voter, item.ideaId)),
      8,
    );
    expect(retried.filter((outcome) => outcome.status !== 200)).toEqual([]);
    const ideas = await database.db.prisma.idea.findMany({
      where: { id: { in: ideaIds } },
      orderBy: { id: 'asc' },
    });
    expect(ideas.map((idea) => idea.voteCount)).toEqual(ideaIds.map(() => VOTERS));
    expect(await countMismatches(database.db.prisma)).toEqual([]);
    // The reconnected stream and the survivors' streams saw the last counts.
    const last = ideaIds[IDEAS - 1]!;
    const survivors = balanced.filter((stream) => answeredBy(stream.headers) !== 's1');
    for (const stream of [again, ...survivors]) {
      await stream.waitFor((event) => {
        const data = event.event === 'idea' ? JSON.parse(event.data) : null;
        return data?.ideaId === last && data.voteCount === VOTERS;
      });
    }
  });
});
