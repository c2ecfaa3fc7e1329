import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/log.ts';
import { addEndUser } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { backoffMs } from '../jobs/queue-worker.ts';
import { createMailer } from './mailer.ts';
import type { TMailRetry } from './mailer.ts';

/** Quick retries, so a test sees several attempts. */
const FAST: TMailRetry = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100, pollMs: 20 };
const POLL = { timeout: 20_000, interval: 50 };

/** A loopback port nothing listens on: connections to it are refused. */
async function refusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A company whose idea has `voters` voters; answers what a status change needs. */
async function ideaWithVoters(server: TTestServer, voters: number) {
  const company = await restCompany(server);
  for (let i = 0; i < voters; i += 1) {
    const voter = await addEndUser(server, company.owner.companyId);
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: voter.token,
    });
  }
  return company;
}

const statusMails = (server: TTestServer) =>
  server.deps.prisma.mail.findMany({ where: { topic: 'IDEA_STATUS' }, orderBy: { id: 'asc' } });

describe('retry delays', () => {
  it('double from the base up to the cap', () => {
    const retry = { ...FAST, baseDelayMs: 1_000, maxDelayMs: 5_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(retry.baseDelayMs, retry.maxDelayMs, n))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });
});

describe('a failing SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TTestServer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ smtpUrl: smtp.url, mailRetry: { ...FAST, maxAttempts: 50 } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('leaves mail queued and retried while the status change succeeds; it goes out once the server is back', async () => {
    const company = await ideaWithVoters(server, 2);
    // The owner's sign-up confirmation goes out first; this test is about what follows.
    await server.deps.mailer.flush();
    const before = smtp.messages.length;
    smtp.reject({ code: 451, message: '4.3.0 Mail server temporarily full' });
    const changed = await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'PLANNED' },
    });
    expect(changed.status).toBe('PLANNED');

    await expect
      .poll(async () => (await statusMails(server)).every((m) => m.attempts >= 2), POLL)
      .toBe(true);
    const failing = await statusMails(server);
    expect(failing).toHaveLength(2);
    for (const mail of failing) {
      expect(mail.status).toBe('QUEUED');
      expect(mail.lastError).toContain('451 4.3.0 Mail server temporarily full');
    }
    expect(smtp.messages).toHaveLength(before);

    smtp.reject(null);
    await expect
      .poll(async () => (await statusMails(server)).map((m) => m.status), POLL)
      .toEqual(['SENT', 'SENT']);
    expect(
      smtp.messages
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(failing.map((m) => m.to).sort());
  });
});

describe('an SMTP port that refuses connections', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({
      smtpUrl: `smtp://127.0.0.1:${await refusedPort()}`,
      mailRetry: FAST,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('marks mail FAILED with the error after the last attempt; votes and changes still succeed', async () => {
    const company = await ideaWithVoters(server, 1);
    await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'REVIEW' },
    });
    await expect
      .poll(async () => (await statusMails(server)).map((m) => m.status), POLL)
      .toEqual(['FAILED']);
    const [mail] = await statusMails(server);
    expect(mail?.attempts).toBe(FAST.maxAttempts);
    expect(mail?.lastError).toMatch(/ECONNREFUSED/);
    const voter = await addEndUser(server, company.owner.companyId);
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: voter.token,
    });
  });
});

