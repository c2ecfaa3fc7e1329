import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { globalId } from '../../schema/ids.ts';

let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let admin: TTestAccount;
let member: TTestAccount;
let voter: TTestAccount;

const STATUS_FIELDS = 'id kind nameEn namePl color position';
const CREATE = `mutation ($boardId: ID!, $kind: IdeaStatus!, $nameEn: String!, $namePl: String!, $color: String!) {
  createBoardStatus(boardId: $boardId, kind: $kind, nameEn: $nameEn, namePl: $namePl, color: $color) {
  __typename ... on MutationCreateBoardStatusSuccess { data { ${STATUS_FIELDS} } } ${APP_ERROR} } }`;
const UPDATE = `mutation ($statusId: ID!, $nameEn: String!, $namePl: String!, $color: String!) {
  updateBoardStatus(statusId: $statusId, nameEn: $nameEn, namePl: $namePl, color: $color) {
  __typename ... on MutationUpdateBoardStatusSuccess { data { ${STATUS_FIELDS} } } ${APP_ERROR} } }`;
const REORDER = `mutation ($boardId: ID!, $statusIds: [ID!]!) {
  reorderBoardStatuses(boardId: $boardId, statusIds: $statusIds) {
  __typename ... on MutationReorderBoardStatusesSuccess { data { id } } ${APP_ERROR} } }`;
const DELETE = `mutation ($statusId: ID!, $moveToStatusId: ID) {
  deleteBoardStatus(statusId: $statusId, moveToStatusId: $moveToStatusId) {
  __typename ... on MutationDeleteBoardStatusSuccess { data { deletedStatusId movedIdeaCount } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!, $customStatusId: ID) {
  setIdeaStatus(ideaId: $ideaId, status: $status, customStatusId: $customStatusId) {
  __typename ... on MutationSetIdeaStatusSuccess { data { id status customStatus { id nameEn color } } } ${APP_ERROR} } }`;

const DECLINE = `mutation ($ideaId: ID!, $reason: DeclineReason!, $duplicateOfIdeaId: ID, $customStatusId: ID) {
  declineIdea(ideaId: $ideaId, reason: $reason, duplicateOfIdeaId: $duplicateOfIdeaId, customStatusId: $customStatusId) {
  __typename ... on MutationDeclineIdeaSuccess { data { idea { status customStatus { id nameEn } }
  duplicateOf { voteCount } } } ${APP_ERROR} } }`;
const UNDO = `mutation ($ideaId: ID!) { undoMerge(ideaId: $ideaId) {
  __typename ... on MutationUndoMergeSuccess { data { idea { status customStatus { id } } } } ${APP_ERROR} } }`;
const ACTIVITY = `query ($id: ID!) { idea(id: $id) { activity(first: 5) { edges { node {
  kind cause actor { displayName } fromStatus toStatus fromCustomStatus { nameEn } toCustomStatus { nameEn } } } } } }`;

const decline = (
  ideaId: number,
  variables: { reason: string; duplicateOfIdeaId?: number; customStatusId?: string | null },
  token = acme.owner.token,
) =>
  mutate(
    server,
    'declineIdea',
    DECLINE,
    {
      ideaId: globalId('Idea', ideaId),
      reason: variables.reason,
      duplicateOfIdeaId:
        variables.duplicateOfIdeaId === undefined
          ? undefined
          : globalId('Idea', variables.duplicateOfIdeaId),
      customStatusId: variables.customStatusId,
    },
    token,
  );

async function activityOf(ideaId: number) {
  const { body } = await gql(server, ACTIVITY, { id: globalId('Idea', ideaId) }, admin.token);
  expect(body.errors).toBeUndefined();
  return body.data.idea.activity.edges.map((edge: { node: unknown }) => edge.node);
}

let counter = 0;
async function createStatus(
  boardId: number,
  kind: string,
  token = acme.owner.token,
  name = `Custom ${(counter += 1)}`,
) {
  return mutate(
    server,
    'createBoardStatus',
    CREATE,
    {
      boardId: globalId('Board', boardId),
      kind,
      nameEn: name,
      namePl: `${name} pl`,
      color: '#1F6FEB',
    },
    token,
  );
}

const setStatus = (ideaId: number, status: string, customStatusId: string | null, token: string) =>
  mutate(
    server,
    'setIdeaStatus',
    SET_STATUS,
    { ideaId: globalId('Idea', ideaId), status, customStatusId },
    token,
  );

