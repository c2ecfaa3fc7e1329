/**
 * Mentions (`@[Name](user:N)`) in comments and internal notes: which tokens the comment service
 * keeps (the team; in public comments the idea's participants; never another company's user),
 * the mails they send over real SMTP (the recipient's language and preference, one per person
 * and comment, never to the author), the in-console notification list and its unread count, the
 * `@` autocomplete's candidates, and what every rendering outside the console reads (`@Name`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import type { TParsedMail } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { globalId } from '../../schema/ids.ts';
import { mentionToken, parseMentionTokens, plainCommentText } from './mention-markup.ts';

const APP_URL = 'https://boards.example.com';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let acme: TRestCompany;
let other: TRestCompany;
let member: TTestAccount;
let polishMember: TTestAccount;
let voter: TTestAccount;
let bystander: TTestAccount;
let stranger: TTestAccount;
let ideaId: number;

const ADD = `mutation ($ideaId: ID!, $text: String!, $isInternal: Boolean) {
  addComment(ideaId: $ideaId, text: $text, isInternal: $isInternal) {
    __typename ... on MutationAddCommentSuccess { data { id text markup isInternal } } ${APP_ERROR} } }`;
const INBOX = `query { viewer { unreadNotificationCount notifications(first: 20) {
  edges { node { id kind isRead readAt actorName idea { id title } comment { id text } } } } } }`;
const MARK = `mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) {
  __typename ... on MutationMarkNotificationsReadSuccess {
    data { unreadNotificationCount notifications { id isRead } } } ${APP_ERROR} } }`;
const CANDIDATES = `query ($ideaId: ID!, $search: String, $isInternal: Boolean) {
  mentionCandidates(ideaId: $ideaId, search: $search, isInternal: $isInternal) {
    __typename ... on QueryMentionCandidatesSuccess { data { id displayName isTeam markup } }
    ${APP_ERROR} } }`;
const PREFERENCE = `mutation ($on: Boolean!) { setMentionPreference(notifyMentions: $on) {
  __typename ... on MutationSetMentionPreferenceSuccess { data { notifyMentions } } ${APP_ERROR} } }`;

const token = (account: TTestAccount, name: string) => mentionToken(name, account.userId);

async function comment(
  author: TTestAccount,
  text: string,
  options: { isInternal?: boolean; idea?: number } = {},
) {
  const result = await mutate(
    server,
    'addComment',
    ADD,
    {
      ideaId: globalId('Idea', options.idea ?? ideaId),
      text,
      isInternal: options.isInternal ?? false,
    },
    author.token,
  );
  if (result.__typename === 'AppError') throw new Error(JSON.stringify(result));
  return result as { id: string; text: string; markup: string };
}

/** Sends what is due; answers the mails received since `from`, by recipient. */
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

const inbox = async (account: TTestAccount) => {
  const { body } = await gql(server, INBOX, {}, account.token);
  expect(body.errors).toBeUndefined();
  return body.data.viewer as {
    unreadNotificationCount: number;
    notifications: { edges: { node: any }[] };
  };
};

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  acme = await restCompany(server);
  other = await restCompany(server);
  const { companyId } = acme.owner;
  member = await addEndUser(server, companyId, { role: 'MEMBER', name: 'Mo Member' });
  polishMember = await addEndUser(server, companyId, { role: 'MEMBER', name: 'Paweł Polak' });
  await server.deps.prisma.user.update({
    where: { id: polishMember.userId },
    data: { language: 'pl-PL' },
  });
  voter = await addEndUser(server, companyId, { name: 'Vic Voter' });
  bystander = await addEndUser(server, companyId, { name: 'Bea Bystander' });
  stranger = await addEndUser(server, other.owner.companyId, { role: 'MEMBER', name: 'Sam Other' });
  ideaId = acme.ideaId;
  await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: voter.token });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('mention markup', () => {
  it('reads tokens, and leaves text without them exactly as it was', () => {
    const text = 'Hi @[Mo Member](user:12) and @[Ann](user:3), see [docs](https://x.y) @plain';
    expect(parseMentionTokens(text)).toEqual([
      { name: 'Mo Member', userId: 12 },
      { name: 'Ann', userId: 3 },
    ]);
    expect(plainCommentText(text)).toBe('Hi @Mo Member and @Ann, see [docs](https://x.y) @plain');
    const plain = 'No mentions here: email me@example.com, [a](b) (user:3) @[]()';
    expect(plainCommentText(plain)).toBe(plain);
    expect(mentionToken('Odd [name]\n', 7)).toBe('@[Odd  name](user:7)');
  });
});

