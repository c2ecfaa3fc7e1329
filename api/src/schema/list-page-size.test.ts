import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardId, gql, mutate, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId } from './ids.ts';

// Issue 33 F7: the GraphQL lists REST pages now were bounded already: Idea.comments and
// companyUsers are connections whose page is at most 100 whatever `first` asks. This keeps it so.

let server: TTestServer;
let owner: TTestAccount;
let ideaId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  const boardId = await createBoardId(server, owner.token, 'Page size board');
  const idea = await mutate(
    server,
    'createIdea',
    `mutation ($boardId: ID!) { createIdea(boardId: $boardId, title: "Many comments here") {
      __typename ... on MutationCreateIdeaSuccess { data { id } } } }`,
    { boardId },
    owner.token,
  );
  ideaId = idea.id;
  const prisma = server.deps.prisma;
  await prisma.comment.createMany({
    data: Array.from({ length: 130 }, (_, i) => ({
      ideaId: decodeId(ideaId, 'Idea'),
      authorId: owner.userId,
      text: `Comment number ${i}`,
    })),
  });
  await prisma.user.createMany({
    data: Array.from({ length: 130 }, (_, i) => ({
      companyId: owner.companyId,
      displayName: `Listed user ${i}`,
    })),
  });
});

afterAll(async () => {
  await server?.close();
});

describe('GraphQL list pages are bounded (issue 33 F7)', () => {
  it('answers at most 100 of an idea’s comments however many `first` asks for', async () => {
    const { body } = await gql(
      server,
      `query ($id: ID!, $first: Int) { idea(id: $id) {
        comments(first: $first) { totalCount pageInfo { hasNextPage } edges { cursor } } } }`,
      { id: ideaId, first: 100_000 },
      owner.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.idea.comments.edges).toHaveLength(100);
    expect(body.data.idea.comments.pageInfo.hasNextPage).toBe(true);
    expect(body.data.idea.comments.totalCount).toBe(130);
    const plain = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { comments { edges { cursor } } } }`,
      { id: ideaId },
      owner.token,
    );
    expect(plain.body.data.idea.comments.edges).toHaveLength(50);
  });

  it('answers at most 100 company users however many `first` asks for', async () => {
    const { body } = await gql(
      server,
      `query { companyUsers(first: 100000) { totalCount pageInfo { hasNextPage } edges { cursor } } }`,
      {},
      owner.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.companyUsers.edges).toHaveLength(100);
    expect(body.data.companyUsers.pageInfo.hasNextPage).toBe(true);
    expect(body.data.companyUsers.totalCount).toBe(131);
  });
});