async function newIdea(title: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title },
  });
  return idea.id;
}

const rowId = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':').pop());

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  admin = await addEndUser(server, acme.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
  voter = await addEndUser(server, acme.owner.companyId);
});
afterAll(async () => {
  await server?.close();
});

describe('managing a board’s statuses', () => {
  it('creates, renames, reorders and lists statuses for admins and owners', async () => {
    const fresh = await restCompany(server);
    const first = await createStatus(acme.boardId, 'PLANNED', admin.token, 'Next quarter');
    expect(first).toMatchObject({ kind: 'PLANNED', nameEn: 'Next quarter', color: '1f6feb' });
    const second = await createStatus(acme.boardId, 'OPEN');
    const renamed = await mutate(
      server,
      'updateBoardStatus',
      UPDATE,
      { statusId: first.id, nameEn: 'This quarter', namePl: 'Ten kwartał', color: '000000' },
      acme.owner.token,
    );
    expect(renamed).toMatchObject({
      kind: 'PLANNED',
      nameEn: 'This quarter',
      namePl: 'Ten kwartał',
    });
    const reordered = await mutate(
      server,
      'reorderBoardStatuses',
      REORDER,
      { boardId: globalId('Board', acme.boardId), statusIds: [second.id, first.id] },
      admin.token,
    );
    expect(reordered.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    const { body } = await gql(
      server,
      `query ($id: ID!) { board(id: $id) { statuses { id nameEn } } }`,
      { id: globalId('Board', acme.boardId) },
      member.token,
    );
    expect(body.data.board.statuses).toEqual([
      { id: second.id, nameEn: second.nameEn },
      { id: first.id, nameEn: 'This quarter' },
    ]);
    // A board that never touched this has none: it shows the spec's statuses.
    const untouched = await gql(
      server,
      `query ($id: ID!) { board(id: $id) { statuses { id } } }`,
      { id: globalId('Board', fresh.boardId) },
      fresh.owner.token,
    );
    expect(untouched.body.data.board.statuses).toEqual([]);
  });

  it('validates the fields and the kind', async () => {
    const bad = await mutate(
      server,
      'createBoardStatus',
      CREATE,
      {
        boardId: globalId('Board', acme.boardId),
        kind: 'NOT_PUBLIC',
        nameEn: 'x',
        namePl: 'p'.repeat(500),
        color: 'red',
      },
      acme.owner.token,
    );
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'color',
      'kind',
      'nameEn',
      'namePl',
    ]);
  });

  it('takes the English name for Polish when the Polish one is left out or blank', async () => {
    for (const namePl of [undefined, null, '   ']) {
      counter += 1;
      const made = await mutate(
        server,
        'createBoardStatus',
        `mutation ($boardId: ID!, $namePl: String) {
          createBoardStatus(boardId: $boardId, kind: PLANNED, nameEn: "Next up ${counter}",
                            namePl: $namePl, color: "1f6feb") {
          __typename ... on MutationCreateBoardStatusSuccess { data { nameEn namePl } } ${APP_ERROR} } }`,
        { boardId: globalId('Board', acme.boardId), ...(namePl === undefined ? {} : { namePl }) },
        acme.owner.token,
      );
      expect(made).toEqual({ nameEn: `Next up ${counter}`, namePl: `Next up ${counter}` });
    }
  });

  it('refuses members and end users; another company’s board or status is not found', async () => {
    const status = await createStatus(acme.boardId, 'REVIEW');
    expect((await createStatus(acme.boardId, 'REVIEW', member.token)).code).toBe('FORBIDDEN');
    expect((await createStatus(acme.boardId, 'REVIEW', voter.token)).code).toBe('FORBIDDEN');
    const memberRename = await mutate(
      server,
      'updateBoardStatus',
      UPDATE,
      { statusId: status.id, nameEn: 'Renamed', namePl: 'Zmieniony', color: '000000' },
      member.token,
    );
    expect(memberRename.code).toBe('FORBIDDEN');
    const memberDelete = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: status.id },
      member.token,
    );
    expect(memberDelete.code).toBe('FORBIDDEN');

    expect((await createStatus(acme.boardId, 'REVIEW', other.owner.token)).code).toBe('NOT_FOUND');
    const foreignRename = await mutate(
      server,
      'updateBoardStatus',
      UPDATE,
      { statusId: status.id, nameEn: 'Renamed', namePl: 'Zmieniony', color: '000000' },
      other.owner.token,
    );
    expect(foreignRename.code).toBe('NOT_FOUND');
    const foreignDelete = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: status.id, moveToStatusId: null },
      other.owner.token,
    );
    expect(foreignDelete.code).toBe('NOT_FOUND');
    // Nor may another company's admin pin one of its statuses on its own idea.
    const otherStatus = await createStatus(other.boardId, 'REVIEW', other.owner.token);
    const foreignSet = await setStatus(acme.ideaId, 'REVIEW', otherStatus.id, acme.owner.token);
    expect(foreignSet.code).toBe('NOT_FOUND');
  });
});

