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
let endUser: TTestAccount;

const TAG_FIELDS = 'id name color isPrivate';
const CREATE = `mutation ($name: String!, $color: String!, $isPrivate: Boolean!) {
  createTag(name: $name, color: $color, isPrivate: $isPrivate) {
  __typename ... on MutationCreateTagSuccess { data { ${TAG_FIELDS} } } ${APP_ERROR} } }`;
const UPDATE = `mutation ($tagId: ID!, $name: String!, $color: String!, $isPrivate: Boolean!) {
  updateTag(tagId: $tagId, name: $name, color: $color, isPrivate: $isPrivate) {
  __typename ... on MutationUpdateTagSuccess { data { ${TAG_FIELDS} } } ${APP_ERROR} } }`;
const DELETE = `mutation ($tagId: ID!) { deleteTag(tagId: $tagId) {
  __typename ... on MutationDeleteTagSuccess { data { deletedTagId } } ${APP_ERROR} } }`;
const ADD = `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename ... on MutationAddIdeaTagSuccess { data { id tags { name } } } ${APP_ERROR} } }`;
const REMOVE = `mutation ($ideaId: ID!, $tagId: ID!) { removeIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename ... on MutationRemoveIdeaTagSuccess { data { id tags { name } } } ${APP_ERROR} } }`;

const createTag = (name: string, isPrivate = false, token = acme.owner.token, color = '#1F6FEB') =>
  mutate(server, 'createTag', CREATE, { name, color, isPrivate }, token);
const tagIdea = (ideaId: number, tagId: string, token: string) =>
  mutate(server, 'addIdeaTag', ADD, { ideaId: globalId('Idea', ideaId), tagId }, token);
const untagIdea = (ideaId: number, tagId: string, token: string) =>
  mutate(server, 'removeIdeaTag', REMOVE, { ideaId: globalId('Idea', ideaId), tagId }, token);

async function newIdea(title: string, company = acme): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title },
  });
  return idea.id;
}

const restIdea = (ideaId: number, token?: string) =>
  expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token });
const restList = (token?: string, query = '') =>
  expectCall(server, 'GET', `/ideas/${query}`, 200, {
    token,
    headers: { 'x-board-id': String(acme.boardId) },
  });
const names = (tags: { name: string }[]) => tags.map((tag) => tag.name);

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  admin = await addEndUser(server, acme.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, acme.owner.companyId);
});
afterAll(async () => {
  await server?.close();
});

