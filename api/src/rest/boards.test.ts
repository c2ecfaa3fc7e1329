import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, signUpCompany } from '../testing/graphql-client.ts';
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
  member = await addEndUser(server, a.owner.companyId);
});
afterAll(async () => {
  await server?.close();
});

const settings = (boardId: number | string): TRouteCall[] => [
  { method: 'PUT', path: `/boards/${boardId}/name`, body: { name: 'A new board name' } },
  { method: 'PUT', path: `/boards/${boardId}/language`, body: { language: 'pl-PL' } },
  { method: 'PUT', path: `/boards/${boardId}/theme`, body: { primary: 'ff0000' } },
  { method: 'PUT', path: `/boards/${boardId}/set-public`, body: { isPublic: true } },
];
const signedInRoutes = (boardId: number | string): TRouteCall[] => [
  { method: 'GET', path: `/boards/${boardId}/widget-setup` },
  ...settings(boardId),
];
const allRoutes = (boardId: number | string): TRouteCall[] => [
  { method: 'GET', path: `/boards/${boardId}` },
  { method: 'GET', path: `/boards/${boardId}/limits` },
  { method: 'GET', path: `/boards/${boardId}/releases` },
  ...signedInRoutes(boardId),
];

describe('GET /boards/{id}', () => {
  it('answers the board field by field', async () => {
    const board = await expectCall(server, 'GET', `/boards/${a.boardId}`, 200, {
      token: a.owner.token,
    });
    expect(board).toEqual({
      id: a.boardId,
      name: expect.stringMatching(/^Fixture board/),
      description: null,
      boardSlug: expect.stringMatching(/^fixture-board-/),
      color: '53d23d',
      language: 'en-US',
      isPublic: true,
      active: true,
      theme: { primary: '53d23d', primaryText: 'ffffff', text: '000000', background: 'ffffff' },
      // Beside the spec's fields, for the board's team only: who sees it when private.
      access: { ssoAccess: false, allowedEmailDomains: [], allowedCustomerCompanyIds: [] },
    });
  });

  it('creates a board with its access settings, checked as PUT /boards/{id}/access does, and shows them to its admins only', async () => {
    const customer = await server.deps.prisma.customerCompany.create({
      data: { companyId: a.owner.companyId, externalId: 'cust-access', name: 'Access Customer' },
    });
    const foreignCustomer = await server.deps.prisma.customerCompany.create({
      data: { companyId: b.owner.companyId, externalId: 'cust-foreign', name: 'Foreign Customer' },
    });
    const boardsBefore = await server.deps.prisma.board.count({
      where: { companyId: a.owner.companyId },
    });
    const create = (body: Record<string, unknown>) =>
      server.call('POST', `/api/v1/companies/${a.owner.companyId}/boards`, {
        token: a.owner.token,
        body: { name: 'Granted board', ...body },
      });
    const badDomain = await create({ allowedEmailDomains: ['not a domain'] });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.error.fields).toEqual([
      { field: 'allowedEmailDomains.0', message: 'It has to be a domain name, e.g. example.com.' },
    ]);
    const otherCompanys = await create({ allowedCustomerCompanyIds: [foreignCustomer.id] });
    expect(otherCompanys.status).toBe(400);
    expect(otherCompanys.body.error.fields).toEqual([
      { field: 'allowedCustomerCompanyIds.0', message: 'No such customer company.' },
    ]);
    // An id past the database's integer is no customer company, not a 500 (the REST fuzz).
    const pastInteger = await create({ allowedCustomerCompanyIds: [2_147_483_648] });
    expect(pastInteger.status).toBe(400);
    expect(pastInteger.body.error.fields).toEqual([
      { field: 'allowedCustomerCompanyIds.0', message: 'No such customer company.' },
    ]);
    const notBoolean = await create({ ssoAccess: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error.fields[0].field).toBe('ssoAccess');
    // Refused creations made nothing.
    expect(await server.deps.prisma.board.count({ where: { companyId: a.owner.companyId } })).toBe(
      boardsBefore,
    );

    const created = await create({
      isPublic: false,
      ssoAccess: true,
      allowedEmailDomains: ['@Example.COM', 'acme.io', 'example.com'],
      allowedCustomerCompanyIds: [customer.id],
    });
    expect(created.status).toBe(201);
    const access = {
      ssoAccess: true,
      allowedEmailDomains: ['example.com', 'acme.io'],
      allowedCustomerCompanyIds: [customer.id],
    };
    const asOwner = await expectCall(server, 'GET', `/boards/${created.body.id}`, 200, {
      token: a.owner.token,
    });
    expect(asOwner).toMatchObject({ isPublic: false, access });
    // A MEMBER reads the board, not who may see it (the rule of GraphQL's fields too).
    const teamMember = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
    const asMember = await expectCall(server, 'GET', `/boards/${created.body.id}`, 200, {
      token: teamMember.token,
    });
    expect(asMember).toMatchObject({ isPublic: false });
    expect(asMember.access).toBeUndefined();
    // The grant works from the start: an end user at the allowed domain reads the board, without `access`.
    const granted = await expectCall(server, 'GET', `/boards/${created.body.id}`, 200, {
      token: member.token,
    });
    expect(granted.access).toBeUndefined();
    // Anonymous and another company's callers read a public board without it.
    expect((await expectCall(server, 'GET', `/boards/${a.boardId}`, 200)).access).toBeUndefined();
    expect(
      (await expectCall(server, 'GET', `/boards/${a.boardId}`, 200, { token: b.owner.token }))
        .access,
    ).toBeUndefined();
  });

  it('shows a public board to anyone, a private one only to its company', async () => {
    await expectCall(server, 'GET', `/boards/${a.boardId}`, 200);
    await expectCall(server, 'GET', `/boards/${b.boardId}`, 404);
    await expectCall(server, 'GET', `/boards/${b.boardId}`, 404, { token: a.owner.token });
    await expectCall(server, 'GET', `/boards/${b.boardId}`, 200, { token: b.owner.token });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 404 to the id %j', async (id) => {
    const body = await expectCall(server, 'GET', `/boards/${id}`, 404);
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Board not found.' } });
  });
});