describe('an idea’s custom status', () => {
  it('keeps the kind as status; REST adds customStatus beside it in the board’s language', async () => {
    const ideaId = await newIdea('Custom status on the card');
    const status = await createStatus(acme.boardId, 'IN_PROGRESS', acme.owner.token, 'Building');
    const set = await setStatus(ideaId, 'IN_PROGRESS', status.id, member.token);
    expect(set).toMatchObject({
      status: 'IN_PROGRESS',
      customStatus: { id: status.id, nameEn: 'Building' },
    });

    const read = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: voter.token });
    expect(read.status).toBe('IN_PROGRESS');
    expect(read.customStatus).toEqual({ id: rowId(status.id), name: 'Building', color: '1f6feb' });
    const list = await expectCall(server, 'GET', '/ideas/?filter=IN_PROGRESS', 200, {
      token: voter.token,
      headers: { 'x-board-id': String(acme.boardId) },
    });
    expect(list.ideas.find((idea: { id: number }) => idea.id === ideaId)).toMatchObject({
      status: 'IN_PROGRESS',
      customStatus: { name: 'Building' },
    });
    // The board speaking Polish names it in Polish; other ideas still answer null.
    await server.deps.prisma.board.update({
      where: { id: acme.boardId },
      data: { language: 'pl-PL' },
    });
    const polish = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: voter.token });
    expect(polish.customStatus.name).toBe('Building pl');
    await server.deps.prisma.board.update({
      where: { id: acme.boardId },
      data: { language: 'en-US' },
    });
    const plain = await expectCall(server, 'GET', `/ideas/${acme.ideaId}`, 200, {
      token: voter.token,
    });
    expect(plain.customStatus).toBeNull();

    // The public portal names it too, in the kind's colours.
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: acme.boardId },
      include: { company: true },
    });
    const portal = await fetch(`${server.url}/${board.company.slug}/${board.slug}`);
    expect(await portal.text()).toContain(
      '<span class="badge status-in_progress"><span class="dot status-in_progress" aria-hidden="true"></span>Building</span>',
    );

    // A plain status change drops it (the new kind's default name shows).
    const moved = await setStatus(ideaId, 'PLANNED', null, member.token);
    expect(moved).toMatchObject({ status: 'PLANNED', customStatus: null });
  });

  it('REST lists the board’s custom statuses beside the kinds, and moves an idea to one by its id', async () => {
    const shipped = await createStatus(acme.boardId, 'COMPLETE', acme.owner.token, 'Live for all');
    const listed = await expectCall(server, 'GET', `/boards/${acme.boardId}/statuses`, 200, {
      token: voter.token,
    });
    expect(listed.find((status: { id: number }) => status.id === rowId(shipped.id))).toEqual({
      id: rowId(shipped.id),
      kind: 'COMPLETE',
      name: 'Live for all',
      nameEn: 'Live for all',
      namePl: 'Live for all pl',
      color: '1f6feb',
      position: expect.any(Number),
    });
    // In the board's order, every one of a kind the spec knows.
    expect(listed.map((status: { position: number }) => status.position)).toEqual(
      [...listed.map((status: { position: number }) => status.position)].sort((x, y) => x - y),
    );
    const ideaId = await newIdea('Moved to a custom status over REST');
    const moved = await expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, {
      token: acme.owner.token,
      body: { status: 'COMPLETE', customStatusId: rowId(shipped.id) },
    });
    expect(moved).toMatchObject({
      status: 'COMPLETE',
      customStatus: { id: rowId(shipped.id), name: 'Live for all' },
    });
    // Another company's private board is not found.
    await expectCall(server, 'GET', `/boards/${other.boardId}/statuses`, 200, {
      token: acme.owner.token,
    });
    await server.deps.prisma.board.update({
      where: { id: other.boardId },
      data: { isPublic: false },
    });
    try {
      await expectCall(server, 'GET', `/boards/${other.boardId}/statuses`, 404, {
        token: acme.owner.token,
      });
    } finally {
      await server.deps.prisma.board.update({
        where: { id: other.boardId },
        data: { isPublic: true },
      });
    }
  });

  it('refuses a custom status of another kind, and the database refuses it too', async () => {
    const ideaId = await newIdea('Kind must match');
    const review = await createStatus(acme.boardId, 'REVIEW');
    const refused = await setStatus(ideaId, 'PLANNED', review.id, acme.owner.token);
    expect(refused).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'customStatusId' }] });
    await expect(
      server.deps.prisma.idea.update({
        where: { id: ideaId },
        data: { customStatusId: rowId(review.id) },
      }),
    ).rejects.toThrow();
    // A write that changes the status without naming a custom status drops the old one.
    await server.deps.prisma.idea.update({
      where: { id: ideaId },
      data: { status: 'REVIEW', customStatusId: rowId(review.id) },
    });
    const declined = await server.deps.prisma.idea.update({
      where: { id: ideaId },
      data: { status: 'COMPLETE' },
    });
    expect(declined.customStatusId).toBeNull();
    // So does a move to another board (its statuses are not this board's).
    const complete = await createStatus(acme.boardId, 'COMPLETE', acme.owner.token, 'Shipped it');
    await server.deps.prisma.idea.update({
      where: { id: ideaId },
      data: { customStatusId: rowId(complete.id) },
    });
    const second = await expectCall(
      server,
      'POST',
      `/companies/${acme.owner.companyId}/boards`,
      201,
      {
        token: acme.owner.token,
        body: { name: 'Another board' },
      },
    );
    const moved = await server.deps.prisma.idea.update({
      where: { id: ideaId },
      data: { boardId: second.id },
    });
    expect(moved.customStatusId).toBeNull();
  });

  it('mails, calls webhooks and logs activity as a status change of that kind', async () => {
    const ideaId = await newIdea('Notify me about the custom status');
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: voter.token });
    const webhook = await server.deps.prisma.webhook.create({
      data: {
        companyId: acme.owner.companyId,
        url: 'https://hooks.example.com/feedboard',
        events: ['IDEA_STATUS_CHANGED'],
        secret: 'test-secret',
      },
    });
    const planned = await createStatus(acme.boardId, 'PLANNED', acme.owner.token, 'Next sprint');
    const later = await createStatus(acme.boardId, 'PLANNED', acme.owner.token, 'Later');
    const mails = () =>
      server.deps.prisma.mail.count({ where: { userId: voter.userId, topic: 'IDEA_STATUS' } });
    const deliveries = () =>
      server.deps.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } });
    const activities = () =>
      server.deps.prisma.ideaActivity.findMany({ where: { ideaId, kind: 'STATUS_CHANGED' } });

    await setStatus(ideaId, 'PLANNED', planned.id, member.token);
    expect(await mails()).toBe(1);
    expect(await deliveries()).toBe(1);
    expect((await activities()).at(-1)?.details).toMatchObject({
      fromStatus: 'OPEN',
      toStatus: 'PLANNED',
      fromCustomStatus: null,
      toCustomStatus: { id: rowId(planned.id), nameEn: 'Next sprint' },
    });

    // Another status of the same kind: the team's log shows it, voters and integrators see no change.
    await setStatus(ideaId, 'PLANNED', later.id, member.token);
    expect(await mails()).toBe(1);
    expect(await deliveries()).toBe(1);
    expect(await activities()).toHaveLength(2);
    // The team's log in GraphQL names the custom statuses, newest first.
    const log = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { ... on Idea { activity(first: 5) { edges { node {
        fromStatus toStatus fromCustomStatus { nameEn } toCustomStatus { nameEn namePl } } } } } } }`,
      { id: globalId('Idea', ideaId) },
      member.token,
    );
    expect(log.body.data.node.activity.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      {
        fromStatus: 'PLANNED',
        toStatus: 'PLANNED',
        fromCustomStatus: { nameEn: 'Next sprint' },
        toCustomStatus: { nameEn: 'Later', namePl: 'Later pl' },
      },
      {
        fromStatus: 'OPEN',
        toStatus: 'PLANNED',
        fromCustomStatus: null,
        toCustomStatus: { nameEn: 'Next sprint', namePl: 'Next sprint pl' },
      },
    ]);
    // Setting what it already shows changes nothing.
    await setStatus(ideaId, 'PLANNED', later.id, member.token);
    expect(await activities()).toHaveLength(2);
    await server.deps.prisma.webhook.delete({ where: { id: webhook.id } });
  });
});

describe('declining with a custom status', () => {
  it('shows the DECLINED status picked; REST keeps DECLINED and adds it as customStatus', async () => {
    // The board's first DECLINED status is not the one picked: the pick is what counts.
    await createStatus(acme.boardId, 'DECLINED', acme.owner.token, 'Won’t do');
    const outOfScope = await createStatus(
      acme.boardId,
      'DECLINED',
      acme.owner.token,
      'Out of scope',
    );
    const ideaId = await newIdea('Declined out of scope');
    const declined = await decline(ideaId, {
      reason: 'NOT_RELEVANT',
      customStatusId: outOfScope.id,
    });
    expect(declined.idea).toEqual({
      status: 'DECLINED',
      customStatus: { id: outOfScope.id, nameEn: 'Out of scope' },
    });
    const read = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: voter.token });
    expect(read).toMatchObject({
      status: 'DECLINED',
      customStatus: { id: rowId(outOfScope.id), name: 'Out of scope' },
    });
    expect((await activityOf(ideaId))[0]).toMatchObject({
      kind: 'STATUS_CHANGED',
      fromStatus: 'OPEN',
      toStatus: 'DECLINED',
      fromCustomStatus: null,
      toCustomStatus: { nameEn: 'Out of scope' },
    });
    // Without one (an older client, REST): the status's own name, as before.
    const plainId = await newIdea('Declined the plain way');
    expect((await decline(plainId, { reason: 'OTHER' })).idea.customStatus).toBeNull();
    await expectCall(server, 'POST', `/ideas/${await newIdea('Declined by REST')}/decline`, 200, {
      token: acme.owner.token,
      body: { reason: 'OTHER' },
    });
  });

  it('answers a status of another kind, board or company as a field error, and declines nothing', async () => {
    const ideaId = await newIdea('Declined with a wrong status');
    const planned = await createStatus(acme.boardId, 'PLANNED');
    const board = await expectCall(
      server,
      'POST',
      `/companies/${acme.owner.companyId}/boards`,
      201,
      { token: acme.owner.token, body: { name: 'Declines elsewhere' } },
    );
    const elsewhere = await createStatus(board.id, 'DECLINED');
    const foreign = await createStatus(other.boardId, 'DECLINED', other.owner.token);
    const cases = [
      [planned.id, 'It has to be a status of kind DECLINED.'],
      [elsewhere.id, 'It has to be a status of this board.'],
      [foreign.id, 'It has to be a status of this board.'],
      [globalId('Idea', ideaId), 'It has to be a status of this board.'],
    ];
    for (const [customStatusId, message] of cases) {
      expect(await decline(ideaId, { reason: 'OTHER', customStatusId })).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'customStatusId', message }],
      });
    }
    const idea = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: voter.token });
    expect(idea.status).toBe('OPEN');
  });

  it('merges as a duplicate with the status picked; undo gives back the custom status it showed', async () => {
    const duplicate = await createStatus(acme.boardId, 'DECLINED', acme.owner.token, 'Duplicate');
    const building = await createStatus(acme.boardId, 'IN_PROGRESS', acme.owner.token, 'Coding');
    const keptId = await newIdea('The original request');
    const mergedId = await newIdea('The same request again');
    await setStatus(mergedId, 'IN_PROGRESS', building.id, acme.owner.token);
    await expectCall(server, 'POST', `/ideas/${mergedId}/upvote`, 200, { token: voter.token });
    const merged = await decline(mergedId, {
      reason: 'DUPLICATE',
      duplicateOfIdeaId: keptId,
      customStatusId: duplicate.id,
    });
    expect(merged).toMatchObject({
      idea: { status: 'DECLINED', customStatus: { nameEn: 'Duplicate' } },
      duplicateOf: { voteCount: 1 },
    });
    const undone = await mutate(
      server,
      'undoMerge',
      UNDO,
      { ideaId: globalId('Idea', mergedId) },
      acme.owner.token,
    );
    expect(undone.idea).toEqual({ status: 'IN_PROGRESS', customStatus: { id: building.id } });
    expect((await activityOf(mergedId)).slice(0, 3)).toMatchObject([
      { kind: 'UNMERGED' },
      {
        kind: 'STATUS_CHANGED',
        fromStatus: 'DECLINED',
        toStatus: 'IN_PROGRESS',
        fromCustomStatus: { nameEn: 'Duplicate' },
        toCustomStatus: { nameEn: 'Coding' },
      },
      { kind: 'MERGED' },
    ]);
  });
});

describe('deleting a status that ideas use', () => {
  it('asks where they go, then moves them and deletes in one transaction', async () => {
    const first = await createStatus(acme.boardId, 'COMPLETE', acme.owner.token, 'Shipped');
    const second = await createStatus(acme.boardId, 'COMPLETE', acme.owner.token, 'Released');
    const review = await createStatus(acme.boardId, 'REVIEW');
    const ideas = [await newIdea('Shipped one'), await newIdea('Shipped two')];
    for (const ideaId of ideas) await setStatus(ideaId, 'COMPLETE', first.id, acme.owner.token);

    const asked = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: first.id },
      admin.token,
    );
    expect(asked).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'moveToStatusId' }] });
    expect(asked.fields[0].message).toMatch(/^2 ideas/);
    const wrongKind = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: first.id, moveToStatusId: review.id },
      admin.token,
    );
    expect(wrongKind.code).toBe('VALIDATION');

    const deleted = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: first.id, moveToStatusId: second.id },
      admin.token,
    );
    expect(deleted).toEqual({ deletedStatusId: first.id, movedIdeaCount: 2 });
    // Each moved idea's activity says who moved it, from which status to which, and why.
    const { displayName } = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: admin.userId },
    });
    for (const ideaId of ideas) {
      expect((await activityOf(ideaId))[0]).toEqual({
        kind: 'STATUS_CHANGED',
        cause: 'STATUS_DELETED',
        actor: { displayName },
        fromStatus: 'COMPLETE',
        toStatus: 'COMPLETE',
        fromCustomStatus: { nameEn: 'Shipped' },
        toCustomStatus: { nameEn: 'Released' },
      });
    }
    for (const ideaId of ideas) {
      const idea = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: voter.token });
      expect(idea).toMatchObject({ status: 'COMPLETE', customStatus: { name: 'Released' } });
    }
    // To the kind's default: null.
    const toDefault = await mutate(
      server,
      'deleteBoardStatus',
      DELETE,
      { statusId: second.id, moveToStatusId: null },
      admin.token,
    );
    expect(toDefault.movedIdeaCount).toBe(2);
    const idea = await expectCall(server, 'GET', `/ideas/${ideas[0]}`, 200, { token: voter.token });
    expect(idea).toMatchObject({ status: 'COMPLETE', customStatus: null });
    expect((await activityOf(ideas[0] ?? 0))[0]).toMatchObject({
      cause: 'STATUS_DELETED',
      fromCustomStatus: { nameEn: 'Released' },
      toCustomStatus: null,
    });
  });

  it('rolls the move back when the delete fails', async () => {
    const doomed = await createStatus(acme.boardId, 'REVIEW', acme.owner.token, 'Triage');
    const target = await createStatus(acme.boardId, 'REVIEW', acme.owner.token, 'Looked at');
    const ideaId = await newIdea('Stays on Triage');
    await setStatus(ideaId, 'REVIEW', doomed.id, acme.owner.token);
    // The database refuses this one delete, after the ideas were moved in the same transaction.
    const prisma = server.deps.prisma;
    await prisma.$executeRawUnsafe(`CREATE FUNCTION test_refuse_delete() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'delete refused'; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER "test_refuse_delete" BEFORE DELETE ON "BoardStatus"
      FOR EACH ROW WHEN (OLD."id" = ${rowId(doomed.id)}) EXECUTE FUNCTION test_refuse_delete()`);
    try {
      const failed = await gql(
        server,
        DELETE,
        { statusId: doomed.id, moveToStatusId: target.id },
        acme.owner.token,
      );
      expect(failed.body.errors).toBeDefined();
    } finally {
      await prisma.$executeRawUnsafe('DROP TRIGGER "test_refuse_delete" ON "BoardStatus"');
      await prisma.$executeRawUnsafe('DROP FUNCTION test_refuse_delete()');
    }
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
    expect(idea.customStatusId).toBe(rowId(doomed.id));
    // Nor does its activity say it moved.
    expect(await server.deps.prisma.ideaActivity.count({ where: { ideaId } })).toBe(1);
  });
});
