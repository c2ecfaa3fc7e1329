import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, setPlan, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { callTitle, expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany, TRouteCall } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
beforeAll(async () => {
  // FREE's caps are what these tests check: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
  a = await restCompany(server);
  b = await restCompany(server, { isPublic: false });
  member = await addEndUser(server, a.owner.companyId, { name: 'Aaron Member' });
});
afterAll(async () => {
  await server?.close();
});

// The fixture companies are on ULTRA, and a lower plan cannot be bought (spec 4).
const UPGRADE = { product: 'ULTRA', channel: 'STRIPE', amount: 199, months: 1 };

const routes = (id: number | string): TRouteCall[] => [
  { method: 'GET', path: `/companies/${id}/pricing` },
  { method: 'GET', path: `/companies/${id}/boards` },
  { method: 'POST', path: `/companies/${id}/boards`, body: { name: 'Another board' } },
  { method: 'GET', path: `/companies/${id}/releases` },
  {
    method: 'POST',
    path: `/companies/${id}/releases`,
    body: { name: 'v2', releaseDate: '2026-03-01', boardIds: [] },
  },
  { method: 'GET', path: `/companies/${id}/users` },
  { method: 'GET', path: `/companies/${id}/subscription` },
  { method: 'GET', path: `/companies/${id}/payments` },
  { method: 'POST', path: `/companies/${id}/subscription/upgrade/`, body: UPGRADE },
];
const adminOnly = (id: number | string) =>
  routes(id).filter((call) => !/\/(boards|releases)$/.test(call.path) || call.method === 'POST');
const cases = (list: (id: string) => TRouteCall[]) =>
  list('{id}').map((call, index) => [callTitle(call), index] as const);

describe('GET /companies/{id}/pricing', () => {
  it('answers each paid plan with a monthly and a 20% cheaper yearly option', async () => {
    const pricing = await expectCall(
      server,
      'GET',
      `/companies/${a.owner.companyId}/pricing`,
      200,
      {
        token: a.owner.token,
      },
    );
    expect(pricing.map((entry: any) => entry.product)).toEqual(['STARTUP', 'COMPANY', 'ULTRA']);
    expect(pricing[1]).toEqual({
      product: 'COMPANY',
      options: [
        { months: 1, price: { amountMinor: 4900, amount: 49 } },
        {
          months: 12,
          price: { amountMinor: 58800, amount: 588 },
          discountedPrice: { amountMinor: 47040, amount: 470.4 },
        },
      ],
    });
  });
});

describe('companies/{id}/boards', () => {
  it('creates a board (answering its id) that the list then shows, field by field', async () => {
    const created = await expectCall(
      server,
      'POST',
      `/companies/${a.owner.companyId}/boards`,
      201,
      { token: a.owner.token, body: { name: 'Mobile app ideas', companyId: b.owner.companyId } },
    );
    expect(created).toEqual({ id: expect.any(Number) });
    const boards = await expectCall(server, 'GET', `/companies/${a.owner.companyId}/boards`, 200, {
      token: a.owner.token,
    });
    expect(boards.find((board: any) => board.id === created.id)).toEqual({
      id: created.id,
      name: 'Mobile app ideas',
      description: null,
      boardSlug: 'mobile-app-ideas',
      color: '53d23d',
      language: 'en-US',
      isPublic: false,
      active: true,
      theme: { primary: '53d23d', primaryText: 'ffffff', text: '000000', background: 'ffffff' },
    });
    // The body's companyId does not move the board to another company.
    const others = await expectCall(server, 'GET', `/companies/${b.owner.companyId}/boards`, 200, {
      token: b.owner.token,
    });
    expect(others.map((board: any) => board.id)).toEqual([b.boardId]);
  });

  it('lets end users of the company list its boards, not create them', async () => {
    const boards = await expectCall(server, 'GET', `/companies/${a.owner.companyId}/boards`, 200, {
      token: member.token,
    });
    expect(boards.map((board: any) => board.id)).toContain(a.boardId);
    await expectCall(server, 'POST', `/companies/${a.owner.companyId}/boards`, 403, {
      token: member.token,
      body: { name: 'Member board' },
    });
  });

  it('creates a view-only board past the plan’s cap (active: false), listed last', async () => {
    const free = await signUpCompany(server);
    for (const name of ['First board', 'Second board']) {
      await expectCall(server, 'POST', `/companies/${free.companyId}/boards`, 201, {
        token: free.token,
        body: { name },
      });
    }
    const boards = await expectCall(server, 'GET', `/companies/${free.companyId}/boards`, 200, {
      token: free.token,
    });
    expect(boards.map((board: any) => [board.name, board.active])).toEqual([
      ['First board', true],
      ['Second board', false],
    ]);
  });

  it.each([
    [{}, 'This field is required.'],
    [{ name: 'short' }, 'It has to be 6 characters at least.'],
    [{ name: 'x'.repeat(51) }, 'It has to be max 50 characters.'],
  ])('refuses %j naming the name', async (body, message) => {
    const answer = await expectCall(server, 'POST', `/companies/${a.owner.companyId}/boards`, 400, {
      token: a.owner.token,
      body,
    });
    expect(answer.error.fields).toEqual([{ field: 'name', message }]);
  });
});

