import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { globalId } from '../../schema/ids.ts';
import { checkIdeaCounts } from '../idea/check-idea-counts.ts';
import { MAX_IDEA_TAGS } from '../tag/tag-input.ts';
import { MAX_BULK_IDEAS } from './bulk-idea-ids.ts';

let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let member: TTestAccount;
let endUser: TTestAccount;
let secondBoardId: number;

const OUTCOMES =
  'outcomes { isChanged idea { id status voteCount commentCount board { id } tags { name } customStatus { id } } }';
const SET_STATUS = `mutation ($ideaIds: [ID!]!, $status: IdeaStatus!, $customStatusId: ID) {
  bulkSetIdeaStatus(ideaIds: $ideaIds, status: $status, customStatusId: $customStatusId) {
  __typename ... on MutationBulkSetIdeaStatusSuccess { data { ${OUTCOMES} } } ${APP_ERROR} } }`;
const ADD_TAG = `mutation ($ideaIds: [ID!]!, $tagId: ID!) { bulkAddIdeaTag(ideaIds: $ideaIds, tagId: $tagId) {
  __typename ... on MutationBulkAddIdeaTagSuccess { data { ${OUTCOMES} } } ${APP_ERROR} } }`;
const REMOVE_TAG = `mutation ($ideaIds: [ID!]!, $tagId: ID!) { bulkRemoveIdeaTag(ideaIds: $ideaIds, tagId: $tagId) {
  __typename ... on MutationBulkRemoveIdeaTagSuccess { data { ${OUTCOMES} } } ${APP_ERROR} } }`;
const MOVE = `mutation ($ideaIds: [ID!]!, $boardId: ID!) { bulkMoveIdeas(ideaIds: $ideaIds, boardId: $boardId) {
  __typename ... on MutationBulkMoveIdeasSuccess { data { ${OUTCOMES} board { id } fromBoards { id } } } ${APP_ERROR} } }`;

const ids = (ideaIds: number[]) => ideaIds.map((id) => globalId('Idea', id));
const setStatus = (ideaIds: number[], status: string, token: string, customStatusId?: string) =>
  mutate(
    server,
    'bulkSetIdeaStatus',
    SET_STATUS,
    { ideaIds: ids(ideaIds), status, customStatusId },
    token,
  );
const addTag = (ideaIds: number[], tagId: string, token: string) =>
  mutate(server, 'bulkAddIdeaTag', ADD_TAG, { ideaIds: ids(ideaIds), tagId }, token);
const removeTag = (ideaIds: number[], tagId: string, token: string) =>
  mutate(server, 'bulkRemoveIdeaTag', REMOVE_TAG, { ideaIds: ids(ideaIds), tagId }, token);
const move = (ideaIds: number[], boardId: number, token: string) =>
  mutate(
    server,
    'bulkMoveIdeas',
    MOVE,
    { ideaIds: ids(ideaIds), boardId: globalId('Board', boardId) },
    token,
  );

async function newIdea(title: string, company = acme, boardId = company.boardId): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(boardId) },
    body: { title },
  });
  return idea.id;
}

async function createTag(name: string, company = acme): Promise<string> {
  const tag = await mutate(
    server,
    'createTag',
    `mutation ($name: String!) { createTag(name: $name, color: "1f6feb", isPrivate: false) {
      __typename ... on MutationCreateTagSuccess { data { id } } ${APP_ERROR} } }`,
    { name },
    company.owner.token,
  );
  return tag.id;
}

/** The ideas' rows as they are (status, board, tags), to show that a refusal wrote nothing. */
const rowsOf = (ideaIds: number[]) =>
  server.deps.prisma.idea.findMany({
    where: { id: { in: ideaIds } },
    orderBy: { id: 'asc' },
    select: { id: true, status: true, customStatusId: true, boardId: true, tags: true },
  });
