import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createDeps } from '../../deps.ts';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import type { TParsedMail } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { decodeId, globalId } from '../../schema/ids.ts';
import { createSession } from '../account/create-session.ts';
import { runNewIdeaDigests } from './new-idea-digest.ts';

const APP_URL = 'https://boards.example.com';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: TTestAccount;
let admin: TTestAccount;
let member: TTestAccount;
let author: TTestAccount;
let boardGid: string;
let boardId: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  admin = await addEndUser(server, owner.companyId, { role: 'ADMIN', name: 'Ada Admin' });
  member = await addEndUser(server, owner.companyId, { role: 'MEMBER', name: 'Mel Member' });
  author = await addEndUser(server, owner.companyId, { name: 'Erin Enduser' });
  boardGid = await createBoardId(server, owner.token, 'Ideas board');
  boardId = decodeId(boardGid, 'Board');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const CREATE = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id status } } ${APP_ERROR} } }`;
const SET_MAIL = `mutation ($mail: NewIdeaMail!) { setNewIdeaMail(newIdeaMail: $mail) {
  __typename ... on MutationSetNewIdeaMailSuccess { data { newIdeaMail } } ${APP_ERROR} } }`;
const REMOVE = `mutation ($userId: ID!) { removeMember(userId: $userId) {
  __typename ... on MutationRemoveMemberSuccess { data { id } } ${APP_ERROR} } }`;
const REJECT = `mutation ($ideaId: ID!, $reason: String!) { rejectIdea(ideaId: $ideaId, reason: $reason) {
  __typename ... on MutationRejectIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const BELL = `query { viewer { unreadNotificationCount user { newIdeaMail }
  notifications(first: 50) { edges { node { kind actorName idea { id title status } } } } } }`;

async function submit(title: string, by = author): Promise<string> {
  const idea = await mutate(server, 'createIdea', CREATE, { boardId: boardGid, title }, by.token);
  if (idea.__typename === 'AppError') throw new Error(JSON.stringify(idea));
  return idea.id;
}

async function bell(account: TTestAccount) {
  const { body } = await gql(server, BELL, {}, account.token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.viewer as {
    unreadNotificationCount: number;
    user: { newIdeaMail: string | null };
    notifications: {
      edges: { node: { kind: string; actorName: string | null; idea: { title: string } | null } }[];
    };
  };
}

const newIdeaTitles = (viewer: Awaited<ReturnType<typeof bell>>) =>
  viewer.notifications.edges
    .filter((edge) => edge.node.kind === 'NEW_IDEA')
    .map((edge) => edge.node.idea?.title);

/** Sends what is due, then answers the mails received since `from`, decoded, by recipient. */
async function mailsSince(from: number): Promise<Map<string, TParsedMail[]>> {
  await server.deps.mailer.flush();
  const byRecipient = new Map<string, TParsedMail[]>();
  for (const mail of smtp.messages.slice(from)) {
    const parsed = await readMail(mail);
    for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), parsed]);
  }
  return byRecipient;
}

async function settled(): Promise<number> {
  await server.deps.mailer.flush();
  return smtp.messages.length;
}

const setMail = (account: TTestAccount, mail: string) =>
  mutate(server, 'setNewIdeaMail', SET_MAIL, { mail }, account.token);

