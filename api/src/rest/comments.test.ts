import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server, { isPublic: false });
  member = await addEndUser(server, a.owner.companyId, { name: 'Mia Member' });
});
afterAll(async () => {
  await server?.close();
});

describe('idea comments', () => {
  it('adds a comment, answered field by field; the list and the idea’s count show it', async () => {
    const comment = await expectCall(server, 'POST', `/ideas/${a.ideaId}/comments`, 201, {
      token: member.token,
      body: { text: '  I would use this daily.  ' },
    });
    expect(comment).toEqual({
      commentDto: {
        id: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        shortMessage: 'I would use this daily.',
      },
      // An end user: no team mark (the widget's "Team" badge reads isTeam), no picture.
      author: { displayName: 'Mia Member', avatarUrl: null, isTeam: false },
      parentId: null,
      isInternal: false,
    });
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/comments`, 201, {
      token: a.owner.token,
      body: { text: 'Planned for next month.' },
    });
    // Anyone may read the comments of an idea on a public board.
    const comments = await expectCall(server, 'GET', `/ideas/${a.ideaId}/comments`, 200);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toEqual(comment);
    expect(comments[1].commentDto.shortMessage).toBe('Planned for next month.');
    // The company's owner is on its team: their comment says so beside the spec's author name.
    expect(comments[1].author).toMatchObject({ isTeam: true });
    expect((await expectCall(server, 'GET', `/ideas/${a.ideaId}`, 200)).commentCount).toBe(2);
  });

  it.each([
    [{}, 'This field is required.'],
    [{ text: '   ' }, 'This field is required.'],
    [{ text: 'short' }, 'It has to be 6 characters at least.'],
    [{ text: 'x'.repeat(501) }, 'It has to be max 500 characters.'],
    [{ text: 123456 }, 'It has to be text.'],
  ])('refuses %j naming the text', async (body, message) => {
    const answer = await expectCall(server, 'POST', `/ideas/${a.ideaId}/comments`, 400, {
      token: member.token,
      body,
    });
    expect(answer.error.fields).toEqual([{ field: 'text', message }]);
  });

  it('answers an empty list for an idea without comments', async () => {
    expect(
      await expectCall(server, 'GET', `/ideas/${b.ideaId}/comments`, 200, {
        token: b.owner.token,
      }),
    ).toEqual([]);
  });
});

describe('requires authentication', () => {
  it('POST /ideas/{id}/comments answers 401 without a token', async () => {
    const body = await expectCall(server, 'POST', `/ideas/${a.ideaId}/comments`, 401, {
      body: { text: 'Anonymous comment' },
    });
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });

  it('GET /ideas/{id}/comments answers 401 to a bad token, 404 anonymously on a private board', async () => {
    await expectCall(server, 'GET', `/ideas/${a.ideaId}/comments`, 401, { token: 'nope' });
    await expectCall(server, 'GET', `/ideas/${b.ideaId}/comments`, 404);
  });
});

describe("another company's id is not found", () => {
  it.each(['GET', 'POST'])(
    '%s /ideas/{id}/comments with another company’s idea answers 404',
    async (method) => {
      const body = await expectCall(server, method, `/ideas/${b.ideaId}/comments`, 404, {
        token: a.owner.token,
        body: { text: 'Cross-company comment' },
      });
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Idea not found.' });
    },
  );

  it.each(['GET', 'POST'])(
    '%s /ideas/{id}/comments with a malformed id answers 404',
    async (method) => {
      await expectCall(server, method, '/ideas/abc/comments', 404, {
        token: a.owner.token,
        body: { text: 'Cross-company comment' },
      });
    },
  );

  it('POST on a public idea of another company answers 404 too', async () => {
    const publicB = await restCompany(server);
    await expectCall(server, 'POST', `/ideas/${publicB.ideaId}/comments`, 404, {
      token: a.owner.token,
      body: { text: 'Cross-company comment' },
    });
  });
});
