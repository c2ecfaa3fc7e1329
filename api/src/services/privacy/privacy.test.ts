import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let hashA: string;
let secretA: string;

const FIND = `query ($email: String, $ssoId: String) { findEndUser(email: $email, ssoId: $ssoId) {
  __typename ... on QueryFindEndUserSuccess { data { ssoIdErasedAt users { id email displayName } } }
  ${APP_ERROR} } }`;
const EXPORT = `query ($userId: ID!) { endUserExport(userId: $userId) {
  __typename ... on QueryEndUserExportSuccess { data } ${APP_ERROR} } }`;
const ERASE = `mutation ($userId: ID!, $contentMode: ErasureContentMode!) {
  eraseEndUser(userId: $userId, contentMode: $contentMode) {
  __typename ... on MutationEraseEndUserSuccess { data {
    contentMode votesRemoved ideasDeleted ideasAnonymised commentsDeleted commentsAnonymised
    wasSsoUser notice } }
  ${APP_ERROR} } }`;

const query = async (field: string, text: string, variables: object, token?: string) => {
  const { body } = await gql(server, text, variables as Record<string, unknown>, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const result = body.data[field];
  return result.__typename === 'AppError' ? result : result.data;
};
const userGid = (id: number) => globalId('CompanyUser', id);
const erase = (userId: number, contentMode: string, token = a.owner.token) =>
  mutate(server, 'eraseEndUser', ERASE, { userId: userGid(userId), contentMode }, token);

const ssoSignIn = async (id: string, name = 'Customer', email?: string) => {
  const answer = await expectCall(server, 'POST', '/widget/sso', 200, {
    body: {
      boardHash: hashA,
      // The company's sign-in vouches for the address (only then does it count as proven).
      token: jwt.sign({ id, name, ...(email ? { email, email_verified: true } : {}) }, secretA, {
        expiresIn: 600,
      }),
    },
  });
  const user = await server.deps.prisma.user.findFirstOrThrow({
    where: { companyId: a.owner.companyId, externalId: id },
  });
  return { token: answer.token as string, userId: user.id };
};
/** A confirmed subscription to a company's changelog (what the portal's form and link make). */
const subscribeToChangelog = (companyId: number, email: string) =>
  server.deps.prisma.changelogSubscriber.create({
    data: { companyId, email, language: 'pl-PL', confirmedAt: new Date() },
  });
/** The companies whose changelog `email` is subscribed to. */
const changelogSubscriptions = async (email: string) =>
  (
    await server.deps.prisma.changelogSubscriber.findMany({
      where: { email },
      orderBy: { companyId: 'asc' },
    })
  ).map((row) => row.companyId);
/** An idea by `token`'s user, accepted by the admin so that others may vote on it. */
const newIdea = async (token: string, title: string) => {
  const { id } = await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: { 'x-board-id': String(a.boardId) },
    body: { title, description: 'Written by the person to erase.' },
  });
  await server.deps.prisma.idea.update({ where: { id }, data: { status: 'OPEN' } });
  return id as number;
};
const vote = (token: string, ideaId: number) =>
  expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token });
const comment = (token: string, ideaId: number, text: string) =>
  expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, { token, body: { text } });
const counts = (id: number) =>
  server.deps.prisma.idea.findUnique({
    where: { id },
    select: { voteCount: true, commentCount: true, authorId: true },
  });

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  hashA = (
    await expectCall(server, 'GET', `/boards/${a.boardId}/widget-setup`, 200, {
      token: a.owner.token,
    })
  ).boardHash;
  secretA = (await expectCall(server, 'GET', '/company', 200, { token: a.owner.token }))
    .companySecret;
});
afterAll(async () => {
  await server?.close();
});

