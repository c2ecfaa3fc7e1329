import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.ts';
import { addEndUser } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import type { TParsedMail } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Mail to a company's end users comes from the company: "Acme Widgets via Feedboard" as the
 * From's display name, its name in the signature. Mail to the company's team (the console's
 * people) stays Feedboard's. Sent through a real SMTP server (smtp-sink.ts).
 */
describe('end users’ mail in their company’s name', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TTestServer;
  let company: TRestCompany;
  let hash = '';
  const OURS = '"Feedboard" <no-reply@feedboard.local>';
  const THEIRS = '"Acme Widgets via Feedboard" <no-reply@feedboard.local>';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer({ smtpUrl: smtp.url });
    company = await restCompany(server);
    await server.deps.prisma.company.update({
      where: { id: company.owner.companyId },
      data: { name: 'Acme Widgets' },
    });
    hash = (
      await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
        token: company.owner.token,
      })
    ).boardHash;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  /** The mails sent since `from`, decoded, with their From header as sent. */
  async function sentSince(from: number): Promise<(TParsedMail & { to: string[] })[]> {
    await server.deps.mailer.flush();
    return Promise.all(
      smtp.messages.slice(from).map(async (mail) => ({ ...(await readMail(mail)), to: mail.to })),
    );
  }
  const fromOf = (mail: TParsedMail) => mail.header('from')?.replace(/^"?([^"<]+?)"?\s</, '"$1" <');

  it('notification mails to an end user name the company; the team’s stay Feedboard’s', async () => {
    const author = await addEndUser(server, company.owner.companyId, { name: 'Ann Author' });
    await server.deps.mailer.flush();
    const mark = smtp.messages.length;
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: author.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Night mode please' },
    });
    await expectCall(server, 'PUT', `/ideas/${idea.id}/status`, 200, {
      token: company.owner.token,
      body: { status: 'PLANNED' },
    });
    const mails = await sentSince(mark);
    const toTeam = mails.find((mail) => mail.to.includes(company.owner.email));
    const toAuthor = mails.find((mail) => mail.to.includes(author.email));
    expect(toTeam?.subject).toContain('New idea');
    expect(fromOf(toTeam as TParsedMail)).toBe(OURS);
    expect(toAuthor?.subject).toContain('Night mode please');
    expect(fromOf(toAuthor as TParsedMail)).toBe(THEIRS);
    expect(toAuthor?.text).toContain('The Acme Widgets team');
    // The mailer's own bookkeeping never travels as a header.
    expect(toAuthor?.header('x-feedboard-sender-name')).toBeUndefined();
  });

  it('the confirmation and reset mails of a board’s end user come from the company too', async () => {
    await server.deps.mailer.flush();
    const mark = smtp.messages.length;
    const email = `visitor-${Date.now()}@example.com`;
    await expectCall(server, 'POST', `/widget/boards/${hash}/signup`, 201, {
      body: { email, password: 'visitor-password', name: 'Vera Visitor' },
    });
    await expectCall(server, 'POST', `/widget/boards/${hash}/password-recovery/send-link`, 200, {
      body: { email },
    });
    const mine = (await sentSince(mark)).filter((mail) => mail.to.includes(email));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const mail of mine) expect(fromOf(mail), mail.subject).toBe(THEIRS);
    // Their subjects and words name the company they signed up with, not a product they never met.
    const confirmation = mine.find((mail) => mail.text.includes('/confirm-email/'));
    expect(confirmation?.subject).toBe('Confirm your email address for Acme Widgets');
    expect(confirmation?.text).toContain('Until you do, Acme Widgets sends no notification');
    expect(confirmation?.text).not.toContain('Feedboard');
    const reset = mine.find((mail) => mail.text.includes('/password-reset/'));
    expect(reset?.subject).toBe('Reset your Acme Widgets password');
  });

  it('a privacy request’s mail names the company that keeps the data', async () => {
    const person = await addEndUser(server, company.owner.companyId, { name: 'Pat Person' });
    await server.deps.mailer.flush();
    const mark = smtp.messages.length;
    await expectCall(server, 'POST', '/profile/privacy-requests', 201, {
      token: person.token,
      body: { kind: 'EXPORT' },
    });
    const [mail] = (await sentSince(mark)).filter((each) => each.to.includes(person.email));
    expect(mail?.subject).toBe('Your data at Acme Widgets');
    expect(mail?.text).toContain('the data Acme Widgets keeps about you');
    expect(fromOf(mail as TParsedMail)).toBe(THEIRS);
  });

  it('the team’s own confirmation mail stays Feedboard’s', async () => {
    await server.deps.mailer.flush();
    const mark = smtp.messages.length;
    const owner = await restCompany(server);
    const [mail] = (await sentSince(mark)).filter((each) => each.to.includes(owner.owner.email));
    expect(mail?.subject).toBe('Confirm your email address for Feedboard');
    expect(fromOf(mail as TParsedMail)).toBe(OURS);
  });

  it('the changelog’s release mails to subscribers come from the company', async () => {
    const email = `subscriber-${Date.now()}@example.org`;
    await server.deps.prisma.changelogSubscriber.create({
      data: {
        companyId: company.owner.companyId,
        email,
        confirmedAt: new Date(Date.now() - 60_000),
      },
    });
    await server.deps.mailer.flush();
    const mark = smtp.messages.length;
    await expectCall(server, 'PUT', `/releases/${company.releaseId}/publish`, 200, {
      token: company.owner.token,
      body: { published: true },
    });
    await expect
      .poll(async () => (await sentSince(mark)).filter((mail) => mail.to.includes(email)).length)
      .toBe(1);
    const [mail] = (await sentSince(mark)).filter((each) => each.to.includes(email));
    expect(mail?.subject).toContain('Acme Widgets');
    expect(fromOf(mail as TParsedMail)).toBe(THEIRS);
    // The name travels in the queued row only, never as a header of the mail itself.
    expect(mail?.header('x-feedboard-sender-name')).toBeUndefined();
  });

  it('a company’s name never breaks the From line', async () => {
    await server.deps.prisma.company.update({
      where: { id: company.owner.companyId },
      data: { name: 'Evil "Co"\r\nBcc: x@example.com' },
    });
    try {
      const reader = await addEndUser(server, company.owner.companyId);
      await server.deps.mailer.flush();
      const mark = smtp.messages.length;
      await server.deps.mailer.send({
        to: reader.email,
        userId: reader.userId,
        subject: 'S',
        text: 'T',
      });
      const [mail] = await sentSince(mark);
      expect(smtp.messages[mark]?.to).toEqual([reader.email]);
      expect(mail?.header('bcc')).toBeUndefined();
      expect(mail?.header('from')).toContain('via Feedboard');
    } finally {
      await server.deps.prisma.company.update({
        where: { id: company.owner.companyId },
        data: { name: 'Acme Widgets' },
      });
    }
  });
});

