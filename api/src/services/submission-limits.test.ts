import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer, UNLIMITED_FOR_TESTS } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { globalId } from '../schema/ids.ts';

// Outside attack (issue 33): one end user posted 120 ideas in 3 s. Small limits here, so a test
// reaches them in a few calls: 3 per user, 5 per address.
let server: TTestServer;
let company: TRestCompany;
let member: TTestAccount;

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: 1,
    rateLimits: {
      ...UNLIMITED_FOR_TESTS,
      ideaSubmission: { perIp: 5, perAccount: 3, windowSeconds: 600 },
      commentSubmission: { perIp: 5, perAccount: 3, windowSeconds: 600 },
    },
  });
  company = await restCompany(server);
  member = await addEndUser(server, company.owner.companyId, { role: 'MEMBER' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let titles = 0;
/** Submits an idea over REST as `token` from `ip`: the response. */
function restIdea(token: string, ip: string) {
  titles += 1;
  return server.call('POST', '/api/v1/ideas/', {
    token,
    headers: { 'x-board-id': String(company.boardId), 'x-forwarded-for': ip },
    body: { title: `Limited idea number ${titles}` },
  });
}

function graphqlIdea(token: string, ip: string) {
  titles += 1;
  return server.call('POST', '/graphql', {
    token,
    headers: { 'x-forwarded-for': ip },
    body: {
      query: `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) { __typename } }`,
      variables: {
        boardId: globalId('Board', company.boardId),
        title: `Limited idea number ${titles}`,
      },
    },
  });
}

function restComment(token: string, ip: string) {
  return server.call('POST', `/api/v1/ideas/${company.ideaId}/comments`, {
    token,
    headers: { 'x-forwarded-for': ip },
    body: { text: 'Me too, please.' },
  });
}

function graphqlComment(token: string, ip: string) {
  return server.call('POST', '/graphql', {
    token,
    headers: { 'x-forwarded-for': ip },
    body: {
      query: `mutation ($ideaId: ID!) { addComment(ideaId: $ideaId, text: "Me too, please.") { __typename } }`,
      variables: { ideaId: globalId('Idea', company.ideaId) },
    },
  });
}

type TResponse = { status: number; body: any; headers: Headers };

function expectRefused(response: TResponse, sentence: RegExp) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  const error = response.body.error ?? response.body.errors?.[0]?.extensions;
  expect(error.code).toBe('RATE_LIMITED');
  const message = response.body.error?.message ?? response.body.errors[0].message;
  expect(message).toMatch(sentence);
}

const ideasBy = (userId: number) =>
  server.deps.prisma.idea.count({ where: { authorId: userId, boardId: company.boardId } });

describe('end users’ ideas', () => {
  it('are limited per user, REST and GraphQL together, with 429 and Retry-After; nothing is stored past it', async () => {
    const user = await addEndUser(server, company.owner.companyId);
    const ip = newAddress();
    expect((await restIdea(user.token, ip)).status).toBe(201);
    const graphql = await graphqlIdea(user.token, ip);
    expect(graphql.body.data.createIdea.__typename).toBe('MutationCreateIdeaSuccess');
    expect((await restIdea(user.token, newAddress())).status).toBe(201);
    expectRefused(
      await restIdea(user.token, ip),
      /^You have submitted many ideas lately\. Please wait \d+ minutes? and try again\.$/,
    );
    expectRefused(await graphqlIdea(user.token, newAddress()), /submitted many ideas/);
    expect(await ideasBy(user.userId)).toBe(3);
    // Another end user keeps their own allowance.
    const other = await addEndUser(server, company.owner.companyId);
    expect((await restIdea(other.token, newAddress())).status).toBe(201);
  });

  it('are limited per address too: new accounts from one address share it', async () => {
    const ip = newAddress();
    for (let n = 0; n < 5; n += 1) {
      const user = await addEndUser(server, company.owner.companyId);
      expect((await restIdea(user.token, ip)).status).toBe(201);
    }
    const late = await addEndUser(server, company.owner.companyId);
    expectRefused(await restIdea(late.token, ip), /submitted many ideas/);
    expect(await ideasBy(late.userId)).toBe(0);
  });

  it('leave the company’s team free', async () => {
    const ip = newAddress();
    for (let n = 0; n < 8; n += 1) {
      expect((await restIdea(member.token, ip)).status).toBe(201);
      expect((await restIdea(company.owner.token, ip)).status).toBe(201);
    }
    // The team's posts did not use the address's allowance either.
    const user = await addEndUser(server, company.owner.companyId);
    expect((await restIdea(user.token, ip)).status).toBe(201);
  });
});

describe('end users’ comments', () => {
  it('are limited per user, REST and GraphQL together; the team is not counted', async () => {
    const user = await addEndUser(server, company.owner.companyId);
    const ip = newAddress();
    expect((await restComment(user.token, ip)).status).toBe(201);
    expect((await graphqlComment(user.token, ip)).body.data.addComment.__typename).toBe(
      'MutationAddCommentSuccess',
    );
    expect((await restComment(user.token, ip)).status).toBe(201);
    expectRefused(
      await restComment(user.token, ip),
      /^You have posted many comments lately\. Please wait \d+ minutes? and try again\.$/,
    );
    expectRefused(await graphqlComment(user.token, newAddress()), /posted many comments/);
    const stored = await server.deps.prisma.comment.count({ where: { authorId: user.userId } });
    expect(stored).toBe(3);
    for (let n = 0; n < 6; n += 1) {
      expect((await restComment(member.token, ip)).status).toBe(201);
    }
  });
});
