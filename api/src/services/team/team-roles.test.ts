import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** changeMemberRole, removeMember and transferOwnership: what they change and what they log. */

let server: TTestServer;

const RESULT = `__typename ... on AppError { code message } `;
const CHANGE = `mutation ($userId: ID!, $role: AssignableRole!) {
  result: changeMemberRole(userId: $userId, role: $role) {
    ${RESULT} ... on MutationChangeMemberRoleSuccess { data { id role } } } }`;
const REMOVE = `mutation ($userId: ID!) {
  result: removeMember(userId: $userId) {
    ${RESULT} ... on MutationRemoveMemberSuccess { data { id role } } } }`;
const TRANSFER = `mutation ($userId: ID!) {
  result: transferOwnership(userId: $userId) {
    ${RESULT} ... on MutationTransferOwnershipSuccess { data { id role } } } }`;

async function run(text: string, vars: Record<string, unknown>, token: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

const userId = (account: TTestAccount) => globalId('CompanyUser', account.userId);

async function roleOf(account: TTestAccount): Promise<string> {
  const user = await server.deps.prisma.user.findUniqueOrThrow({ where: { id: account.userId } });
  return user.role;
}

async function auditActions(companyId: number): Promise<unknown[]> {
  const entries = await server.deps.prisma.auditEntry.findMany({
    where: {
      companyId,
      action: { in: ['TEAM_ROLE_CHANGED', 'TEAM_MEMBER_REMOVED', 'OWNERSHIP_TRANSFERRED'] },
    },
    orderBy: { id: 'asc' },
  });
  return entries.map((e) => ({
    action: e.action,
    actorUserId: e.actorUserId,
    targetId: e.targetId,
    details: e.details,
  }));
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('changeMemberRole', () => {
  it('an admin makes a member an admin and back; each change is in the audit log', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER', name: 'Max' });
    expect(await run(CHANGE, { userId: userId(member), role: 'ADMIN' }, admin.token)).toMatchObject(
      { data: { role: 'ADMIN' } },
    );
    // The new role applies to the member's very next request: they may now create a board.
    const board = await gql(
      server,
      `mutation { createBoard(name: "Max's board") { __typename } }`,
      {},
      member.token,
    );
    expect(board.body.data.createBoard.__typename).toBe('MutationCreateBoardSuccess');
    await run(CHANGE, { userId: userId(member), role: 'MEMBER' }, owner.token);
    expect(await roleOf(member)).toBe('MEMBER');
    expect(await auditActions(owner.companyId)).toEqual([
      {
        action: 'TEAM_ROLE_CHANGED',
        actorUserId: admin.userId,
        targetId: String(member.userId),
        details: { name: 'Max', from: 'MEMBER', to: 'ADMIN' },
      },
      {
        action: 'TEAM_ROLE_CHANGED',
        actorUserId: owner.userId,
        targetId: String(member.userId),
        details: { name: 'Max', from: 'ADMIN', to: 'MEMBER' },
      },
    ]);
  });

  it("refuses the owner's role, end users (not found) and a role that is not ADMIN or MEMBER", async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const endUser = await addEndUser(server, owner.companyId);
    expect(await run(CHANGE, { userId: userId(owner), role: 'MEMBER' }, admin.token)).toMatchObject(
      { code: 'CONFLICT' },
    );
    expect(
      await run(CHANGE, { userId: userId(endUser), role: 'ADMIN' }, admin.token),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Team member not found.' });
    const { body } = await gql(
      server,
      CHANGE,
      { userId: userId(admin), role: 'OWNER' },
      owner.token,
    );
    expect(body.errors?.[0]?.message).toMatch(/OWNER/);
    expect([await roleOf(owner), await roleOf(endUser)]).toEqual(['OWNER', 'END_USER']);
    expect(await auditActions(owner.companyId)).toEqual([]);
  });
});

describe('removeMember', () => {
  it('makes them an end user: content stays under their name, sessions end', async () => {
    const owner = await signUpCompany(server);
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER', name: 'Rita' });
    const created = await gql(
      server,
      `mutation { createBoard(name: "Rita's board") { ... on MutationCreateBoardSuccess { data { id } } } }`,
      {},
      owner.token,
    );
    const boardId = created.body.data.createBoard.data.id;
    const idea = await gql(
      server,
      `mutation ($boardId: ID!) { createIdea(boardId: $boardId, title: "Rita's own idea") {
        ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`,
      { boardId },
      member.token,
    );
    const ideaId = idea.body.data.createIdea.data.id;
    expect(await run(REMOVE, { userId: userId(member) }, owner.token)).toMatchObject({
      data: { role: 'END_USER' },
    });
    expect((await server.call('GET', '/api/v1/me', { token: member.token })).status).toBe(401);
    const read = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { title author { displayName } } }`,
      { id: ideaId },
      owner.token,
    );
    expect(read.body.data.idea).toEqual({
      title: "Rita's own idea",
      author: { displayName: 'Rita' },
    });
    expect(await auditActions(owner.companyId)).toEqual([
      {
        action: 'TEAM_MEMBER_REMOVED',
        actorUserId: owner.userId,
        targetId: String(member.userId),
        details: { name: 'Rita', role: 'MEMBER' },
      },
    ]);
    // Removed twice: they are no longer on the team.
    expect(await run(REMOVE, { userId: userId(member) }, owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('removeMember refusals', () => {
  it('tells the owner, an admin and a member what stops them, and finds no one off the team', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    const endUser = await addEndUser(server, owner.companyId);
    const other = await signUpCompany(server);
    const otherMember = await addEndUser(server, other.companyId, { role: 'MEMBER' });
    // The owner removing themselves (the company's only owner) is told how to leave.
    expect(await run(REMOVE, { userId: userId(owner) }, owner.token)).toEqual({
      __typename: 'AppError',
      code: 'CONFLICT',
      message:
        'You own the company: transfer ownership to another team member before you leave the team.',
    });
    // An admin cannot do that for them.
    expect(await run(REMOVE, { userId: userId(owner) }, admin.token)).toEqual({
      __typename: 'AppError',
      code: 'CONFLICT',
      message:
        'The owner cannot be removed from the team; only the owner can hand the company to another team member.',
    });
    // A member removes no one, themselves included.
    for (const target of [member, admin]) {
      expect(await run(REMOVE, { userId: userId(target) }, member.token)).toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    // An end user of the company and another company's member are not on this team.
    for (const target of [endUser, otherMember]) {
      expect(await run(REMOVE, { userId: userId(target) }, owner.token)).toEqual({
        __typename: 'AppError',
        code: 'NOT_FOUND',
        message: 'Team member not found.',
      });
    }
    expect(await auditActions(owner.companyId)).toEqual([]);
    // An admin may take themselves off the team.
    expect(await run(REMOVE, { userId: userId(admin) }, admin.token)).toMatchObject({
      data: { role: 'END_USER' },
    });
  });
});

describe('the API keys a member made', () => {
  const CREATE_KEY = `mutation ($name: String!) { createApiKey(name: $name) { __typename
    ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } ${APP_ERROR} } }`;
  const VIEWER = `{ viewer { user { id role } } }`;

  async function keyOf(account: TTestAccount, name: string) {
    const { body } = await gql(server, CREATE_KEY, { name }, account.token);
    expect(body.data.createApiKey.__typename).toBe('MutationCreateApiKeySuccess');
    return body.data.createApiKey.data as { key: string; apiKey: { id: string } };
  }

  async function keyAudit(companyId: number) {
    const entries = await server.deps.prisma.auditEntry.findMany({
      where: { companyId, action: 'API_KEY_REVOKED' },
      orderBy: { id: 'asc' },
    });
    return entries.map((e) => ({ actorUserId: e.actorUserId, details: e.details }));
  }

  it('are revoked when an admin is made a member, each in the audit log', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const first = await keyOf(admin, 'Deploy bot');
    const second = await keyOf(admin, 'CRM sync');
    const ownersKey = await keyOf(owner, "Owner's key");
    expect((await gql(server, VIEWER, {}, first.key)).body.data.viewer.user.role).toBe('ADMIN');

    expect(await run(CHANGE, { userId: userId(admin), role: 'MEMBER' }, owner.token)).toMatchObject(
      { data: { role: 'MEMBER' } },
    );
    for (const { key } of [first, second]) {
      expect((await gql(server, VIEWER, {}, key)).status).toBe(401);
    }
    expect((await gql(server, VIEWER, {}, ownersKey.key)).status).toBe(200);
    // The demoted member keeps their session, with a member's powers from the next request.
    const me = await gql(server, VIEWER, {}, admin.token);
    expect(me.body.data.viewer.user.role).toBe('MEMBER');
    const minted = await gql(server, CREATE_KEY, { name: 'After demotion' }, admin.token);
    expect(minted.body.data.createApiKey).toMatchObject({ code: 'FORBIDDEN' });
    const audit = await keyAudit(owner.companyId);
    expect(audit).toHaveLength(2);
    for (const entry of audit) {
      expect(entry).toMatchObject({
        actorUserId: owner.userId,
        details: { reason: 'TEAM_ROLE_CHANGED', createdBy: admin.userId },
      });
    }
    expect(audit.map((e) => (e.details as { name: string }).name).sort()).toEqual([
      'CRM sync',
      'Deploy bot',
    ]);
  });

  it('are revoked when the member is removed, each in the audit log', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const key = await keyOf(admin, 'Nightly export');
    expect(await run(REMOVE, { userId: userId(admin) }, owner.token)).toMatchObject({
      data: { role: 'END_USER' },
    });
    expect((await gql(server, VIEWER, {}, key.key)).status).toBe(401);
    expect(await keyAudit(owner.companyId)).toEqual([
      {
        actorUserId: owner.userId,
        details: expect.objectContaining({
          name: 'Nightly export',
          reason: 'TEAM_MEMBER_REMOVED',
          createdBy: admin.userId,
        }),
      },
    ]);
  });
});

describe('transferOwnership', () => {
  it('the owner hands over: one owner, the old owner an admin, an audit entry', async () => {
    const owner = await signUpCompany(server);
    const heir = await addEndUser(server, owner.companyId, { role: 'MEMBER', name: 'Hana' });
    expect(await run(TRANSFER, { userId: userId(heir) }, owner.token)).toMatchObject({
      data: { role: 'OWNER' },
    });
    expect([await roleOf(owner), await roleOf(heir)]).toEqual(['ADMIN', 'OWNER']);
    // The old owner, now an admin, may not take it back.
    expect(await run(TRANSFER, { userId: userId(owner) }, owner.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await auditActions(owner.companyId)).toEqual([
      {
        action: 'OWNERSHIP_TRANSFERRED',
        actorUserId: owner.userId,
        targetId: String(heir.userId),
        details: { name: 'Hana', from: 'MEMBER' },
      },
    ]);
  });

  it('two transfers at once leave exactly one owner', async () => {
    const owner = await signUpCompany(server);
    const first = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const second = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    const results = await Promise.all([
      run(TRANSFER, { userId: userId(first) }, owner.token),
      run(TRANSFER, { userId: userId(second) }, owner.token),
    ]);
    expect(results.filter((r) => r.__typename === 'MutationTransferOwnershipSuccess')).toHaveLength(
      1,
    );
    const owners = await server.deps.prisma.user.count({
      where: { companyId: owner.companyId, role: 'OWNER' },
    });
    expect(owners).toBe(1);
    expect(await roleOf(owner)).toBe('ADMIN');
  });

  it('refuses an end user as heir (not found) and the owner themselves', async () => {
    const owner = await signUpCompany(server);
    const endUser = await addEndUser(server, owner.companyId);
    expect(await run(TRANSFER, { userId: userId(endUser) }, owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await run(TRANSFER, { userId: userId(owner) }, owner.token)).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await roleOf(owner)).toBe('OWNER');
  });
});
