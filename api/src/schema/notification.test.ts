import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  createBoardId,
  gql,
  mutate,
  signUpCompany,
} from '../testing/graphql-client.ts';
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

describe('mentions in internal notes', () => {
  const LIST = `{ viewer { unreadNotificationCount notifications { edges { node {
    kind comment { text isInternal } } } } } }`;

  it('reach only sessions with team power: an end-user-scoped session gets neither the note nor the count', async () => {
    const boardId = await createBoardId(server, owner.token, 'Notes board');
    const idea = await mutate(
      server,
      'createIdea',
      `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
        __typename ... on MutationCreateIdeaSuccess { data { id } } } }`,
      { boardId, title: 'An idea with internal notes' },
      owner.token,
    );
    const ideaId = Number(Buffer.from(idea.id, 'base64').toString().split(':')[1]);
    const note = await server.deps.prisma.comment.create({
      data: {
        ideaId,
        authorId: owner.userId,
        text: 'INTERNALMENTION secret plan',
        isInternal: true,
      },
    });
    const open = await server.deps.prisma.comment.create({
      data: { ideaId, authorId: owner.userId, text: 'A public comment mentioning you' },
    });
    for (const account of [member, endUser]) {
      await server.deps.prisma.notification.deleteMany({ where: { userId: account.userId } });
      await server.deps.prisma.notification.createMany({
        data: [note, open].map((comment) => ({
          userId: account.userId,
          companyId: owner.companyId,
          kind: 'MENTION' as const,
          commentId: comment.id,
          ideaId,
          actorId: owner.userId,
        })),
      });
    }
    const texts = async (account: TTestAccount) => {
      const { body } = await gql(server, LIST, {}, account.token);
      expect(body.errors).toBeUndefined();
      return {
        unread: body.data.viewer.unreadNotificationCount,
        texts: body.data.viewer.notifications.edges.map(
          (edge: { node: { comment: { text: string } | null } }) => edge.node.comment?.text,
        ),
      };
    };
    // The team reads both.
    expect(await texts(member)).toEqual({
      unread: 2,
      texts: ['A public comment mentioning you', 'INTERNALMENTION secret plan'],
    });
    // The end user (role END_USER, as a widget session of an unenrolled team member also is)
    // is told of the public mention only.
    expect(await texts(endUser)).toEqual({
      unread: 1,
      texts: ['A public comment mentioning you'],
    });
  });
});