describe('resolving mentions when a comment is written', () => {
  it('keeps the team and the idea’s participants, leaves anyone else as plain text', async () => {
    const mark = await settled();
    const text = `Ping ${token(member, 'mo')} ${token(voter, 'Vic')} ${token(bystander, 'Bea')} ${token(stranger, 'Sam')} @[Ghost](user:999999) @[Far](user:9999999999) please`;
    const added = await comment(acme.owner, text);
    expect(added.markup).toBe(
      `Ping ${token(member, 'Mo Member')} ${token(voter, 'Vic Voter')} @Bea @Sam @Ghost @Far please`,
    );
    expect(added.text).toBe('Ping @Mo Member @Vic Voter @Bea @Sam @Ghost @Far please');
    const commentId = Number(
      (
        await server.deps.prisma.comment.findFirstOrThrow({
          where: { ideaId },
          orderBy: { id: 'desc' },
        })
      ).id,
    );
    const mentions = await server.deps.prisma.commentMention.findMany({ where: { commentId } });
    expect(mentions.map((m) => m.userId).sort()).toEqual([member.userId, voter.userId].sort());

    // REST (the widget) and end users read plain names, no ids.
    const rest = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200, {
      token: voter.token,
    });
    const shown = rest.find((c: any) => c.commentDto.id === commentId);
    expect(shown.commentDto.shortMessage).toBe(
      'Ping @Mo Member @Vic Voter @Bea @Sam @Ghost @Far please',
    );
    const { body } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { ... on Comment { text markup } } }`,
      { id: globalId('Comment', commentId) },
      voter.token,
    );
    expect(body.data.node.markup).not.toContain('user:');

    const mails = await mailsSince(mark);
    expect([...mails.keys()].sort()).toEqual([member.email, voter.email].sort());
    const toMember = mails.get(member.email)?.[0];
    expect(toMember?.subject).toContain('mentioned you');
    expect(toMember?.text).toContain('Ping @Mo Member @Vic Voter @Bea @Sam @Ghost @Far please');
    expect(toMember?.text).toContain(`${APP_URL}/admin/boards/`);
    expect(toMember?.text).not.toContain('user:');
    // The end user is pointed at the public board, not the console.
    expect(mails.get(voter.email)?.[0]?.text).toContain(`${APP_URL}/public/`);
  });

  it('in an internal note keeps the team only and mails only the team', async () => {
    const mark = await settled();
    const note = await comment(
      acme.owner,
      `Note for ${token(member, 'Mo')} and ${token(voter, 'Vic')}: trial customer.`,
      { isInternal: true },
    );
    expect(note.markup).toBe(`Note for ${token(member, 'Mo Member')} and @Vic: trial customer.`);
    const mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([member.email]);
    expect(mails.get(member.email)?.[0]?.text).toContain('internal note');
    const voterInbox = await inbox(voter);
    expect(voterInbox.notifications.edges.some((e) => e.node.comment?.text.includes('trial'))).toBe(
      false,
    );
  });

  it('mails each person once per comment, in their language, and never the author', async () => {
    const mark = await settled();
    await comment(
      member,
      `${token(polishMember, 'P')} and again ${token(polishMember, 'P')}, also me ${token(member, 'M')}`,
    );
    const mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([polishMember.email]);
    const [mail, ...more] = mails.get(polishMember.email) ?? [];
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Mo Member wspomina o Tobie przy „Fixture idea/);
    expect(mail?.text).toContain('Cześć Paweł Polak');
    // No notification for mentioning oneself.
    const own = await inbox(member);
    expect(own.notifications.edges.every((e) => e.node.actorName !== 'Mo Member')).toBe(true);
  });

  it('mails the idea’s author once when an admin mentions them in a comment on their idea', async () => {
    const author = await addEndUser(server, acme.owner.companyId, { name: 'Ida Author' });
    const own = await expectCall(server, 'POST', '/ideas/', 201, {
      token: author.token,
      headers: { 'x-board-id': String(acme.boardId) },
      body: { title: 'Export to spreadsheets' },
    });
    await server.deps.prisma.idea.update({ where: { id: own.id }, data: { status: 'OPEN' } });
    const mark = await settled();
    await comment(acme.owner, `Thanks ${token(author, 'Ida')}, planned for May.`, {
      idea: own.id as number,
    });
    const mails = await mailsSince(mark);
    expect(mails.get(author.email)).toHaveLength(1);
    expect((await inbox(author)).unreadNotificationCount).toBe(1);
  });

  it('sends no mail when the person turned mention mails off, but lists the mention', async () => {
    const off = await mutate(
      server,
      'setMentionPreference',
      PREFERENCE,
      { on: false },
      voter.token,
    );
    expect(off).toEqual({ notifyMentions: false });
    const { body } = await gql(
      server,
      'query { viewer { user { notifyMentions } } }',
      {},
      voter.token,
    );
    expect(body.data.viewer.user.notifyMentions).toBe(false);
    const before = (await inbox(voter)).unreadNotificationCount;
    const mark = await settled();
    await comment(acme.owner, `Quiet ping for ${token(voter, 'Vic')} today.`);
    expect((await mailsSince(mark)).size).toBe(0);
    expect((await inbox(voter)).unreadNotificationCount).toBe(before + 1);
    await mutate(server, 'setMentionPreference', PREFERENCE, { on: true }, voter.token);
  });

  it('refuses a bad preference with a field error', async () => {
    const { body } = await gql(
      server,
      `mutation { setMentionPreference(notifyMentions: null) { __typename } }`,
      {},
      voter.token,
    );
    expect(body.errors?.[0]?.message).toBeTruthy();
    expect(body.data).toBeFalsy();
  });
});

describe('the notification list', () => {
  it('lists the user’s mentions newest first with an unread count, and marks them read', async () => {
    const fresh = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER', name: 'Fay' });
    await comment(acme.owner, `First for ${token(fresh, 'Fay')} on this idea.`);
    await comment(member, `Second for ${token(fresh, 'Fay')} on this idea.`);
    let list = await inbox(fresh);
    expect(list.unreadNotificationCount).toBe(2);
    const [newest, oldest] = list.notifications.edges.map((e) => e.node);
    expect(newest.kind).toBe('MENTION');
    expect(newest.actorName).toBe('Mo Member');
    expect(newest.comment.text).toContain('Second for @Fay');
    expect(newest.idea.id).toBe(globalId('Idea', ideaId));
    expect(oldest.isRead).toBe(false);

    // Someone else cannot mark (or read) them.
    const foreign = await mutate(
      server,
      'markNotificationsRead',
      MARK,
      { ids: [oldest.id] },
      member.token,
    );
    expect(foreign.notifications).toEqual([]);
    const { body: peek } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { id } }`,
      { id: oldest.id },
      member.token,
    );
    expect(peek.data.node).toBeNull();

    const one = await mutate(
      server,
      'markNotificationsRead',
      MARK,
      { ids: [oldest.id] },
      fresh.token,
    );
    expect(one).toEqual({
      unreadNotificationCount: 1,
      notifications: [{ id: oldest.id, isRead: true }],
    });
    const all = await mutate(server, 'markNotificationsRead', MARK, {}, fresh.token);
    expect(all.unreadNotificationCount).toBe(0);
    expect(all.notifications).toEqual([{ id: newest.id, isRead: true }]);
    list = await inbox(fresh);
    expect(list.unreadNotificationCount).toBe(0);
    expect(list.notifications.edges.every((e) => e.node.readAt !== null)).toBe(true);
  });

  it('answers a malformed id with a field error and asks anonymous callers to sign in', async () => {
    const bad = await mutate(
      server,
      'markNotificationsRead',
      MARK,
      { ids: ['nope'] },
      member.token,
    );
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields[0].field).toBe('ids');
    const { body: anonymous } = await gql(server, MARK, {});
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const { body } = await gql(server, 'query { viewer { unreadNotificationCount } }');
    expect(body.data.viewer).toBeNull();
  });
});