describe('the outbox (no SMTP)', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('prints each mail readable: its headers, a blank line, then the text, not a JSON string', async () => {
    const company = await restCompany(server);
    await server.deps.prisma.company.update({
      where: { id: company.owner.companyId },
      data: { name: 'Acme Widgets' },
    });
    const reader = await addEndUser(server, company.owner.companyId);
    const blocks: string[] = [];
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      warn: () => undefined,
      error: () => undefined,
      debug: () => undefined,
      child: () => log,
    };
    const outbox = createMailer({
      prisma: server.deps.prisma,
      smtpUrl: undefined,
      from: 'Feedboard <no-reply@feedboard.local>',
      log,
      retry: { maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 10, pollMs: 50 },
      printOutbox: (block) => blocks.push(block),
    });
    const { id } = await outbox.send({
      to: reader.email,
      userId: reader.userId,
      subject: 'Your idea “Night mode” is planned',
      text: 'Hi Ann,\n\n“Night mode” is planned.\nSee it: https://boards.example.com/i/1\n',
    });
    await outbox.close();
    expect(blocks).toHaveLength(1);
    const block = blocks[0] ?? '';
    const [head = '', body = ''] = block.split('\n\n', 2);
    expect(head.split('\n').slice(1)).toEqual([
      'From: Acme Widgets via Feedboard <no-reply@feedboard.local>',
      `To: ${reader.email}`,
      'Subject: Your idea “Night mode” is planned',
    ]);
    expect(head).toContain(`mail ${id}`);
    expect(block).toContain(
      'Hi Ann,\n\n“Night mode” is planned.\nSee it: https://boards.example.com/i/1\n',
    );
    expect(body).toBe('Hi Ann,');
    expect(block).not.toContain('\\n');
    // The log keeps one line of it.
    expect(lines).toEqual([expect.stringContaining(`[outbox] mail ${id} to ${reader.email}`)]);
  });

  it('prints the mails queued together (status changes, changelog) whole too, not a summary', async () => {
    const company = await restCompany(server);
    const voter = await addEndUser(server, company.owner.companyId, { name: 'Vic Voter' });
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: voter.token,
    });
    const blocks: string[] = [];
    const quiet = () => undefined;
    const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, child: () => log };
    const outbox = createMailer({
      prisma: server.deps.prisma,
      smtpUrl: undefined,
      from: 'Feedboard <no-reply@feedboard.local>',
      log,
      retry: { maxAttempts: 1, baseDelayMs: 10, maxDelayMs: 10, pollMs: 50 },
      printOutbox: (block) => blocks.push(block),
    });
    const mailer = server.deps.mailer;
    server.deps.mailer = outbox;
    try {
      await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
        token: company.owner.token,
        body: { status: 'IN_PROGRESS' },
      });
      await expect
        .poll(() => blocks.filter((b) => b.includes(`To: ${voter.email}`)).length)
        .toBe(1);
    } finally {
      server.deps.mailer = mailer;
      await outbox.close();
    }
    const block = blocks.find((b) => b.includes(`To: ${voter.email}`)) ?? '';
    expect(block).toMatch(/^Subject: .*the status is now In progress$/m);
    // The text itself, with its link: what the voter would read.
    expect(block).toMatch(/Hi Vic Voter,/);
    expect(block).toMatch(/https?:\/\/\S+/);
  });
});
