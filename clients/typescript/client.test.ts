import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../../api/src/testing/test-server.ts';
import type { TTestServer } from '../../api/src/testing/test-server.ts';
import { createFeedboardClient } from './index.ts';

/**
 * The typed client (generated from the OpenAPI document) against a real server: what it sends
 * is what the routes take, and what they answer reads as the types say.
 */
let server: TTestServer;
let company: TRestCompany;
let hash: string;

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server);
  hash = (
    await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
      token: company.owner.token,
    })
  ).boardHash;
});
afterAll(async () => {
  await server?.close();
});

describe('the typed REST client', () => {
  it('reads a public board anonymously, signs up, lists, votes and reads the profile', async () => {
    let token: string | null = null;
    const client = createFeedboardClient({ baseUrl: server.url, token: () => token });

    const board = await client.GET('/widget/boards/{hash}', {
      params: { path: { hash }, query: { sort: 'VOTES' } },
    });
    expect(board.response.status).toBe(200);
    expect(board.data?.board.id).toBe(company.boardId);

    const signedUp = await client.POST('/widget/boards/{hash}/signup', {
      params: { path: { hash } },
      body: { email: `typed-${Date.now()}@example.com`, password: 'typed-password', name: 'Typed' },
    });
    expect(signedUp.response.status).toBe(201);
    token = signedUp.data?.token ?? null;
    expect(token).toEqual(expect.any(String));

    const page = await client.GET('/ideas', {
      params: {
        header: { 'x-board-id': String(company.boardId) },
        query: { sort: 'VOTES', limit: 10 },
      },
    });
    expect(page.response.status).toBe(200);
    const idea = page.data?.ideas.find((row) => row.id === company.ideaId);
    expect(idea).toMatchObject({ isVotedByMe: false });

    const voted = await client.POST('/ideas/{id}/upvote', {
      params: { path: { id: String(company.ideaId) } },
    });
    expect(voted.data).toMatchObject({ isVotedByMe: true, voteCount: (idea?.voteCount ?? 0) + 1 });

    const profile = await client.GET('/profile');
    expect(profile.data?.emailConfirmed).toBe(false);
  });

  it('answers the error body the document declares', async () => {
    const client = createFeedboardClient({ baseUrl: server.url });
    const missing = await client.GET('/ideas/{id}', { params: { path: { id: '999999' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('NOT_FOUND');
  });
});
