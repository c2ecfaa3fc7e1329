import { readFileSync, readdirSync } from 'node:fs';
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
import { decodeId } from './ids.ts';

/** A Prisma connection's cursor of a row id, as Pothos writes it. */
const cursorOf = (text: string) => Buffer.from(text).toString('base64');
const rowCursor = (id: number) => cursorOf(`GPC:N:${id}`);

const NOT_A_CURSOR = (field: 'after' | 'before') => ({
  code: 'VALIDATION',
  fields: [{ field, message: 'This is not a cursor of this list.' }],
});

let server: TTestServer;
let ownerA: TTestAccount;
let ownerB: TTestAccount;
let userB: TTestAccount;
let boardA: string;
let ideaA: number;
let otherIdeaA: number;
const releasesA: number[] = [];
let releaseB: number;
let commentsA: number[] = [];
let commentOfOtherIdea: number;
let notificationOfB: number;
beforeAll(async () => {
  server = await startTestServer();
  ownerA = await signUpCompany(server);
  ownerB = await signUpCompany(server);
  // Names around the one of B's user, as the attack's probes were.
  for (const name of ['SSO Omz', 'SSO Ona', 'SSO Onf', 'SSO Onz', 'SSO Ooa']) {
    await addEndUser(server, ownerA.companyId, { name });
  }
  userB = await addEndUser(server, ownerB.companyId, { name: 'SSO One' });
  const { prisma } = server.deps;
  for (const day of ['10', '14', '16', '20']) {
    const release = await prisma.release.create({
      data: {
        companyId: ownerA.companyId,
        name: `A ${day}`,
        releaseDate: new Date(`2027-03-${day}`),
      },
    });
    releasesA.push(release.id);
  }
  releaseB = (
    await prisma.release.create({
      data: { companyId: ownerB.companyId, name: 'B secret', releaseDate: new Date('2027-03-15') },
    })
  ).id;
  boardA = await createBoardId(server, ownerA.token, 'Cursor board');
  const CREATE = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
    __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
  const created = await mutate(
    server,
    'createIdea',
    CREATE,
    { boardId: boardA, title: 'Idea with comments' },
    ownerA.token,
  );
  const other = await mutate(
    server,
    'createIdea',
    CREATE,
    { boardId: boardA, title: 'Another idea here' },
    ownerA.token,
  );
  ideaA = decodeId(created.id, 'Idea');
  otherIdeaA = decodeId(other.id, 'Idea');
  for (const text of ['First comment here', 'Second comment here', 'Third comment here']) {
    const row = await prisma.comment.create({
      data: { ideaId: ideaA, authorId: ownerA.userId, text },
    });
    commentsA.push(row.id);
  }
  commentOfOtherIdea = (
    await prisma.comment.create({
      data: { ideaId: otherIdeaA, authorId: ownerA.userId, text: 'Elsewhere comment' },
    })
  ).id;
  commentsA = commentsA.sort((x, y) => x - y);
  notificationOfB = (
    await prisma.notification.create({
      data: { userId: ownerB.userId, companyId: ownerB.companyId, kind: 'MENTION' },
    })
  ).id;
  await prisma.notification.createMany({
    data: [1, 2, 3].map(() => ({
      userId: ownerA.userId,
      companyId: ownerA.companyId,
      kind: 'MENTION' as const,
    })),
  });
});
afterAll(async () => {
  await server?.close();
});

const USERS = `query ($after: String, $before: String, $first: Int, $last: Int) {
  companyUsers(after: $after, before: $before, first: $first, last: $last) {
    edges { cursor node { displayName } } } }`;
const RELEASES = `query ($after: String, $before: String, $first: Int, $last: Int) {
  releases(after: $after, before: $before, first: $first, last: $last) {
    edges { cursor node { name } } } }`;
const NOTIFICATIONS = `query ($after: String) {
  viewer { notifications(first: 2, after: $after) { edges { cursor node { kind } } } } }`;
const COMMENTS = `query ($id: ID!, $after: String) {
  idea(id: $id) { comments(first: 2, after: $after) { edges { cursor node { text } } } } }`;