const activityOf = (ideaIds: number[]) =>
  server.deps.prisma.ideaActivity.count({ where: { ideaId: { in: ideaIds } } });

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, acme.owner.companyId);
  const board = await expectCall(server, 'POST', `/companies/${acme.owner.companyId}/boards`, 201, {
    token: acme.owner.token,
    body: { name: 'Second board' },
  });
  secondBoardId = board.id;
  // New boards are private: this one grants the company's example.com end users, so endUser
  // reads the ideas moved onto it.
  await server.deps.prisma.board.update({
    where: { id: secondBoardId },
    data: { allowedEmailDomains: ['example.com'] },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('bulkSetIdeaStatus', () => {
  it('sets the status of each idea as a single change would: mails, webhooks, activity', async () => {
    const ideaIds = [await newIdea('Bulk status one'), await newIdea('Bulk status two')];
    for (const ideaId of ideaIds) {
      await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: endUser.token });
    }
    const webhook = await server.deps.prisma.webhook.create({
      data: {
        companyId: acme.owner.companyId,
        url: 'https://hooks.example.com/bulk',
        events: ['IDEA_STATUS_CHANGED'],
        secret: 'test-secret',
      },
    });
    const mails = () =>
      server.deps.prisma.mail.count({ where: { userId: endUser.userId, topic: 'IDEA_STATUS' } });
    const deliveries = () =>
      server.deps.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } });

    const result = await setStatus(ideaIds, 'PLANNED', member.token);
    expect(result.outcomes).toEqual(
      ideaIds.map((ideaId) => ({
        isChanged: true,
        idea: expect.objectContaining({ id: globalId('Idea', ideaId), status: 'PLANNED' }),
      })),
    );
    expect(await mails()).toBe(2);
    expect(await deliveries()).toBe(2);
    expect(
      await server.deps.prisma.ideaActivity.count({
        where: { ideaId: { in: ideaIds }, kind: 'STATUS_CHANGED' },
      }),
    ).toBe(2);

    // The status they have already: nothing changes, nobody is mailed again.
    const again = await setStatus(ideaIds, 'PLANNED', member.token);
    expect(again.outcomes.map((o: { isChanged: boolean }) => o.isChanged)).toEqual([false, false]);
    expect(await mails()).toBe(2);
    expect(await deliveries()).toBe(2);
    await server.deps.prisma.webhook.delete({ where: { id: webhook.id } });
  });

  it('changes nothing when one idea may not take the status', async () => {
    const onBoard = await newIdea('Stays open on the first board');
    const elsewhere = await newIdea('On the second board', acme, secondBoardId);
    const status = await mutate(
      server,
      'createBoardStatus',
      `mutation ($boardId: ID!) { createBoardStatus(boardId: $boardId, kind: PLANNED, nameEn: "Next sprint", namePl: "Następny sprint", color: "1f6feb") {
        __typename ... on MutationCreateBoardStatusSuccess { data { id } } ${APP_ERROR} } }`,
      { boardId: globalId('Board', acme.boardId) },
      acme.owner.token,
    );
    const before = await rowsOf([onBoard, elsewhere]);
    const activity = await activityOf([onBoard, elsewhere]);
    // The custom status belongs to the first board: the second idea may not take it.
    expect(await setStatus([onBoard, elsewhere], 'PLANNED', member.token, status.id)).toMatchObject(
      {
        code: 'NOT_FOUND',
        fields: [{ field: 'ideaIds.1', message: 'Status not found.' }],
      },
    );
    // A status of another kind is the single change's VALIDATION error, naming the idea.
    expect(await setStatus([onBoard], 'IN_PROGRESS', member.token, status.id)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'ideaIds.0', message: 'It has to be a status of kind IN_PROGRESS.' }],
    });
    // Another company's idea is not found, and the caller's own idea keeps its status.
    expect(await setStatus([onBoard, other.ideaId], 'COMPLETE', member.token)).toMatchObject({
      code: 'NOT_FOUND',
      fields: [{ field: 'ideaIds.1', message: 'Idea not found.' }],
    });
    expect(await rowsOf([onBoard, elsewhere])).toEqual(before);
    expect(await activityOf([onBoard, elsewhere])).toBe(activity);

    // Each on its own terms: the first idea takes the custom status.
    const done = await setStatus([onBoard], 'PLANNED', member.token, status.id);
    expect(done.outcomes[0].idea.customStatus).toEqual({ id: status.id });
  });

  it('refuses end users, signed-out callers and bad lists of ideas', async () => {
    const ideaId = await newIdea('Only the team triages');
    expect(await setStatus([ideaId], 'PLANNED', endUser.token)).toMatchObject({
      code: 'FORBIDDEN',
      fields: [{ field: 'ideaIds.0' }],
    });
    const anonymous = await gql(server, SET_STATUS, { ideaIds: ids([ideaId]), status: 'PLANNED' });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await setStatus([], 'PLANNED', member.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'ideaIds', message: 'Choose at least one idea.' }],
    });
    expect(await setStatus([ideaId, ideaId], 'PLANNED', member.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'ideaIds', message: 'Name each idea once.' }],
    });
    const tooMany = Array.from({ length: MAX_BULK_IDEAS + 1 }, (_, index) => index + 1);
    expect(await setStatus(tooMany, 'PLANNED', member.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'ideaIds', message: 'Choose at most 100 ideas at once.' }],
    });
    expect(await setStatus([ideaId], 'DECLINED', member.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'status' }],
    });
    expect((await rowsOf([ideaId]))[0]?.status).toBe('OPEN');
  });
});