describe('managing tags', () => {
  it('lets admins create, rename and delete tags; names are unique per company whatever their case', async () => {
    const tag = await createTag('Mobile', false, admin.token);
    expect(tag).toMatchObject({ name: 'Mobile', color: '1f6feb', isPrivate: false });
    const clash = await createTag('mOBILE');
    expect(clash).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'name', message: 'A tag with this name already exists.' }],
    });
    // Another company may use the same name.
    expect(await createTag('Mobile', false, other.owner.token)).toMatchObject({ name: 'Mobile' });

    const renamed = await mutate(
      server,
      'updateTag',
      UPDATE,
      { tagId: tag.id, name: 'Mobile apps', color: '000000', isPrivate: true },
      acme.owner.token,
    );
    expect(renamed).toMatchObject({ id: tag.id, name: 'Mobile apps', isPrivate: true });
    const ideaId = await newIdea('An idea to delete tags from');
    await tagIdea(ideaId, tag.id, member.token);
    const deleted = await mutate(server, 'deleteTag', DELETE, { tagId: tag.id }, admin.token);
    expect(deleted).toEqual({ deletedTagId: tag.id });
    expect((await restIdea(ideaId, acme.owner.token)).tags).toEqual([]);
  });

  it('checks names and colours', async () => {
    expect(await createTag('')).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'name' }] });
    expect(await createTag('x'.repeat(31))).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'name' }],
    });
    expect(await createTag('x'.repeat(30))).toMatchObject({ name: 'x'.repeat(30) });
    expect(await createTag('Colourless', false, acme.owner.token, 'blue')).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'color' }],
    });
  });

  it("answers another company's tag as not found and refuses members and end users", async () => {
    const tag = await createTag('Billing');
    for (const token of [other.owner.token]) {
      const result = await mutate(
        server,
        'updateTag',
        UPDATE,
        { tagId: tag.id, name: 'Stolen', color: '000000', isPrivate: false },
        token,
      );
      expect(result).toMatchObject({ code: 'NOT_FOUND' });
      expect(await mutate(server, 'deleteTag', DELETE, { tagId: tag.id }, token)).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await createTag('By a member', false, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await createTag('By an end user', false, endUser.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    const { body } = await gql(
      server,
      `query { viewer { company { tags { name } } } }`,
      {},
      acme.owner.token,
    );
    expect(names(body.data.viewer.company.tags)).toContain('Billing');
  });
});

describe('tags on ideas', () => {
  it('lets any team member put tags on and take them off; end users are refused', async () => {
    const tag = await createTag('Exports');
    const ideaId = await newIdea('An idea to tag by the team');
    expect(await tagIdea(ideaId, tag.id, member.token)).toMatchObject({
      tags: [{ name: 'Exports' }],
    });
    // Twice changes nothing.
    expect(await tagIdea(ideaId, tag.id, admin.token)).toMatchObject({
      tags: [{ name: 'Exports' }],
    });
    expect(await untagIdea(ideaId, tag.id, endUser.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await tagIdea(ideaId, tag.id, endUser.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await untagIdea(ideaId, tag.id, member.token)).toMatchObject({ tags: [] });
  });

  it('records who put a tag on and took it off in the idea’s activity, deletion included', async () => {
    const tag = await createTag('Invoices', false, admin.token, '#D73A49');
    const ideaId = await newIdea('An idea whose tags are logged');
    await tagIdea(ideaId, tag.id, member.token);
    // Putting it on twice or taking off a tag it does not carry is no change: no entry.
    await tagIdea(ideaId, tag.id, admin.token);
    await untagIdea(ideaId, tag.id, admin.token);
    await untagIdea(ideaId, tag.id, admin.token);
    await tagIdea(ideaId, tag.id, member.token);
    const deleted = await mutate(server, 'deleteTag', DELETE, { tagId: tag.id }, admin.token);
    expect(deleted.deletedTagId).toBe(tag.id);
    const { body } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { activity { edges { node {
        kind cause tagName tagColor actor { displayName } } } } } }`,
      { id: globalId('Idea', ideaId) },
      member.token,
    );
    expect(body.errors).toBeUndefined();
    const entries = body.data.idea.activity.edges.map((edge: { node: unknown }) => edge.node);
    const who = async (account: TTestAccount) =>
      (await server.deps.prisma.user.findUniqueOrThrow({ where: { id: account.userId } }))
        .displayName;
    const invoices = { tagName: 'Invoices', tagColor: 'd73a49' };
    expect(entries).toEqual([
      {
        kind: 'TAG_REMOVED',
        cause: 'TAG_DELETED',
        ...invoices,
        actor: { displayName: await who(admin) },
      },
      { kind: 'TAG_ADDED', cause: null, ...invoices, actor: { displayName: await who(member) } },
      { kind: 'TAG_REMOVED', cause: null, ...invoices, actor: { displayName: await who(admin) } },
      { kind: 'TAG_ADDED', cause: null, ...invoices, actor: { displayName: await who(member) } },
    ]);
    // The end user who could read the idea sees no activity at all.
    const hidden = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { activity { edges { node { kind } } } } }`,
      { id: globalId('Idea', ideaId) },
      endUser.token,
    );
    expect(hidden.body.data.idea?.activity ?? null).toBeNull();
  });

  it("answers another company's idea or tag as not found", async () => {
    const acmeTag = await createTag('Acme only');
    const otherTag = await createTag('Other only', false, other.owner.token);
    const acmeIdea = await newIdea('An idea of Acme for tenancy');
    const otherIdea = await newIdea('An idea of the other company', other);
    expect(await tagIdea(otherIdea, acmeTag.id, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await tagIdea(acmeIdea, otherTag.id, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await tagIdea(acmeIdea, acmeTag.id, other.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      await server.deps.prisma.ideaTag.count({ where: { ideaId: { in: [acmeIdea, otherIdea] } } }),
    ).toBe(0);
  });
});

describe('private tags', () => {
  let ideaId: number;
  let privateTagId: string;

  beforeAll(async () => {
    ideaId = await newIdea('An idea with public and private tags');
    const open = await createTag('Public roadmap');
    const secret = await createTag('Churn risk', true);
    privateTagId = secret.id;
    await tagIdea(ideaId, open.id, acme.owner.token);
    await tagIdea(ideaId, secret.id, acme.owner.token);
  });

  it('REST shows them to the team only, in the idea and in the list', async () => {
    const both = [
      { id: expect.any(Number), name: 'Churn risk', color: '1f6feb' },
      { id: expect.any(Number), name: 'Public roadmap', color: '1f6feb' },
    ];
    expect((await restIdea(ideaId, member.token)).tags).toEqual(both);
    const listed = (await restList(member.token)).ideas.find((i: any) => i.id === ideaId);
    expect(listed.tags).toEqual(both);
    for (const token of [endUser.token, other.owner.token, undefined]) {
      expect(names((await restIdea(ideaId, token)).tags)).toEqual(['Public roadmap']);
      const seen = (await restList(token)).ideas.find((i: any) => i.id === ideaId);
      expect(names(seen.tags)).toEqual(['Public roadmap']);
    }
  });

  it('GraphQL shows them to the team only, on the idea, the board and by id', async () => {
    const query = `query ($ideaId: ID!, $boardId: ID!, $tagId: ID!) {
      idea: node(id: $ideaId) { ... on Idea { tags { name isPrivate } } }
      board: node(id: $boardId) { ... on Board { tags { name }
        ideas(first: 50) { edges { node { id tags { name } } } } } }
      tag: node(id: $tagId) { id }
    }`;
    const vars = {
      ideaId: globalId('Idea', ideaId),
      boardId: globalId('Board', acme.boardId),
      tagId: privateTagId,
    };
    const team = (await gql(server, query, vars, member.token)).body.data;
    expect(team.idea.tags).toEqual([
      { name: 'Churn risk', isPrivate: true },
      { name: 'Public roadmap', isPrivate: false },
    ]);
    expect(names(team.board.tags)).toContain('Churn risk');
    expect(team.tag).toEqual({ id: privateTagId });
    const listedByTeam = team.board.ideas.edges.find(
      (e: any) => e.node.id === globalId('Idea', ideaId),
    );
    expect(names(listedByTeam.node.tags)).toEqual(['Churn risk', 'Public roadmap']);

    for (const token of [endUser.token, other.owner.token, undefined]) {
      const { body } = await gql(server, query, vars, token);
      expect(body.data.idea.tags).toEqual([{ name: 'Public roadmap', isPrivate: false }]);
      expect(names(body.data.board.tags)).not.toContain('Churn risk');
      expect(body.data.tag).toBeNull();
      const listed = body.data.board.ideas.edges.find(
        (e: any) => e.node.id === globalId('Idea', ideaId),
      );
      expect(names(listed.node.tags)).toEqual(['Public roadmap']);
    }
  });

  it('an end user cannot put a private tag on an idea, nor learn it exists', async () => {
    expect(await tagIdea(ideaId, privateTagId, endUser.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('filtering lists by tag', () => {
  let publicTag: { id: string };
  let privateTag: { id: string };
  let both: number;
  let publicOnly: number;
  let privateOnly: number;
  const rowOf = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':').pop());

  beforeAll(async () => {
    publicTag = await createTag('Filter public');
    privateTag = await createTag('Filter private', true);
    both = await newIdea('Idea with both filter tags');
    publicOnly = await newIdea('Idea with the public filter tag');
    privateOnly = await newIdea('Idea with the private filter tag');
    await newIdea('Idea with no filter tag');
    await tagIdea(both, publicTag.id, member.token);
    await tagIdea(both, privateTag.id, member.token);
    await tagIdea(publicOnly, publicTag.id, member.token);
    await tagIdea(privateOnly, privateTag.id, member.token);
  });

  it('REST ?tag= keeps the ideas carrying it, counted; a private tag matches nothing outside the team', async () => {
    const ids = (page: any) => page.ideas.map((i: any) => i.id).sort();
    const publicPage = await restList(endUser.token, `?tag=${rowOf(publicTag.id)}`);
    expect(ids(publicPage)).toEqual([both, publicOnly].sort());
    expect(publicPage.totalCount).toBe(2);
    const teamPage = await restList(member.token, `?tag=${rowOf(privateTag.id)}`);
    expect(ids(teamPage)).toEqual([both, privateOnly].sort());
    expect(teamPage.totalCount).toBe(2);
    for (const token of [endUser.token, undefined]) {
      const page = await restList(token, `?tag=${rowOf(privateTag.id)}`);
      expect(page).toMatchObject({ ideas: [], totalCount: 0 });
    }
    const bad = await server.call('GET', '/api/v1/ideas/?tag=abc', {
      headers: { 'x-board-id': String(acme.boardId) },
    });
    expect(bad.status).toBe(400);
  });

  it('the widget’s first screen takes ?tag= too', async () => {
    const { widgetHash } = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: acme.boardId },
    });
    const screen = await expectCall(
      server,
      'GET',
      `/widget/boards/${widgetHash}?tag=${rowOf(publicTag.id)}`,
      200,
    );
    expect(screen.ideas.ideas.map((i: any) => i.id).sort()).toEqual([both, publicOnly].sort());
    expect(screen.ideas.ideas.flatMap((i: any) => names(i.tags))).not.toContain('Filter private');
  });

  it('GraphQL Board.ideas(tagIds:) keeps ideas carrying any of them', async () => {
    const query = `query ($boardId: ID!, $tagIds: [ID!]) { board: node(id: $boardId) {
      ... on Board { ideas(tagIds: $tagIds) { totalCount edges { node { id } } } } } }`;
    const run = async (tagIds: string[], token?: string) => {
      const { body } = await gql(
        server,
        query,
        { boardId: globalId('Board', acme.boardId), tagIds },
        token,
      );
      const { totalCount, edges } = body.data.board.ideas;
      return { totalCount, ids: edges.map((e: any) => rowOf(e.node.id)).sort() };
    };
    expect(await run([publicTag.id, privateTag.id], member.token)).toEqual({
      totalCount: 3,
      ids: [both, publicOnly, privateOnly].sort(),
    });
    expect(await run([publicTag.id, privateTag.id], endUser.token)).toEqual({
      totalCount: 2,
      ids: [both, publicOnly].sort(),
    });
    expect(await run([privateTag.id])).toEqual({ totalCount: 0, ids: [] });
  });
});
