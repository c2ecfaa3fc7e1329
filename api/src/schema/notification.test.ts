import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { globalId } from './ids.ts';

let server: TTestServer;
let owner: TTestAccount;
let member: TTestAccount;
let endUser: TTestAccount;
let otherOwner: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, owner.companyId);
  otherOwner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
});

const MARK = `mutation ($ids: [ID!]) { markNotificationsRead(ids: $ids) {
  __typename ... on MutationMarkNotificationsReadSuccess {
    data { unreadNotificationCount notifications { id isRead } } }
  ... on AppError { code message fields { field message } } } }`;

/** Unread notifications of `account`, as the mention service writes them. */
async function notificationsOf(account: TTestAccount, count: number): Promise<number[]> {
  const rows = await server.deps.prisma.notification.createManyAndReturn({
    data: Array.from({ length: count }, () => ({
      userId: account.userId,
      companyId: account.companyId,
      kind: 'MENTION' as const,
    })),
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

describe('markNotificationsRead', () => {
  it('marks nothing of another user, of the company or another one, and answers as for ids that do not exist', async () => {
    const theirs = await notificationsOf(owner, 2);
    await notificationsOf(member, 1);
    const unknown = [
      globalId('Notification', 2_000_000_001),
      globalId('Notification', 2_000_000_002),
    ];
    for (const caller of [member, endUser, otherOwner]) {
      const foreign = await gql(
        server,
        MARK,
        { ids: theirs.map((id) => globalId('Notification', id)) },
        caller.token,
      );
      const missing = await gql(server, MARK, { ids: unknown }, caller.token);
      expect(foreign.body.errors).toBeUndefined();
      expect(foreign.body.data.markNotificationsRead.data.notifications).toEqual([]);
      // Nothing tells an existing notification of someone else from none at all.
      expect(foreign).toEqual(missing);
    }
    const rows = await server.deps.prisma.notification.findMany({ where: { id: { in: theirs } } });
    expect(rows.map((row) => row.readAt)).toEqual([null, null]);
    // Their owner marks them.
    const own = await gql(
      server,
      MARK,
      { ids: theirs.map((id) => globalId('Notification', id)) },
      owner.token,
    );
    expect(own.body.data.markNotificationsRead.data).toEqual({
      unreadNotificationCount: 0,
      notifications: theirs
        .toReversed()
        .map((id) => ({ id: globalId('Notification', id), isRead: true })),
    });
  });
});