describe('cursors of Prisma connections (attack F5)', () => {
  it("refuses another company's user as a companyUsers cursor (no sort position), and keeps paging on its own", async () => {
    const foreign = await gql(
      server,
      USERS,
      { first: 4, after: rowCursor(userB.userId) },
      ownerA.token,
    );
    expect(foreign.body.data?.companyUsers ?? null).toBeNull();
    expect(foreign.body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('after'));
    const backwards = await gql(
      server,
      USERS,
      { last: 4, before: rowCursor(userB.userId) },
      ownerA.token,
    );
    expect(backwards.body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('before'));
    // A cursor of the caller's own list still pages.
    const first = await gql(server, USERS, { first: 2 }, ownerA.token);
    const names = first.body.data.companyUsers.edges.map((e: any) => e.node.displayName);
    const next = await gql(
      server,
      USERS,
      { first: 2, after: first.body.data.companyUsers.edges[1].cursor },
      ownerA.token,
    );
    expect(next.body.errors).toBeUndefined();
    const after = next.body.data.companyUsers.edges.map((e: any) => e.node.displayName);
    expect(after).toHaveLength(2);
    expect(after.some((name: string) => names.includes(name))).toBe(false);
  });

  it("refuses another company's (unpublished) release as a cursor of releases and of Board.releases", async () => {
    const foreign = await gql(
      server,
      RELEASES,
      { first: 4, after: rowCursor(releaseB) },
      ownerA.token,
    );
    expect(foreign.body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('after'));
    const onBoard = await gql(
      server,
      `query ($id: ID!, $after: String) { board(id: $id) { releases(first: 4, after: $after) { edges { node { name } } } } }`,
      { id: boardA, after: rowCursor(releaseB) },
      ownerA.token,
    );
    expect(onBoard.body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('after'));
    const own = await gql(
      server,
      RELEASES,
      { first: 2, after: rowCursor(releasesA[3]!) },
      ownerA.token,
    );
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data.releases.edges.map((e: any) => e.node.name)).toEqual(['A 16', 'A 14']);
  });

  it("refuses another user's notification as a cursor", async () => {
    const foreign = await gql(
      server,
      NOTIFICATIONS,
      { after: rowCursor(notificationOfB) },
      ownerA.token,
    );
    expect(foreign.body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('after'));
  });

  it('answers an empty comments page for a comment of another idea as cursor, and pages on its own', async () => {
    const foreign = await gql(
      server,
      COMMENTS,
      { id: String(ideaA), after: rowCursor(commentOfOtherIdea) },
      ownerA.token,
    );
    expect(foreign.body.errors).toBeUndefined();
    expect(foreign.body.data.idea.comments.edges).toEqual([]);
    const own = await gql(
      server,
      COMMENTS,
      { id: String(ideaA), after: rowCursor(commentsA[0]!) },
      ownerA.token,
    );
    expect(own.body.data.idea.comments.edges.map((e: any) => e.node.text)).toEqual([
      'Second comment here',
      'Third comment here',
    ]);
  });
});

describe('malformed cursors (attack F6)', () => {
  it.each([
    ['not base64 of a cursor', 'eHg='],
    ['a string id', cursorOf('GPC:S:abc')],
    ['an id past PostgreSQL integers', cursorOf('GPC:N:999999999999999999999')],
    ['a date', cursorOf('GPC:D:1700000000000')],
  ])('answers VALIDATION on the argument for %s', async (_name, cursor) => {
    for (const [query, variables] of [
      [RELEASES, { first: 2, after: cursor }],
      [USERS, { first: 2, after: cursor }],
      [NOTIFICATIONS, { after: cursor }],
    ] as const) {
      const { body } = await gql(server, query, variables, ownerA.token);
      expect(body.errors[0].extensions).toMatchObject(NOT_A_CURSOR('after'));
    }
    const backwards = await gql(
      server,
      `query ($before: String) { companyUsers(last: 2, before: $before) { edges { cursor } } }`,
      { before: cursor },
      ownerA.token,
    );
    // A cursor Pothos cannot read at all is answered on `after` (its error names no argument).
    expect(backwards.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION' });
    const comments = await gql(
      server,
      COMMENTS,
      { id: String(ideaA), after: cursor },
      ownerA.token,
    );
    expect(comments.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('every Prisma connection of the schema', () => {
  it('checks its cursor with the one rule (requireCursorInList, cursorInListWhere)', () => {
    // The rule is called in each connection's resolver: a new connection that forgets it would
    // page at another company's row again (attack F5). Counted per schema file.
    const folder = new URL('.', import.meta.url);
    const unchecked: string[] = [];
    for (const name of readdirSync(folder).filter(
      (f) => f.endsWith('.ts') && !f.includes('.test.'),
    )) {
      const text = readFileSync(new URL(name, folder), 'utf8');
      const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
      // Either rule: VALIDATION on a foreign cursor (requireCursorInList), or an empty page
      // (cursorInListWhere: a relatedConnection's, and the comments of an idea).
      const connections = count(/t\.(prismaConnection|relatedConnection)\(/g);
      const checks = count(/await requireCursorInList\(/g) + count(/cursorInListWhere\(/g);
      if (connections > checks)
        unchecked.push(`${name}: ${connections} connections, ${checks} checked`);
    }
    expect(unchecked).toEqual([]);
  });
});