describe('finding a person', () => {
  it('by email (any case) or SSO id, in the admin’s own company only', async () => {
    const person = await addEndUser(server, a.owner.companyId);
    const sso = await ssoSignIn('find-me-1', 'Findable', 'findable@example.com');
    const byEmail = await query(
      'findEndUser',
      FIND,
      { email: person.email.toUpperCase() },
      a.owner.token,
    );
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([userGid(person.userId)]);
    const bySso = await query('findEndUser', FIND, { ssoId: 'find-me-1' }, a.owner.token);
    expect(bySso).toEqual({
      ssoIdErasedAt: null,
      users: [{ id: userGid(sso.userId), email: 'findable@example.com', displayName: 'Findable' }],
    });
    // Company B's owner does not find A's people.
    expect(await query('findEndUser', FIND, { email: person.email }, b.owner.token)).toEqual({
      ssoIdErasedAt: null,
      users: [],
    });
    expect(await query('findEndUser', FIND, { ssoId: 'find-me-1' }, b.owner.token)).toMatchObject({
      users: [],
    });
  });

  it('needs exactly one of email and SSO id; members are forbidden', async () => {
    const none = await query('findEndUser', FIND, {}, a.owner.token);
    expect(none).toMatchObject({ code: 'VALIDATION' });
    expect(none.fields).toEqual([
      { field: 'email', message: 'Enter an email or an SSO id.' },
      { field: 'ssoId', message: 'Enter an email or an SSO id.' },
    ]);
    const both = await query(
      'findEndUser',
      FIND,
      { email: 'x@example.com', ssoId: 'x' },
      a.owner.token,
    );
    expect(both.fields).toEqual([
      { field: 'ssoId', message: 'Search by email or by SSO id, not both.' },
    ]);
    const member = await addEndUser(server, a.owner.companyId);
    expect(await query('findEndUser', FIND, { ssoId: 'x' }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('exporting a person', () => {
  it('answers everything stored about them, without secrets', async () => {
    const person = await ssoSignIn('export-me', 'Exported Person', 'exported@example.com');
    const ideaId = await newIdea(person.token, 'An idea to export');
    await vote(person.token, ideaId);
    await vote(person.token, a.ideaId);
    await comment(person.token, a.ideaId, 'A comment to export');
    await expectCall(server, 'PUT', '/profile/notifications', 200, {
      token: person.token,
      body: { notifications: 'MY_IDEAS' },
    });

    const text = await query(
      'endUserExport',
      EXPORT,
      { userId: userGid(person.userId) },
      a.owner.token,
    );
    const doc = JSON.parse(text);
    expect(doc.profile).toMatchObject({
      id: person.userId,
      kind: 'SSO',
      ssoId: 'export-me',
      email: 'exported@example.com',
      displayName: 'Exported Person',
    });
    expect(doc.ideas).toEqual([
      expect.objectContaining({ id: ideaId, title: 'An idea to export' }),
    ]);
    expect(doc.comments).toEqual([
      expect.objectContaining({ ideaId: a.ideaId, text: 'A comment to export' }),
    ]);
    expect(doc.votes.map((v: { ideaId: number }) => v.ideaId).sort()).toEqual(
      [a.ideaId, ideaId].sort((x, y) => x - y),
    );
    expect(doc.signIns).toHaveLength(1);
    expect(doc.signIns[0]).toEqual(
      expect.objectContaining({ createdAt: expect.any(String), expiresAt: expect.any(String) }),
    );
    expect(doc.notificationPreference).toBe('MY_IDEAS');
    expect(text).not.toMatch(/passwordHash|tokenHash|keyHash/);
  });

  it('lists their subscriptions to the company’s changelog, by their proven address only', async () => {
    const person = await ssoSignIn('changelog-reader', 'Reader', 'Reader@Example.com');
    await subscribeToChangelog(a.owner.companyId, 'reader@example.com');
    // Another company's subscription of the same address is that company's business.
    await subscribeToChangelog(b.owner.companyId, 'reader@example.com');
    // A regular user's contact address not proven theirs may be someone else's.
    const unproven = await addEndUser(server, a.owner.companyId);
    await server.deps.prisma.user.update({
      where: { id: unproven.userId },
      data: { email: 'unproven@example.com', emailConfirmedAt: null },
    });
    await subscribeToChangelog(a.owner.companyId, 'unproven@example.com');

    const doc = JSON.parse(
      await query('endUserExport', EXPORT, { userId: userGid(person.userId) }, a.owner.token),
    );
    expect(doc.changelogSubscriptions).toEqual([
      expect.objectContaining({
        email: 'reader@example.com',
        language: 'pl-PL',
        confirmedAt: expect.any(String),
      }),
    ]);
    const other = JSON.parse(
      await query('endUserExport', EXPORT, { userId: userGid(unproven.userId) }, a.owner.token),
    );
    expect(other.changelogSubscriptions).toEqual([]);
  });

  it('holds their own account mails and none of another company’s account of the same address', async () => {
    // One address, an end user of A and of B, each with its own password.
    const address = `shared-${Date.now()}@example.com`;
    const [inA, inB] = await Promise.all(
      [a, b].map((company) =>
        server.deps.prisma.user.create({
          data: {
            companyId: company.owner.companyId,
            kind: 'REGULAR',
            role: 'END_USER',
            displayName: 'Shared Address',
            email: address,
            loginEmail: address,
            emailConfirmedAt: new Date(),
          },
        }),
      ),
    );
    const hashB = (
      await expectCall(server, 'GET', `/boards/${b.boardId}/widget-setup`, 200, {
        token: b.owner.token,
      })
    ).boardHash;
    // Each company's reset link goes to the address, for its own account.
    for (const hash of [hashA, hashB]) {
      await expectCall(server, 'POST', `/widget/boards/${hash}/password-recovery/send-link`, 200, {
        body: { email: address },
      });
    }
    await expect
      .poll(() => server.deps.prisma.mail.count({ where: { to: address } }), { timeout: 10_000 })
      .toBe(2);
    const text = await query('endUserExport', EXPORT, { userId: userGid(inA!.id) }, a.owner.token);
    const companyA = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: a.owner.companyId },
    });
    // A's own reset mail only (the export lists mails without their text).
    expect(JSON.parse(text).mails).toEqual([
      expect.objectContaining({ to: address, subject: `Reset your ${companyA.name} password` }),
    ]);

    // Erasing A's person leaves B's mail to that address where it is.
    await erase(inA!.id, 'DELETE');
    expect(
      await server.deps.prisma.mail.findMany({ where: { to: address }, select: { userId: true } }),
    ).toEqual([{ userId: inB!.id }]);
  });

  it('leaves out the password hash of a regular user; another company’s user is not found', async () => {
    const person = await addEndUser(server, a.owner.companyId);
    await server.deps.prisma.user.update({
      where: { id: person.userId },
      data: { passwordHash: 'scrypt$secret-hash-value' },
    });
    const text = await query(
      'endUserExport',
      EXPORT,
      { userId: userGid(person.userId) },
      a.owner.token,
    );
    expect(text).not.toContain('secret-hash-value');
    expect(JSON.parse(text).profile.loginEmail).toBe(person.email.toLowerCase());
    expect(
      await query('endUserExport', EXPORT, { userId: userGid(person.userId) }, b.owner.token),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'User not found.' });
    expect(
      await query('endUserExport', EXPORT, { userId: userGid(person.userId) }, person.token),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('exporting a team member', () => {
  it('an admin exports end users and themselves; team members (a demoted admin too) only the owner', async () => {
    const admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
    const otherAdmin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
    const endUser = await addEndUser(server, a.owner.companyId);
    const ownerId = (
      await server.deps.prisma.user.findFirstOrThrow({
        where: { companyId: a.owner.companyId, role: 'OWNER' },
      })
    ).id;
    const exportOf = (userId: number, token: string) =>
      query('endUserExport', EXPORT, { userId: userGid(userId) }, token);
    const refusal = {
      code: 'FORBIDDEN',
      message: 'Only the owner can export the data of a team member.',
    };
    expect(await exportOf(ownerId, admin.token)).toMatchObject(refusal);
    expect(await exportOf(otherAdmin.userId, admin.token)).toMatchObject(refusal);
    expect(await exportOf(member.userId, admin.token)).toMatchObject(refusal);
    // Demoting another admin to member first does not open their data (outsider finding).
    await server.deps.prisma.user.update({
      where: { id: otherAdmin.userId },
      data: { role: 'MEMBER' },
    });
    expect(await exportOf(otherAdmin.userId, admin.token)).toMatchObject(refusal);
    expect(JSON.parse(await exportOf(endUser.userId, admin.token)).profile.loginEmail).toBe(
      endUser.email.toLowerCase(),
    );
    expect(JSON.parse(await exportOf(admin.userId, admin.token)).profile.loginEmail).toBe(
      admin.email.toLowerCase(),
    );
    // The owner reads out anyone of the company, themselves too.
    for (const userId of [ownerId, admin.userId, otherAdmin.userId, member.userId]) {
      expect(typeof (await exportOf(userId, a.owner.token))).toBe('string');
    }
  });
});

describe('erasing a person', () => {
  it('DELETE: counts fall, content and personal data go, the SSO id comes back empty', async () => {
    const other: TTestAccount = await addEndUser(server, a.owner.companyId);
    const person = await ssoSignIn('erase-me', 'Erased Person', 'erased@example.com');
    const ownIdea = await newIdea(person.token, 'An idea that goes');
    await vote(person.token, ownIdea);
    await vote(other.token, ownIdea);
    await vote(person.token, a.ideaId);
    await vote(other.token, a.ideaId);
    await comment(person.token, a.ideaId, 'Mine, to delete');
    await comment(other.token, a.ideaId, 'Someone else’s, stays');
    await subscribeToChangelog(a.owner.companyId, 'erased@example.com');
    await subscribeToChangelog(b.owner.companyId, 'erased@example.com');
    const before = await counts(a.ideaId);

    const erased = await erase(person.userId, 'DELETE');
    expect(erased).toEqual({
      contentMode: 'DELETE',
      votesRemoved: 2,
      ideasDeleted: 1,
      ideasAnonymised: 0,
      commentsDeleted: 1,
      commentsAnonymised: 0,
      wasSsoUser: true,
      notice: expect.stringContaining('a new, empty account is created'),
    });
    expect(await counts(a.ideaId)).toEqual({
      voteCount: (before?.voteCount ?? 0) - 1,
      commentCount: (before?.commentCount ?? 0) - 1,
      authorId: a.owner.userId,
    });
    expect(await counts(ownIdea)).toBeNull();
    expect(await server.deps.prisma.user.findUnique({ where: { id: person.userId } })).toBeNull();
    // Their changelog subscription goes; another company's of the same address stays.
    expect(await changelogSubscriptions('erased@example.com')).toEqual([b.owner.companyId]);
    expect(await server.deps.prisma.session.count({ where: { userId: person.userId } })).toBe(0);
    expect((await server.call('GET', '/api/v1/me', { token: person.token })).status).toBe(401);
    const leftovers = await server.deps.sql<{ n: number }>`
      SELECT count(*)::int AS n FROM "User" WHERE "email" = 'erased@example.com'
         OR "externalId" = 'erase-me'`;
    expect(leftovers[0]?.n).toBe(0);
    // The owner's audit log says who erased whom, with counts and no personal data.
    const entries = await server.deps.prisma.auditEntry.findMany({
      where: { action: 'END_USER_ERASED', targetId: String(person.userId) },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: a.owner.userId, companyId: a.owner.companyId });
    expect(JSON.stringify(entries[0])).not.toContain('erased@example.com');

    // The admin is told the id was erased; signing in again starts from nothing.
    const search = await query('findEndUser', FIND, { ssoId: 'erase-me' }, a.owner.token);
    expect(search.users).toEqual([]);
    expect(search.ssoIdErasedAt).toEqual(expect.any(String));
    const back = await ssoSignIn('erase-me', 'Back Again');
    expect(back.userId).not.toBe(person.userId);
    const fresh = JSON.parse(
      await query('endUserExport', EXPORT, { userId: userGid(back.userId) }, a.owner.token),
    );
    expect([fresh.ideas, fresh.comments, fresh.votes]).toEqual([[], [], []]);
    const again = await query('findEndUser', FIND, { ssoId: 'erase-me' }, a.owner.token);
    expect(again.users).toHaveLength(1);
    expect(again.ssoIdErasedAt).toBe(search.ssoIdErasedAt);
  });

  it('ANONYMISE: ideas and comments stay with no author; only the votes go', async () => {
    const person = await addEndUser(server, a.owner.companyId);
    const ownIdea = await newIdea(person.token, 'An idea that stays');
    await vote(person.token, ownIdea);
    await vote(person.token, a.ideaId);
    await comment(person.token, ownIdea, 'A comment that stays');
    const before = await counts(a.ideaId);

    const erased = await erase(person.userId, 'ANONYMISE');
    expect(erased).toMatchObject({
      votesRemoved: 2,
      ideasDeleted: 0,
      ideasAnonymised: 1,
      commentsDeleted: 0,
      commentsAnonymised: 1,
      wasSsoUser: false,
    });
    expect(await counts(ownIdea)).toEqual({ voteCount: 0, commentCount: 1, authorId: null });
    expect((await counts(a.ideaId))?.voteCount).toBe((before?.voteCount ?? 0) - 1);
    const kept = await server.deps.prisma.comment.findMany({ where: { ideaId: ownIdea } });
    expect(kept.map((c) => [c.text, c.authorId])).toEqual([['A comment that stays', null]]);
    const mails = await server.deps.prisma.mail.count({
      where: { to: { equals: person.email, mode: 'insensitive' } },
    });
    expect(mails).toBe(0);
  });

  it('their notifications and the mentions of them go; what others wrote keeps a nameless mention', async () => {
    const person = await addEndUser(server, a.owner.companyId, { name: 'Mentioned Person' });
    await vote(person.token, a.ideaId);
    const text = `Thanks @[Mentioned Person](user:${person.userId}), noted.`;
    const commentId = (await comment(a.owner.token, a.ideaId, text)).commentDto.id as number;
    expect(
      await server.deps.prisma.commentMention.count({ where: { userId: person.userId } }),
    ).toBe(1);
    expect(await server.deps.prisma.notification.count({ where: { userId: person.userId } })).toBe(
      1,
    );

    await erase(person.userId, 'ANONYMISE');
    expect(
      await server.deps.prisma.commentMention.count({ where: { userId: person.userId } }),
    ).toBe(0);
    expect(await server.deps.prisma.notification.count({ where: { userId: person.userId } })).toBe(
      0,
    );
    const kept = await server.deps.prisma.comment.findUniqueOrThrow({ where: { id: commentId } });
    expect(kept.text).toBe('Thanks @…, noted.');
  });

  it('refuses team members, other companies’ users, members and bad modes', async () => {
    const admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
    expect(await erase(admin.userId, 'DELETE')).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('Owners and admins of the team cannot be erased'),
    });
    expect(await erase(a.owner.userId, 'DELETE')).toMatchObject({ code: 'CONFLICT' });
    const person = await addEndUser(server, a.owner.companyId);
    expect(await erase(person.userId, 'DELETE', b.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await erase(person.userId, 'DELETE', person.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    const anonymous = await gql(server, ERASE, {
      userId: userGid(person.userId),
      contentMode: 'DELETE',
    });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      await server.deps.prisma.user.count({ where: { id: { in: [admin.userId, person.userId] } } }),
    ).toBe(2);
  });
});

describe('API keys', () => {
  it('cannot export or erase people, even an admin’s key', async () => {
    const created = await gql(
      server,
      `mutation { createApiKey(name: "gdpr") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
      {},
      a.owner.token,
    );
    const key = created.body.data.createApiKey.data.key as string;
    const person = await addEndUser(server, a.owner.companyId);
    const refusal = {
      code: 'FORBIDDEN',
      message: 'API keys cannot export or erase people: sign in to the console to do it.',
    };
    expect(
      await query('endUserExport', EXPORT, { userId: userGid(person.userId) }, key),
    ).toMatchObject(refusal);
    expect(await erase(person.userId, 'DELETE', key)).toMatchObject(refusal);
    expect(await server.deps.prisma.user.count({ where: { id: person.userId } })).toBe(1);
  });
});