describe('companies/{id}/releases', () => {
  it('creates an unpublished release that the company list then shows, newest first', async () => {
    const created = await expectCall(
      server,
      'POST',
      `/companies/${a.owner.companyId}/releases`,
      201,
      {
        token: a.owner.token,
        body: {
          name: 'Spring',
          releaseDate: '2026-04-01',
          companyId: a.owner.companyId,
          boardIds: [a.boardId],
        },
      },
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Spring',
      releaseDate: '2026-04-01',
      isPublished: false,
      parts: [],
      companyId: a.owner.companyId,
      // Issue 20's release notes, added beside the spec's fields.
      body: '',
      bodyHtml: '',
      coverImageUrl: null,
      labels: [],
    });
    const releases = await expectCall(
      server,
      'GET',
      `/companies/${a.owner.companyId}/releases`,
      200,
      { token: a.owner.token },
    );
    expect(releases.map((r: any) => r.id)).toEqual([created.id, a.releaseId]);
    const unpublished = await expectCall(
      server,
      'GET',
      `/companies/${a.owner.companyId}/releases?filter=published`,
      200,
      { token: a.owner.token },
    );
    expect(unpublished).toEqual([]);
  });

  it.each([
    [{ releaseDate: '2026-04-01' }, 'name', 'This field is required.'],
    [
      { name: 'x'.repeat(17), releaseDate: '2026-04-01' },
      'name',
      'It has to be max 16 characters.',
    ],
    [{ name: 'v3' }, 'releaseDate', 'This field is required.'],
    [{ name: 'v3', releaseDate: '2026' }, 'releaseDate', 'It has to be 6 characters at least.'],
    [
      { name: 'v3', releaseDate: '01/04/2026' },
      'releaseDate',
      'It has to be a date as YYYY-MM-DD.',
    ],
    [
      { name: 'v3', releaseDate: '2026-02-30' },
      'releaseDate',
      'It has to be a real calendar date.',
    ],
    [
      { name: 'v3', releaseDate: '2026-04-01', boardIds: 'all' },
      'boardIds',
      'It has to be a list of board ids.',
    ],
  ])('refuses %j naming %s', async (body, field, message) => {
    const answer = await expectCall(
      server,
      'POST',
      `/companies/${a.owner.companyId}/releases`,
      400,
      { token: a.owner.token, body },
    );
    expect(answer.error.fields).toContainEqual({ field, message });
  });

  it('refuses another company’s board in boardIds', async () => {
    const answer = await expectCall(
      server,
      'POST',
      `/companies/${a.owner.companyId}/releases`,
      400,
      {
        token: a.owner.token,
        body: { name: 'v4', releaseDate: '2026-04-01', boardIds: [b.boardId] },
      },
    );
    expect(answer.error.fields).toEqual([{ field: 'boardIds', message: 'Board not found' }]);
  });
});

describe('GET /companies/{id}/users', () => {
  it('lists the company’s users field by field, by display name', async () => {
    const sso = await addEndUser(server, a.owner.companyId, { kind: 'SSO', name: 'Zed Widget' });
    const users = await expectCall(server, 'GET', `/companies/${a.owner.companyId}/users`, 200, {
      token: a.owner.token,
    });
    expect(users.map((u: any) => u.id)).toEqual(
      expect.arrayContaining([a.owner.userId, member.userId, sso.userId]),
    );
    expect(users[0]).toEqual({
      id: member.userId,
      displayName: 'Aaron Member',
      email: member.email,
      photoUrl: null,
      kind: 'REGULAR',
    });
    expect(users.find((u: any) => u.id === sso.userId)).toMatchObject({
      displayName: 'Zed Widget',
      kind: 'SSO',
    });
  });
});