describe('GET /boards/{id}/limits', () => {
  it('answers cappedIdeas: 0 without a cap, and counts the ideas past the plan’s cap', async () => {
    expect(await expectCall(server, 'GET', `/boards/${a.boardId}/limits`, 200)).toEqual({
      cappedIdeas: 0,
    });
    // FREE shows 5 ideas: the 6th and 7th are capped.
    const free = await signUpCompany(server);
    const { id: boardId } = await expectCall(
      server,
      'POST',
      `/companies/${free.companyId}/boards`,
      201,
      { token: free.token, body: { name: 'Capped board' } },
    );
    for (let i = 1; i <= 7; i += 1) {
      await expectCall(server, 'POST', '/ideas/', 201, {
        token: free.token,
        headers: { 'x-board-id': String(boardId) },
        body: { title: `Idea number ${i}` },
      });
    }
    expect(
      await expectCall(server, 'GET', `/boards/${boardId}/limits`, 200, { token: free.token }),
    ).toEqual({ cappedIdeas: 2 });
  });
});

describe('GET /boards/{id}/releases', () => {
  it('lists the board’s releases with their parts; others see only published ones', async () => {
    const releases = await expectCall(server, 'GET', `/boards/${a.boardId}/releases`, 200, {
      token: a.owner.token,
    });
    expect(releases).toEqual([
      {
        id: a.releaseId,
        name: expect.any(String),
        releaseDate: '2026-01-15',
        isPublished: false,
        parts: [{ id: a.partId, title: 'A generic part' }],
        companyId: a.owner.companyId,
        // Issue 20's release notes, added beside the spec's fields.
        body: '',
        bodyHtml: '',
        coverImageUrl: null,
        labels: [],
      },
    ]);
    expect(await expectCall(server, 'GET', `/boards/${a.boardId}/releases`, 200)).toEqual([]);
    await expectCall(server, 'PUT', `/releases/${a.releaseId}/publish`, 200, {
      token: a.owner.token,
      body: { published: true },
    });
    const anonymous = await expectCall(server, 'GET', `/boards/${a.boardId}/releases`, 200);
    expect(anonymous.map((r: any) => r.id)).toEqual([a.releaseId]);
    await expectCall(server, 'PUT', `/releases/${a.releaseId}/publish`, 200, {
      token: a.owner.token,
      body: { published: false },
    });
  });

  it('refuses an unknown filter naming it', async () => {
    const body = await expectCall(server, 'GET', `/boards/${a.boardId}/releases?filter=SOON`, 400);
    expect(body.error.fields).toEqual([
      { field: 'filter', message: 'It has to be one of: ALL, PUBLISHED, UNPUBLISHED.' },
    ]);
  });
});

describe('GET /boards/{id}/widget-setup', () => {
  it('answers the board hash to its admins only', async () => {
    const setup = await expectCall(server, 'GET', `/boards/${a.boardId}/widget-setup`, 200, {
      token: a.owner.token,
    });
    expect(setup).toEqual({ boardHash: expect.stringMatching(/^[\w-]{16,}$/) });
    await expectCall(server, 'GET', `/boards/${a.boardId}/widget-setup`, 403, {
      token: member.token,
    });
  });
});