describe('mention candidates', () => {
  const candidates = (account: TTestAccount, variables: Record<string, unknown>) =>
    mutate(server, 'mentionCandidates', CANDIDATES, variables, account.token);

  it('offers the team and the idea’s participants by name prefix, at most 8', async () => {
    const all = await candidates(member, { ideaId: globalId('Idea', ideaId) });
    const names = all.map((c: any) => c.displayName);
    expect(names).toContain('Vic Voter');
    expect(names).not.toContain('Bea Bystander');
    expect(names).not.toContain('Sam Other');
    expect(all.length).toBeLessThanOrEqual(8);
    const vic = await candidates(member, { ideaId: globalId('Idea', ideaId), search: 'vi' });
    expect(vic).toEqual([
      {
        id: globalId('User', voter.userId),
        displayName: 'Vic Voter',
        isTeam: false,
        markup: token(voter, 'Vic Voter'),
      },
    ]);
    const byWord = await candidates(member, { ideaId: globalId('Idea', ideaId), search: 'pol' });
    expect(byWord.map((c: any) => c.displayName)).toEqual(['Paweł Polak']);
    const internal = await candidates(member, {
      ideaId: globalId('Idea', ideaId),
      search: 'vi',
      isInternal: true,
    });
    expect(internal).toEqual([]);
    for (let i = 0; i < 10; i += 1) {
      await addEndUser(server, acme.owner.companyId, { role: 'MEMBER', name: `Zed ${i}` });
    }
    const capped = await candidates(member, { ideaId: globalId('Idea', ideaId), search: 'zed' });
    expect(capped).toHaveLength(8);
  });

  it('answers another company’s idea as not found, and refuses end users', async () => {
    const foreign = await candidates(member, { ideaId: globalId('Idea', other.ideaId) });
    expect(foreign.code).toBe('NOT_FOUND');
    const missing = await candidates(member, { ideaId: 'garbage' });
    expect(missing.code).toBe('NOT_FOUND');
    const endUser = await candidates(voter, { ideaId: globalId('Idea', ideaId) });
    expect(endUser.code).toBe('FORBIDDEN');
    const tooLong = await candidates(member, {
      ideaId: globalId('Idea', ideaId),
      search: 'x'.repeat(81),
    });
    expect(tooLong.code).toBe('VALIDATION');
    expect(tooLong.fields[0].field).toBe('search');
  });
});