describe('GET /companies/{id}/subscription', () => {
  it('answers the plan in force with its usage', async () => {
    const subscription = await expectCall(
      server,
      'GET',
      `/companies/${b.owner.companyId}/subscription`,
      200,
      { token: b.owner.token },
    );
    expect(subscription).toEqual({
      product: 'ULTRA',
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      usage: { activeBoards: { used: 1, cap: null }, ideas: { used: 1, cap: null } },
    });
    await setPlan(server, b.owner.companyId, 'STARTUP');
    expect(
      await expectCall(server, 'GET', `/companies/${b.owner.companyId}/subscription`, 200, {
        token: b.owner.token,
      }),
    ).toMatchObject({
      product: 'STARTUP',
      usage: { activeBoards: { used: 1, cap: 2 }, ideas: { used: 1, cap: 10 } },
    });
    await setPlan(server, b.owner.companyId, 'ULTRA');
  });
});

describe('POST /companies/{id}/subscription/upgrade/', () => {
  const upgrade = (body: unknown, path = `/companies/${a.owner.companyId}/subscription/upgrade/`) =>
    server.call('POST', `/api/v1${path}`, { token: a.owner.token, body });

  it('answers 503 PAYMENTS_NOT_CONFIGURED to a valid order without a payment provider', async () => {
    for (const path of ['upgrade/', 'upgrade']) {
      const response = await upgrade(
        UPGRADE,
        `/companies/${a.owner.companyId}/subscription/${path}`,
      );
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: {
          code: 'PAYMENTS_NOT_CONFIGURED',
          message: 'Payments are not configured on this server.',
        },
      });
    }
    const yearly = await upgrade({
      product: 'ULTRA',
      channel: 'stripe',
      amount: 1910.4,
      months: 12,
    });
    expect(yearly.body.error.code).toBe('PAYMENTS_NOT_CONFIGURED');
  });

  it.each([
    [{ ...UPGRADE, product: undefined }, 'product', 'This field is required.'],
    [{ ...UPGRADE, product: 'FREE' }, 'product', 'It has to be one of: STARTUP, COMPANY, ULTRA.'],
    [{ ...UPGRADE, months: 6 }, 'months', 'It has to be 1 or 12.'],
    [{ ...UPGRADE, months: undefined }, 'months', 'This field is required.'],
    [{ ...UPGRADE, channel: 'PAYPAL' }, 'channel', 'It has to be one of: STRIPE.'],
    [{ ...UPGRADE, channel: undefined }, 'channel', 'This field is required.'],
    [{ ...UPGRADE, amount: undefined }, 'amount', 'This field is required.'],
    [{ ...UPGRADE, amount: '49' }, 'amount', 'It has to be a number.'],
    [{ ...UPGRADE, amount: 1 }, 'amount', "It has to be the plan's current price: 199.00."],
    [
      { ...UPGRADE, months: 12, amount: 2388 },
      'amount',
      "It has to be the plan's current price: 1910.40.",
    ],
    [
      { ...UPGRADE, product: 'COMPANY', amount: 49 },
      'product',
      'Your plan is ULTRA: a lower plan cannot be bought while it lasts.',
    ],
  ])('refuses %j naming %s', async (body, field, message) => {
    const response = await upgrade(body);
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([{ field, message }]);
  });
});

describe('admin-only routes', () => {
  it.each(cases(adminOnly))('%s forbids an end user of the company', async (_t, index) => {
    const call = adminOnly(a.owner.companyId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 403, {
      token: member.token,
      body: call.body,
    });
    expect(body.error.code).toBe('FORBIDDEN');
  });
});

describe('requires authentication', () => {
  it.each(cases(routes))('%s answers 401 without a token', async (_t, index) => {
    const call = routes(a.owner.companyId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 401, { body: call.body });
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe("another company's id is not found", () => {
  it.each(cases(routes))('%s with another company’s id answers 404', async (_t, index) => {
    const call = routes(b.owner.companyId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 404, {
      token: a.owner.token,
      body: call.body,
    });
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Company not found.' });
  });

  it.each(cases(routes))('%s with a malformed id answers 404', async (_t, index) => {
    const call = routes('abc')[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 404, {
      token: a.owner.token,
      body: call.body,
    });
  });
});