describe('board settings', () => {
  it('renames, sets the language, theme and visibility; a second read shows each change', async () => {
    const { boardId, owner } = await restCompany(server);
    const token = owner.token;
    const renamed = await expectCall(server, 'PUT', `/boards/${boardId}/name`, 200, {
      token,
      body: { name: '  Roadmap and ideas  ' },
    });
    expect(renamed).toMatchObject({ id: boardId, name: 'Roadmap and ideas' });
    await expectCall(server, 'PUT', `/boards/${boardId}/language`, 200, {
      token,
      body: { language: 'pl' },
    });
    const themed = await expectCall(server, 'PUT', `/boards/${boardId}/theme`, 200, {
      token,
      body: { primary: '#FF8800', primaryText: '123456', text: '123456', background: '123456' },
    });
    expect(themed.theme).toEqual({
      primary: 'ff8800',
      primaryText: 'ffffff',
      text: '000000',
      background: 'ffffff',
    });
    await expectCall(server, 'PUT', `/boards/${boardId}/set-public`, 200, {
      token,
      body: { isPublic: false },
    });

    const board = await expectCall(server, 'GET', `/boards/${boardId}`, 200, { token });
    expect(board).toMatchObject({
      name: 'Roadmap and ideas',
      boardSlug: expect.stringMatching(/^fixture-board-/),
      language: 'pl-PL',
      color: 'ff8800',
      isPublic: false,
      theme: { primary: 'ff8800' },
    });
    await expectCall(server, 'GET', `/boards/${boardId}`, 404);
  });

  it.each([
    ['name', {}, 'name', 'This field is required.'],
    ['name', { name: 'short' }, 'name', 'It has to be 6 characters at least.'],
    ['name', { name: 'x'.repeat(101) }, 'name', 'It has to be max 100 characters.'],
    ['name', { name: 42 }, 'name', 'It has to be text.'],
    ['language', {}, 'language', 'This field is required.'],
    ['language', { language: 'de-DE' }, 'language', 'It has to be one of: en-US, pl-PL.'],
    ['theme', {}, 'primary', 'This field is required.'],
    [
      'theme',
      { primary: 'red' },
      'primary',
      'It has to be a hex colour: 3 or 6 hex digits, or 4 or 8 with alpha (e.g. 53d23d).',
    ],
    ['set-public', {}, 'isPublic', 'This field is required.'],
    ['set-public', { isPublic: 'yes' }, 'isPublic', 'It has to be true or false.'],
  ])('PUT %s refuses %j naming %s', async (path, body, field, message) => {
    const answer = await expectCall(server, 'PUT', `/boards/${a.boardId}/${path}`, 400, {
      token: a.owner.token,
      body,
    });
    expect(answer.error.code).toBe('VALIDATION');
    expect(answer.error.fields).toEqual([{ field, message }]);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await server.call('PUT', `/api/v1/boards/${a.boardId}/name`, {
      token: a.owner.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('BAD_REQUEST');
  });

  it.each(cases(settings))('%s is for admins: an end user is forbidden', async (_t, index) => {
    const call = settings(a.boardId)[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 403, { token: member.token, body: call.body });
  });

  it('answers 402 PLAN_LIMIT on a board the plan made view-only, and changes nothing', async () => {
    const free = await signUpCompany(server);
    const ids: number[] = [];
    for (const name of ['First board', 'Second board']) {
      const { id } = await expectCall(server, 'POST', `/companies/${free.companyId}/boards`, 201, {
        token: free.token,
        body: { name },
      });
      ids.push(id);
    }
    const inactive = await expectCall(server, 'GET', `/boards/${ids[1]}`, 200, {
      token: free.token,
    });
    expect(inactive.active).toBe(false);
    for (const call of settings(ids[1] ?? 0)) {
      const body = await expectCall(server, call.method, call.path, 402, {
        token: free.token,
        body: call.body,
      });
      expect(body.error.code).toBe('PLAN_LIMIT');
    }
    expect(
      await expectCall(server, 'GET', `/boards/${ids[1]}`, 200, { token: free.token }),
    ).toEqual(inactive);
  });
});

/** [title with {id}, index] for it.each over a route list. */
const cases = (routes: (id: string) => TRouteCall[]) =>
  routes('{id}').map((call, index) => [callTitle(call), index] as const);

describe('requires authentication', () => {
  it.each(cases(signedInRoutes))('%s answers 401 without a token', async (_title, index) => {
    const call = signedInRoutes(a.boardId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 401, { body: call.body });
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });

  it.each(cases(allRoutes))('%s answers 401 to a bad token', async (_title, index) => {
    const call = allRoutes(a.boardId)[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 401, {
      token: 'not-a-session',
      body: call.body,
    });
  });
});

describe("another company's id is not found", () => {
  it.each(cases(allRoutes))('%s with another company’s board answers 404', async (_t, index) => {
    const call = allRoutes(b.boardId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 404, {
      token: a.owner.token,
      body: call.body,
    });
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Board not found.' });
  });
});