describe('the mail queue', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TTestServer;
  const queries: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // The server itself keeps an outbox (no SMTP): the workers below are the only senders.
    server = await startTestServer({}, { onQuery: (sql) => queries.push(sql) });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('prints, without SMTP, mail that SQL queued elsewhere when woken with its ids (a released invitation)', async () => {
    const lines: string[] = [];
    const blocks: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      warn: () => undefined,
      error: () => undefined,
      child: () => log,
    } as unknown as Parameters<typeof createMailer>[0]['log'];
    const outbox = createMailer({
      prisma: server.deps.prisma,
      smtpUrl: undefined,
      from: 'Feedboard <no-reply@feedboard.local>',
      log,
      retry: FAST,
      printOutbox: (block) => blocks.push(block),
    });
    const held = await server.deps.prisma.mail.create({
      data: {
        to: 'teammate@example.com',
        subject: 'You are invited to join a team on Feedboard',
        text: 'Open https://boards.example.com/invitation/abc to join.',
        status: 'HELD',
      },
    });
    // The sender confirms their address: the row turns QUEUED by SQL, not through send().
    await server.deps.prisma.mail.update({ where: { id: held.id }, data: { status: 'QUEUED' } });
    outbox.wake([held.id]);
    await expect
      .poll(() => lines.join('\n'), POLL)
      .toContain(`[outbox] mail ${held.id} to teammate@example.com: You are invited`);
    // The mail itself, readable: headers, then the text with its link.
    await expect.poll(() => blocks.join('\n'), POLL).toContain('To: teammate@example.com');
    expect(blocks.join('\n')).toContain('Open https://boards.example.com/invitation/abc to join.');
    await outbox.close();
    // The workers of the next test send every queued row: this one is not theirs.
    await server.deps.prisma.mail.delete({ where: { id: held.id } });
  });

  it('puts each kept mail in its own JSON log line when the log is JSON lines, with no block beside it (walkthrough 10)', async () => {
    const lines: { line: string; extra: unknown }[] = [];
    const blocks: string[] = [];
    const log = {
      info: (line: string, extra?: unknown) => lines.push({ line, extra }),
      warn: () => undefined,
      error: () => undefined,
      child: () => log,
    } as unknown as Parameters<typeof createMailer>[0]['log'];
    const outbox = createMailer({
      prisma: server.deps.prisma,
      smtpUrl: undefined,
      from: 'Feedboard <no-reply@feedboard.local>',
      log,
      retry: FAST,
      printOutbox: (block) => blocks.push(block),
      outboxInLog: true,
    });
    const queued = await server.deps.prisma.mail.create({
      data: {
        to: 'owner@example.com',
        subject: 'Confirm your address',
        text: 'Open https://boards.example.com/confirm-email/abc to confirm.',
        status: 'QUEUED',
      },
    });
    outbox.wake([queued.id]);
    await expect.poll(() => lines.length, POLL).toBeGreaterThan(0);
    expect(lines[0]!.line).toContain(`[outbox] mail ${queued.id} to owner@example.com`);
    expect(lines[0]!.extra).toEqual({
      mail: {
        id: queued.id,
        from: 'Feedboard <no-reply@feedboard.local>',
        to: 'owner@example.com',
        subject: 'Confirm your address',
        text: 'Open https://boards.example.com/confirm-email/abc to confirm.',
      },
    });
    expect(blocks).toEqual([]);
    await outbox.close();
    await server.deps.prisma.mail.delete({ where: { id: queued.id } });
  });

  it('is sent exactly once by two workers draining it at the same time', async () => {
    const count = 40;
    await server.deps.prisma.mail.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        to: `queued-${i}@example.com`,
        subject: `Queued ${i}`,
        text: 'x',
      })),
    });
    const worker = () =>
      createMailer({
        prisma: server.deps.prisma,
        smtpUrl: smtp.url,
        from: 'test@example.com',
        log: createLogger('silent'),
        retry: { ...FAST, pollMs: 60_000 },
      });
    const [a, b] = [worker(), worker()];
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    await Promise.all([a.close(), b.close()]);
    const recipients = smtp.messages.map((m) => m.to[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect(await server.deps.prisma.mail.count({ where: { status: 'SENT' } })).toBe(count);
  });

  it('queues a status change for many voters in a number of statements that does not grow with them', async () => {
    const company = await restCompany(server);
    const voters = 300;
    await server.deps.prisma.user.createMany({
      data: Array.from({ length: voters }, (_, i) => ({
        companyId: company.owner.companyId,
        displayName: `Bulk voter ${i}`,
        email: `bulk-${i}-${company.owner.companyId}@example.com`,
        emailConfirmedAt: new Date(),
      })),
    });
    const users = await server.deps.prisma.user.findMany({
      where: { companyId: company.owner.companyId, role: 'END_USER' },
      select: { id: true },
    });
    await server.deps.prisma.vote.createMany({
      data: users.map((u) => ({ ideaId: company.ideaId, userId: u.id })),
    });
    queries.length = 0;
    await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'IN_PROGRESS' },
    });
    expect(queries.length).toBeLessThan(25);
    const queued = await server.deps.prisma.mail.findMany({
      where: { topic: 'IDEA_STATUS', user: { companyId: company.owner.companyId } },
    });
    expect(queued).toHaveLength(voters);
    expect(queued.every((m) => m.status === 'QUEUED' && m.attempts === 0)).toBe(true);
  });
});