describe('new ideas reach the team', () => {
  it('as one bell notification per team member, never the author or other end users', async () => {
    const voter = await addEndUser(server, owner.companyId);
    const before = await Promise.all([owner, admin, member].map(bell));
    await submit('Bell: offline mode');
    for (const [index, account] of [owner, admin, member].entries()) {
      const after = await bell(account);
      expect(after.unreadNotificationCount).toBe((before[index]?.unreadNotificationCount ?? 0) + 1);
      expect(newIdeaTitles(after).filter((t) => t === 'Bell: offline mode')).toHaveLength(1);
      const entry = after.notifications.edges.find(
        (edge) => edge.node.idea?.title === 'Bell: offline mode',
      );
      expect(entry?.node.actorName).toBe('Erin Enduser');
    }
    for (const outsider of [author, voter]) {
      expect(newIdeaTitles(await bell(outsider))).toEqual([]);
    }
    // An admin's own idea is published at once and the team made it: no entry.
    await submit('Bell: an admin idea', admin);
    expect(newIdeaTitles(await bell(owner))).not.toContain('Bell: an admin idea');
  });

  it('by mail per idea (OWNER and ADMIN by default), a MEMBER by digest by default, none for NONE', async () => {
    expect((await bell(owner)).user.newIdeaMail).toBe('EACH');
    expect((await bell(admin)).user.newIdeaMail).toBe('EACH');
    expect((await bell(member)).user.newIdeaMail).toBe('DIGEST');
    expect((await bell(author)).user.newIdeaMail).toBeNull();

    await setMail(admin, 'NONE');
    const mark = await settled();
    const ideaGid = await submit('Mail: export to CSV');
    const mails = await mailsSince(mark);
    // One mail, to the owner only: the admin chose none, the member a digest.
    expect([...mails.keys()]).toEqual([owner.email]);
    const mail = mails.get(owner.email)?.[0] as TParsedMail;
    expect(mail.subject).toBe('New idea awaiting acceptance: "Mail: export to CSV"');
    expect(mail.text).toContain('Erin Enduser submitted "Mail: export to CSV" on Ideas board.');
    expect(mail.text).toContain(`${APP_URL}/admin/queue?board=${boardId}`);
    expect(mail.header('list-unsubscribe')).toMatch(
      /^<https:\/\/boards\.example\.com\/unsubscribe\//,
    );
    expect(mail.text).toContain('daily digest');
    // The admin who chose none still has it in the console.
    expect(newIdeaTitles(await bell(admin))).toContain('Mail: export to CSV');
    expect(decodeId(ideaGid, 'Idea')).toBeGreaterThan(0);

    // A member who picks EACH gets the next one, in their language.
    await server.deps.prisma.user.update({
      where: { id: member.userId },
      data: { language: 'pl-PL' },
    });
    expect(await setMail(member, 'EACH')).toEqual({ newIdeaMail: 'EACH' });
    const next = await settled();
    await submit('Mail: dark mode');
    const second = await mailsSince(next);
    expect([...second.keys()].sort()).toEqual([owner.email, member.email].sort());
    expect(second.get(member.email)?.[0]?.subject).toBe(
      'Nowy pomysł czeka na akceptację: „Mail: dark mode”',
    );
    await setMail(member, 'DIGEST');
    await setMail(admin, 'EACH');
  });

  it('refuses the preference to end users and checks its value', async () => {
    expect(await setMail(author, 'EACH')).toMatchObject({
      __typename: 'AppError',
      code: 'FORBIDDEN',
    });
    const { body } = await gql(server, SET_MAIL, { mail: 'WEEKLY' }, owner.token);
    expect(body.errors?.[0]?.message).toMatch(/WEEKLY/);
  });
});

describe('the daily digest', () => {
  it("gathers a day's new ideas into one mail per member, capped, and never sends it twice", async () => {
    // A company of its own, so that its day holds exactly these ideas.
    const boss = await signUpCompany(server);
    await setPlan(server, boss.companyId, 'ULTRA');
    const digestMember = await addEndUser(server, boss.companyId, {
      role: 'MEMBER',
      name: 'Dee Digest',
    });
    const quiet = await addEndUser(server, boss.companyId, { role: 'MEMBER', name: 'Quiet' });
    const writer = await addEndUser(server, boss.companyId, { name: 'Wren Writer' });
    const board = await createBoardId(server, boss.token, 'Digest board');
    await setMail(quiet, 'NONE');
    await setMail(boss, 'DIGEST');
    const titles = Array.from({ length: 22 }, (_, i) => `Digest idea number ${i + 1}`);
    for (const title of titles) {
      await mutate(server, 'createIdea', CREATE, { boardId: board, title }, writer.token);
    }
    // Nothing went out per idea: everyone chose a digest or none.
    const mark = await settled();
    expect((await mailsSince(mark)).size).toBe(0);

    // The day the ideas were submitted on (UTC), as stored; the digest runs the day after.
    const stored = await server.deps.prisma.notification.findFirstOrThrow({
      where: { companyId: boss.companyId, kind: 'NEW_IDEA' },
      orderBy: { id: 'desc' },
    });
    const nextDay = new Date(stored.createdAt.getTime() + 24 * 60 * 60 * 1000);
    const day = stored.createdAt.toISOString().slice(0, 10);

    // Two runs at once (on PostgreSQL, one of them through a second database client, as a
    // second process would), then a third that finds its company unmarked (a process that died
    // between queueing and marking): one mail per member all the same.
    const second = server.databaseUrl
      ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'unused' })
      : null;
    const otherDeps = second
      ? createDeps(server.deps.config, second.prisma, second.sql)
      : server.deps;
    try {
      await Promise.all([
        runNewIdeaDigests(server.deps, nextDay),
        runNewIdeaDigests(otherDeps, nextDay),
      ]);
      await server.deps.prisma.company.update({
        where: { id: boss.companyId },
        data: { newIdeaDigestDay: null },
      });
      await runNewIdeaDigests(server.deps, nextDay);
    } finally {
      if (second) {
        await otherDeps.mailer.close();
        await otherDeps.events.close();
        await otherDeps.rateLimiter.close();
        await second.close();
      }
    }
    const mails = await mailsSince(mark);
    // (The first company's member, on a digest too, gets that company's own digest.)
    expect([...mails.keys()].sort()).toEqual([boss.email, digestMember.email, member.email].sort());
    for (const email of [boss.email, digestMember.email, member.email]) {
      expect(mails.get(email)).toHaveLength(1);
    }
    expect(mails.get(member.email)?.[0]?.text).not.toContain('Digest idea number');
    const digest = mails.get(digestMember.email)?.[0] as TParsedMail;
    expect(digest.subject).toMatch(/^22 new ideas on /);
    expect(digest.text).toContain('Hi Dee Digest,');
    // The first 20 by name, the rest counted with a link to the queue.
    for (const title of titles.slice(0, 20)) expect(digest.text).toContain(`• ${title} (`);
    expect(digest.text).not.toContain('Digest idea number 21');
    expect(digest.text).toContain(`…and 2 more: ${APP_URL}/admin/queue`);
    expect(digest.text).toContain('(Digest board, Wren Writer) – awaiting acceptance');
    expect(digest.header('list-unsubscribe')).toMatch(/unsubscribe/);
    const marked = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: boss.companyId },
    });
    expect(marked.newIdeaDigestDay?.toISOString().slice(0, 10)).toBe(day);

    // A later round that day queues nothing more.
    const later = await settled();
    expect(await runNewIdeaDigests(server.deps, nextDay)).toBe(0);
    expect((await mailsSince(later)).size).toBe(0);
  });
});