describe('bulkAddIdeaTag and bulkRemoveIdeaTag', () => {
  it('tags and untags ideas, telling which ones changed', async () => {
    const tagId = await createTag('Bulk mobile');
    const [first, second] = [await newIdea('Tag me in bulk'), await newIdea('Tag me too')];
    await addTag([first!], tagId, member.token);
    const added = await addTag([first!, second!], tagId, member.token);
    expect(added.outcomes).toEqual([
      { isChanged: false, idea: expect.objectContaining({ tags: [{ name: 'Bulk mobile' }] }) },
      { isChanged: true, idea: expect.objectContaining({ tags: [{ name: 'Bulk mobile' }] }) },
    ]);
    const removed = await removeTag([second!], tagId, member.token);
    expect(removed.outcomes).toEqual([
      { isChanged: true, idea: expect.objectContaining({ tags: [] }) },
    ]);
    const twice = await removeTag([second!], tagId, member.token);
    expect(twice.outcomes[0].isChanged).toBe(false);
  });

  it('tags no idea when one would pass the cap, or is another company’s', async () => {
    const tagId = await createTag('One too many');
    const full = await newIdea('Carries every tag it may');
    const plain = await newIdea('Carries none');
    for (let index = 0; index < MAX_IDEA_TAGS; index += 1) {
      await addTag([full], await createTag(`Filler ${index}`), member.token);
    }
    expect(await addTag([plain, full], tagId, member.token)).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'ideaIds.1', message: `An idea carries at most ${MAX_IDEA_TAGS} tags.` }],
    });
    expect(await addTag([plain, other.ideaId], tagId, member.token)).toMatchObject({
      code: 'NOT_FOUND',
      fields: [{ field: 'ideaIds.1', message: 'Idea not found.' }],
    });
    expect((await rowsOf([plain]))[0]?.tags).toEqual([]);
    // Another company's tag is not found either.
    const theirs = await createTag('Theirs', other);
    expect(await addTag([plain], theirs, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await removeTag([plain], theirs, member.token)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('bulkMoveIdeas', () => {
  it('moves ideas with their votes and comments; lists and counters follow', async () => {
    const ideaIds = [await newIdea('Bulk move one'), await newIdea('Bulk move two')];
    for (const ideaId of ideaIds) {
      await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: endUser.token });
      await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
        token: endUser.token,
        body: { text: 'Keep my comment.' },
      });
    }
    const moved = await move(ideaIds, secondBoardId, member.token);
    expect(moved.board.id).toBe(globalId('Board', secondBoardId));
    expect(moved.fromBoards).toEqual([{ id: globalId('Board', acme.boardId) }]);
    for (const outcome of moved.outcomes) {
      expect(outcome).toMatchObject({
        isChanged: true,
        idea: { voteCount: 1, commentCount: 1, board: { id: globalId('Board', secondBoardId) } },
      });
    }
    const list = await expectCall(server, 'GET', '/ideas/?filter=ALL', 200, {
      token: endUser.token,
      headers: { 'x-board-id': String(secondBoardId) },
    });
    expect(list.ideas.map((idea: { id: number }) => idea.id)).toEqual(
      expect.arrayContaining(ideaIds),
    );
    expect(
      await server.deps.prisma.ideaActivity.count({
        where: { ideaId: { in: ideaIds }, kind: 'MOVED' },
      }),
    ).toBe(2);
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);
  });

  it('refuses across companies and moves nothing when one idea may not move', async () => {
    const ideaIds = [await newIdea('Stay home one'), await newIdea('Stay home two')];
    const before = await rowsOf(ideaIds);
    expect(await move(ideaIds, other.boardId, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Board not found.',
    });
    // The other company's team cannot pull them to their board either.
    expect(await move(ideaIds, other.boardId, other.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await move([...ideaIds, other.ideaId], secondBoardId, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
      fields: [{ field: 'ideaIds.2', message: 'Idea not found.' }],
    });
    const onSecond = await newIdea('Already there', acme, secondBoardId);
    expect(await move([...ideaIds, onSecond], secondBoardId, acme.owner.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'ideaIds.2', message: 'The idea is on this board already.' }],
    });
    expect(await move(ideaIds, secondBoardId, endUser.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await rowsOf(ideaIds)).toEqual(before);
    expect(await activityOf(ideaIds)).toBe(0);
  });
});
