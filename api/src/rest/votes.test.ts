import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { callTitle, expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany, TRouteCall } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
let sso: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  member = await addEndUser(server, a.owner.companyId, { name: 'Mia Member' });
  sso = await addEndUser(server, a.owner.companyId, { kind: 'SSO', name: 'Sam Widget' });
});
afterAll(async () => {
  await server?.close();
});

const routes = (id: number | string): TRouteCall[] => [
  { method: 'POST', path: `/ideas/${id}/upvote` },
  { method: 'POST', path: `/ideas/${id}/downvote` },
  { method: 'GET', path: `/ideas/${id}/voters` },
];
const cases = routes('{id}').map((call, index) => [callTitle(call), index] as const);

describe('voting', () => {
  it('upvotes once however often asked, downvotes back; second reads agree', async () => {
    const company = a;
    const id = (
      await expectCall(server, 'POST', '/ideas/', 201, {
        token: company.owner.token,
        headers: { 'x-board-id': String(company.boardId) },
        body: { title: 'Vote for this one' },
      })
    ).id as number;

    const first = await expectCall(server, 'POST', `/ideas/${id}/upvote`, 200, {
      token: member.token,
    });
    expect(first).toEqual({ voteCount: 1, isVotedByMe: true });
    expect(
      await expectCall(server, 'POST', `/ideas/${id}/upvote`, 200, { token: member.token }),
    ).toEqual({ voteCount: 1, isVotedByMe: true });
    await expectCall(server, 'POST', `/ideas/${id}/upvote`, 200, { token: sso.token });

    const seenByMember = await expectCall(server, 'GET', `/ideas/${id}`, 200, {
      token: member.token,
    });
    expect(seenByMember).toMatchObject({ voteCount: 2, isVotedByMe: true });
    const seenByOwner = await expectCall(server, 'GET', `/ideas/${id}`, 200, {
      token: company.owner.token,
    });
    expect(seenByOwner).toMatchObject({ voteCount: 2, isVotedByMe: false });

    const voters = await expectCall(server, 'GET', `/ideas/${id}/voters`, 200, {
      token: company.owner.token,
    });
    expect(voters).toEqual([
      { id: member.userId, name: 'Mia Member' },
      { id: sso.userId, name: 'Sam Widget' },
    ]);

    expect(
      await expectCall(server, 'POST', `/ideas/${id}/downvote`, 200, { token: member.token }),
    ).toEqual({ voteCount: 1, isVotedByMe: false });
    expect(
      await expectCall(server, 'POST', `/ideas/${id}/downvote`, 200, { token: member.token }),
    ).toEqual({ voteCount: 1, isVotedByMe: false });
    expect(
      await expectCall(server, 'GET', `/ideas/${id}/voters`, 200, { token: company.owner.token }),
    ).toEqual([{ id: sso.userId, name: 'Sam Widget' }]);
  });

  it('counts concurrent votes of many users exactly', async () => {
    const voters = await Promise.all(
      Array.from({ length: 8 }, () => addEndUser(server, a.owner.companyId)),
    );
    const before = (await expectCall(server, 'GET', `/ideas/${a.ideaId}`, 200)).voteCount;
    await Promise.all(
      voters.flatMap((voter) => [
        expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: voter.token }),
        expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: voter.token }),
      ]),
    );
    const after = await expectCall(server, 'GET', `/ideas/${a.ideaId}`, 200);
    expect(after.voteCount).toBe(before + 8);
  });

  it('refuses votes on a declined idea (409)', async () => {
    const { id } = await expectCall(server, 'POST', '/ideas/', 201, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title: 'Declined soon' },
    });
    await expectCall(server, 'POST', `/ideas/${id}/decline`, 200, {
      token: a.owner.token,
      body: { reason: 'OTHER' },
    });
    const answer = await expectCall(server, 'POST', `/ideas/${id}/upvote`, 409, {
      token: member.token,
    });
    expect(answer.error.code).toBe('CONFLICT');
  });

  it('shows voters to the idea’s editors only', async () => {
    await expectCall(server, 'GET', `/ideas/${a.ideaId}/voters`, 403, { token: member.token });
  });
});

describe('requires authentication', () => {
  it.each(cases)('%s answers 401 without a token', async (_t, index) => {
    const call = routes(a.ideaId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 401);
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe("another company's id is not found", () => {
  it.each(cases)('%s with another company’s idea answers 404', async (_t, index) => {
    const call = routes(b.ideaId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 404, { token: member.token });
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Idea not found.' });
  });

  it.each(cases)('%s with a malformed id answers 404', async (_t, index) => {
    const call = routes('abc')[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 404, { token: member.token });
  });
});