describe('someone taken off the team', () => {
  it('gets no digest of the queue they chose while on it, and keeps no list of its new ideas', async () => {
    const boss = await signUpCompany(server);
    await setPlan(server, boss.companyId, 'ULTRA');
    const leaver = await addEndUser(server, boss.companyId, { role: 'MEMBER', name: 'Lee Leaver' });
    const writer = await addEndUser(server, boss.companyId, { name: 'Wyn Writer' });
    const board = await createBoardId(server, boss.token, 'Leaver board');
    await setMail(boss, 'NONE');
    expect(await setMail(leaver, 'DIGEST')).toMatchObject({ newIdeaMail: 'DIGEST' });
    await mutate(
      server,
      'createIdea',
      CREATE,
      { boardId: board, title: 'A secret plan' },
      writer.token,
    );
    expect(newIdeaTitles(await bell(leaver))).toEqual(['A secret plan']);
    const removed = await mutate(
      server,
      'removeMember',
      REMOVE,
      { userId: globalId('CompanyUser', leaver.userId) },
      boss.token,
    );
    expect(removed.__typename).not.toBe('AppError');
    // Signed in again (removal ended their sessions), now as an end user.
    const asEndUser = {
      ...leaver,
      token: await createSession(server.deps.prisma, leaver.userId, 1),
    };
    expect(newIdeaTitles(await bell(asEndUser))).toEqual([]);

    const stored = await server.deps.prisma.notification.findFirstOrThrow({
      where: { companyId: boss.companyId, kind: 'NEW_IDEA' },
    });
    const mark = await settled();
    await runNewIdeaDigests(
      server.deps,
      new Date(stored.createdAt.getTime() + 24 * 60 * 60 * 1000),
    );
    expect((await mailsSince(mark)).get(leaver.email)).toBeUndefined();
  });
});

describe('a rejection', () => {
  it('tells the author in their language, with the reason and an unsubscribe link', async () => {
    await server.deps.prisma.user.update({
      where: { id: author.userId },
      data: { language: 'pl-PL' },
    });
    const ideaGid = await submit('Reject: a fax integration');
    const mark = await settled();
    const rejected = await mutate(
      server,
      'rejectIdea',
      REJECT,
      { ideaId: ideaGid, reason: 'Nie planujemy integracji z faksem.' },
      member.token,
    );
    expect(rejected.__typename).toBeUndefined();
    const mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([author.email]);
    const mail = mails.get(author.email)?.[0] as TParsedMail;
    expect(mail.subject).toBe('„Reject: a fax integration” nie został przyjęty');
    expect(mail.text).toContain('Uzasadnienie: Nie planujemy integracji z faksem.');
    expect(mail.text).toContain('Cześć Erin Enduser,');
    expect(mail.header('list-unsubscribe')).toMatch(/unsubscribe/);
    // The widget's box of the author's submitted ideas shows it with the reason.
    const board = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: boardId } });
    const widget = await server.call('GET', `/api/v1/widget/boards/${board.widgetHash}`, {
      token: author.token,
    });
    expect(widget.body.myPendingIdeas).toContainEqual(
      expect.objectContaining({
        title: 'Reject: a fax integration',
        rejectionReason: 'Nie planujemy integracji z faksem.',
      }),
    );
  });
});
