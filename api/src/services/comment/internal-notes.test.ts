/**
 * Internal notes never reach anyone outside the company's team, on any read path: REST comment
 * lists and idea counts, the widget's board, GraphQL (lists, counts, node lookups), the CSV and
 * privacy exports, webhook payloads, notification mails, live events and the public portal. The
 * team (owner, admin, member, and an API key acting as an admin) reads them. Each path is also
 * shown to carry the public comment beside it, so a path that answered nothing would fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../api-key/api-keys.ts';
import { exportEndUser } from '../privacy/export-end-user.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver } from '../../testing/webhook-receiver.ts';
import { globalId } from '../../schema/ids.ts';
import type { TIdeaChange } from '../../events.ts';

const NOTE = 'Internal: this customer is on the enterprise trial, keep it quiet.';
const REPLY_NOTE = 'Internal reply: sales already knows about it.';
const PUBLIC = 'Thanks, we are looking into this request.';

let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let member: TTestAccount;
let endUser: TTestAccount;
let widgetUser: TTestAccount;
let author: TTestAccount;
let strangerAdmin: TTestAccount;
let apiKey: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let ideaId: number;
let noteId: number;
let replyNoteId: number;
let publicId: number;
let events: TIdeaChange[];

const IDEA = `query ($id: ID!) { idea(id: $id) {
  commentCount internalNoteCount
  comments(first: 50) { totalCount edges { node { id text isInternal parentId } } } } }`;
const NODE = `query ($id: ID!) { node(id: $id) { ... on Comment { text isInternal } } }`;
const ADD = `mutation ($ideaId: ID!, $text: String!, $parentId: ID, $isInternal: Boolean) {
  addComment(ideaId: $ideaId, text: $text, parentId: $parentId, isInternal: $isInternal) {
    __typename ... on MutationAddCommentSuccess { data { id isInternal parentId } } ${APP_ERROR} } }`;

async function collectEvents(boardId: number): Promise<TIdeaChange[]> {
  const received: TIdeaChange[] = [];
  const iterator = server.deps.events.subscribeIdeaChanged(boardId)[Symbol.asyncIterator]();
  const pump = async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      received.push(next.value);
    }
  };
  void pump();
  return received;
}

async function eventually<T>(read: () => T, isDone: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = read();
    if (isDone(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ webhookAllowPrivateUrls: true });
  acme = await restCompany(server);
  other = await restCompany(server);
  const { companyId } = acme.owner;
  member = await addEndUser(server, companyId, { role: 'MEMBER', name: 'Mo Member' });
  endUser = await addEndUser(server, companyId, { name: 'Eve End' });
  widgetUser = await addEndUser(server, companyId, { kind: 'SSO', name: 'Wid Get' });
  author = await addEndUser(server, companyId, { name: 'Ann Author' });
  strangerAdmin = other.owner;
  const owner = { ...acme.owner, role: 'OWNER' as const, kind: 'REGULAR' as const };
  ({ key: apiKey } = await createApiKey(
    server.deps,
    { userId: owner.userId, companyId, role: 'OWNER', kind: 'REGULAR', sessionId: 1 },
    { name: 'Integration' },
  ));
  await mutate(
    server,
    'createWebhook',
    `mutation ($url: String!) { createWebhook(url: $url, events: [COMMENT_ADDED]) {
      __typename ... on MutationCreateWebhookSuccess { data { secret } } ${APP_ERROR} } }`,
    { url: receiver.url },
    acme.owner.token,
  );

  // The author's idea, accepted so every reader sees it.
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: author.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title: 'Export to spreadsheets', description: 'A CSV would do for a start.' },
  });
  ideaId = idea.id;
  await expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, {
    token: acme.owner.token,
    body: { status: 'OPEN' },
  });
  events = await collectEvents(acme.boardId);

  // A member writes the note over GraphQL; the owner replies internally over REST; then the
  // owner comments publicly (the mail, webhook and event the note must not have made).
  const note = await mutate(
    server,
    'addComment',
    ADD,
    { ideaId: globalId('Idea', ideaId), text: NOTE, isInternal: true },
    member.token,
  );
  expect(note).toMatchObject({ isInternal: true, parentId: null });
  noteId = Number(Buffer.from(note.id, 'base64').toString().split(':')[1]);
  const reply = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
    token: acme.owner.token,
    body: { text: REPLY_NOTE, parentId: noteId },
  });
  // A reply to an internal note is internal, even without asking.
  expect(reply).toMatchObject({ isInternal: true, parentId: noteId });
  replyNoteId = reply.commentDto.id;
  const publicComment = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
    token: acme.owner.token,
    body: { text: PUBLIC },
  });
  publicId = publicComment.commentDto.id;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const texts = (list: { commentDto: { shortMessage: string } }[]) =>
  list.map((c) => c.commentDto.shortMessage);

describe('internal notes on every read path', () => {
  it('REST comment lists: anonymous, end user and widget (SSO) user read the public comment only', async () => {
    for (const token of [undefined, endUser.token, widgetUser.token, author.token]) {
      const list = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200, { token });
      expect(texts(list)).toEqual([PUBLIC]);
      expect(list[0]).toMatchObject({ parentId: null, isInternal: false });
    }
    // Another company's admin sees the public board's idea, not the notes.
    const stranger = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200, {
      token: strangerAdmin.token,
    });
    expect(texts(stranger)).toEqual([PUBLIC]);
  });

  it('REST comment lists: the team (owner, member) reads the notes and the thread', async () => {
    for (const token of [acme.owner.token, member.token]) {
      const list = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200, { token });
      expect(texts(list)).toEqual([NOTE, REPLY_NOTE, PUBLIC]);
      expect(list.map((c: { isInternal: boolean }) => c.isInternal)).toEqual([true, true, false]);
      expect(list[1].parentId).toBe(noteId);
    }
  });

  it('commentCount counts public comments only, for every reader, in REST, the widget and GraphQL', async () => {
    for (const token of [undefined, endUser.token, acme.owner.token]) {
      expect(
        (await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token })).commentCount,
      ).toBe(1);
      const list = await expectCall(server, 'GET', '/ideas/', 200, {
        token,
        headers: { 'x-board-id': String(acme.boardId) },
      });
      const listed = list.ideas.find((idea: { id: number }) => idea.id === ideaId);
      expect(listed.commentCount).toBe(1);
    }
    const { widgetHash } = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: acme.boardId },
    });
    const widget = await expectCall(server, 'GET', `/widget/boards/${widgetHash}`, 200, {
      token: widgetUser.token,
    });
    const shown = widget.ideas.ideas.find((idea: { id: number }) => idea.id === ideaId);
    expect(shown.commentCount).toBe(1);
  });

  it('GraphQL: outsiders get public comments, counts without notes, no internalNoteCount and no node', async () => {
    for (const token of [undefined, endUser.token, widgetUser.token, strangerAdmin.token]) {
      const { body } = await gql(server, IDEA, { id: globalId('Idea', ideaId) }, token);
      expect(body.errors).toBeUndefined();
      const idea = body.data.idea;
      expect(idea.commentCount).toBe(1);
      expect(idea.internalNoteCount).toBeNull();
      expect(idea.comments.totalCount).toBe(1);
      expect(idea.comments.edges.map((e: { node: { text: string } }) => e.node.text)).toEqual([
        PUBLIC,
      ]);
      for (const id of [noteId, replyNoteId]) {
        const node = await gql(server, NODE, { id: globalId('Comment', id) }, token);
        expect(node.body.data.node).toBeNull();
      }
      const visible = await gql(server, NODE, { id: globalId('Comment', publicId) }, token);
      expect(visible.body.data.node.text).toBe(PUBLIC);
    }
  });

  it('GraphQL: the team and an admin’s API key read the notes; a key whose creator left the team does not', async () => {
    for (const token of [acme.owner.token, member.token, apiKey]) {
      const { body } = await gql(server, IDEA, { id: globalId('Idea', ideaId) }, token);
      const idea = body.data.idea;
      expect(idea.commentCount).toBe(1);
      expect(idea.internalNoteCount).toBe(2);
      expect(idea.comments.totalCount).toBe(3);
      expect(idea.comments.edges.map((e: { node: { text: string } }) => e.node.text)).toEqual([
        NOTE,
        REPLY_NOTE,
        PUBLIC,
      ]);
      expect(idea.comments.edges[1].node.parentId).toBe(globalId('Comment', noteId));
      const node = await gql(server, NODE, { id: globalId('Comment', noteId) }, token);
      expect(node.body.data.node).toEqual({ text: NOTE, isInternal: true });
    }
    // The key acts with its creator's role at each call: demoted, it is no longer the team.
    await server.deps.prisma.user.update({
      where: { id: acme.owner.userId },
      data: { role: 'END_USER' },
    });
    try {
      const { body } = await gql(server, IDEA, { id: globalId('Idea', ideaId) }, apiKey);
      expect(body.data.idea.comments.totalCount).toBe(1);
      expect(body.data.idea.internalNoteCount).toBeNull();
    } finally {
      await server.deps.prisma.user.update({
        where: { id: acme.owner.userId },
        data: { role: 'OWNER' },
      });
    }
  });

  it('the CSV export counts public comments and holds no note', async () => {
    const response = await server.call('GET', `/api/v1/boards/${acme.boardId}/export/ideas.csv`, {
      token: acme.owner.token,
    });
    expect(response.status).toBe(200);
    const csv = String(response.body);
    const row = csv.split('\n').find((line) => line.startsWith(`${ideaId},`));
    expect(row).toContain('Export to spreadsheets,OPEN,0,1,');
    expect(csv).not.toContain('enterprise trial');
  });

  it('the privacy export of a member who left the team keeps their notes out', async () => {
    await server.deps.prisma.user.update({
      where: { id: member.userId },
      data: { role: 'END_USER' },
    });
    try {
      await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
        token: member.token,
        body: { text: 'A public word from the former member.' },
      });
      const document = await exportEndUser(
        server.deps,
        {
          userId: acme.owner.userId,
          companyId: acme.owner.companyId,
          role: 'OWNER',
          kind: 'REGULAR',
          sessionId: 1,
        },
        member.userId,
      );
      expect(document.comments.map((c) => c.text)).toEqual([
        'A public word from the former member.',
      ]);
    } finally {
      await server.deps.prisma.user.update({
        where: { id: member.userId },
        data: { role: 'MEMBER' },
      });
    }
  });

  it('webhooks carry the public comment only', async () => {
    const deliveries = await eventually(
      () => receiver.received.filter((d) => d.json?.type === 'comment.added'),
      (list) => list.length >= 1,
    );
    expect(deliveries.map((d) => d.json.data.comment.text)).toContain(PUBLIC);
    for (const delivery of receiver.received) {
      expect(delivery.body).not.toContain('enterprise trial');
      expect(delivery.body).not.toContain('sales already knows');
    }
    const rows = await server.deps.prisma.webhookDelivery.findMany();
    expect(rows.some((row) => row.body.includes(PUBLIC))).toBe(true);
    expect(rows.some((row) => row.body.includes('enterprise trial'))).toBe(false);
  });

  it('notification mails: the author is mailed the public comment, never the notes', async () => {
    const mails = await server.deps.prisma.mail.findMany({ where: { userId: author.userId } });
    expect(mails.some((mail) => mail.text.includes(PUBLIC))).toBe(true);
    const all = await server.deps.prisma.mail.findMany();
    for (const mail of all) {
      expect(mail.text).not.toContain('enterprise trial');
      expect(mail.text).not.toContain('sales already knows');
    }
  });

  it('live events: the notes published nothing; the public comment’s count is 1', async () => {
    const commented = await eventually(
      () => events.filter((e) => e.kind === 'COMMENTED' && e.ideaId === ideaId),
      (list) => list.length >= 1,
    );
    expect(commented[0]?.commentCount).toBe(1);
  });

  it('the public portal page shows the public comment, not the notes', async () => {
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: acme.boardId },
      include: { company: true },
    });
    const response = await fetch(
      `${server.url}/${board.company.slug}/${board.slug}/ideas/${ideaId}`,
      { redirect: 'follow' },
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Thanks, we are looking into this request.');
    expect(html).not.toContain('enterprise trial');
    expect(html).not.toContain('sales already knows');
  });
});

describe('who may write notes and replies', () => {
  it('end users may not write internal notes (forbidden), nor reply to one (not found)', async () => {
    const refused = await server.call('POST', `/api/v1/ideas/${ideaId}/comments`, {
      token: endUser.token,
      body: { text: 'Let me in on the secret', isInternal: true },
    });
    expect(refused.status).toBe(403);
    const hidden = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 400, {
      token: endUser.token,
      body: { text: 'Replying to something I cannot see', parentId: noteId },
    });
    expect(hidden.error.fields).toEqual([{ field: 'parentId', message: 'Comment not found' }]);
  });

  it('replies are one level deep; a reply to a public comment may be public or internal', async () => {
    const reply = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
      token: endUser.token,
      body: { text: 'Would love to see this soon.', parentId: publicId },
    });
    expect(reply).toMatchObject({ parentId: publicId, isInternal: false });
    const deeper = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 400, {
      token: acme.owner.token,
      body: { text: 'Replying to the reply', parentId: reply.commentDto.id },
    });
    expect(deeper.error.fields).toEqual([
      {
        field: 'parentId',
        message: 'Replies are one level deep: reply to the comment that starts the thread.',
      },
    ]);
    const internalReply = await mutate(
      server,
      'addComment',
      ADD,
      {
        ideaId: globalId('Idea', ideaId),
        text: 'Internal reply to a public comment.',
        parentId: globalId('Comment', publicId),
        isInternal: true,
      },
      member.token,
    );
    expect(internalReply).toMatchObject({
      isInternal: true,
      parentId: globalId('Comment', publicId),
    });
    const publicList = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200);
    expect(texts(publicList)).not.toContain('Internal reply to a public comment.');
  });

  it('a parent must be a comment of the same idea; another company’s comment is not found', async () => {
    const foreign = await expectCall(server, 'POST', `/ideas/${other.ideaId}/comments`, 201, {
      token: other.owner.token,
      body: { text: 'A comment elsewhere.' },
    });
    for (const parentId of [foreign.commentDto.id, 99_999_999, 'nope']) {
      const answer = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 400, {
        token: acme.owner.token,
        body: { text: 'Which thread is this?', parentId },
      });
      expect(answer.error.fields).toEqual([{ field: 'parentId', message: 'Comment not found' }]);
    }
    const badFlag = await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 400, {
      token: acme.owner.token,
      body: { text: 'A flag that is not one', isInternal: 'yes' },
    });
    expect(badFlag.error.fields).toEqual([
      { field: 'isInternal', message: 'It has to be true or false.' },
    ]);
  });
});
