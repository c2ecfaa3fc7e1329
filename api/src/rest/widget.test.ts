import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addEndUser, setPlan } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { readSse } from '../testing/sse-reader.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let hashA: string;
let hashB: string;
let secretA: string;
let secretB: string;

async function hashOf(company: TRestCompany): Promise<string> {
  const setup = await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
    token: company.owner.token,
  });
  return setup.boardHash;
}

async function secretOf(company: TRestCompany): Promise<string> {
  const { body } = await server.call('GET', '/api/v1/company', { token: company.owner.token });
  return body.companySecret;
}

let users = 0;
const ssoToken = (secret: string, claims: object = {}) => {
  users += 1;
  // New companies require exp: ten minutes, as the widget tab's samples sign, unless a test sets it.
  return jwt.sign({ id: `customer-user-${users}`, name: `Customer ${users}`, ...claims }, secret, {
    algorithm: 'HS256',
    ...('exp' in claims ? {} : { expiresIn: 600 }),
  });
};

beforeAll(async () => {
  // FREE's caps are what these tests check: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
  a = await restCompany(server);
  b = await restCompany(server, { isPublic: false });
  [hashA, hashB, secretA, secretB] = await Promise.all([
    hashOf(a),
    hashOf(b),
    secretOf(a),
    secretOf(b),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /widget/sso', () => {
  it('creates the SSO user, answers a session that acts as them, and updates them next time', async () => {
    const first = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: {
        boardHash: hashA,
        token: ssoToken(secretA, { id: 'ext-1', name: 'Ada', email: 'ada@example.com' }),
      },
    });
    expect(first).toEqual({
      token: expect.any(String),
      user: {
        id: expect.any(Number),
        displayName: 'Ada',
        email: 'ada@example.com',
        photoUrl: null,
        kind: 'SSO',
      },
    });
    const me = await expectCall(server, 'GET', '/profile', 200, { token: first.token });
    expect(me).toMatchObject({ id: first.user.id });

    const second = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: {
        boardHash: hashA,
        token: ssoToken(secretA, {
          id: 'ext-1',
          name: 'Ada L.',
          avatarUrl: 'https://x.example/a.png',
        }),
      },
    });
    expect(second.user).toEqual({
      id: first.user.id,
      displayName: 'Ada L.',
      email: 'ada@example.com',
      photoUrl: 'https://x.example/a.png',
      kind: 'SSO',
    });
    expect(second.token).not.toBe(first.token);
  });

  it('makes one user when first sign-ins race', async () => {
    const token = ssoToken(secretA, { id: 'racer' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        expectCall(server, 'POST', '/widget/sso', 200, { body: { boardHash: hashA, token } }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.user.id)).size).toBe(1);
    const count = await server.deps.prisma.user.count({
      where: { companyId: a.owner.companyId, externalId: 'racer' },
    });
    expect(count).toBe(1);
  });

  it('keeps the same external id apart per company', async () => {
    const inA = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: { boardHash: hashA, token: ssoToken(secretA, { id: 'shared-id' }) },
    });
    const inB = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: { boardHash: hashB, token: ssoToken(secretB, { id: 'shared-id' }) },
    });
    expect(inA.user.id).not.toBe(inB.user.id);
  });

  it.each([
    ['another company’s secret', () => ssoToken(secretB), /signature does not match/],
    [
      'an expired token',
      () => ssoToken(secretA, { exp: Math.floor(Date.now() / 1000) - 60 }),
      /expired/,
    ],
    [
      'alg none',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          '{"id":"x","name":"X"}',
        ).toString('base64url')}.`,
      /only HS256/,
    ],
    [
      'HS512',
      () => jwt.sign({ id: 'x', name: 'X' }, secretA, { algorithm: 'HS512' }),
      /only HS256/,
    ],
    ['no name', () => jwt.sign({ id: 'x' }, secretA, { expiresIn: 600 }), /name/],
    ['garbage', () => 'nope', /not a JSON Web Token/],
  ])('refuses %s with 401 and the reason', async (_name, token, reason) => {
    const body = await expectCall(server, 'POST', '/widget/sso', 401, {
      body: { boardHash: hashA, token: token() },
    });
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.message).toMatch(/single sign-on token was refused/);
    expect(body.error.fields[0]).toEqual({
      field: 'token',
      message: expect.stringMatching(reason),
    });
  });

  it('answers 404 to an unknown board hash and 400 to missing fields', async () => {
    await expectCall(server, 'POST', '/widget/sso', 404, {
      body: { boardHash: 'no-such-hash', token: ssoToken(secretA) },
    });
    const body = await expectCall(server, 'POST', '/widget/sso', 400, { body: {} });
    expect(body.error.fields).toEqual([
      { field: 'boardHash', message: 'This field is required.' },
      { field: 'token', message: 'This field is required.' },
    ]);
  });

  it('lets the SSO user submit, vote and comment on their company’s private board once it grants SSO users', async () => {
    const { token } = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: { boardHash: hashB, token: ssoToken(secretB) },
    });
    // A private board that grants nobody: the SSO user of its company finds nothing on it.
    await expectCall(server, 'GET', `/widget/boards/${hashB}`, 404, { token });
    await expectCall(server, 'GET', `/boards/${b.boardId}`, 404, { token });
    await expectCall(server, 'GET', `/ideas/${b.ideaId}`, 404, { token });
    await expectCall(server, 'POST', '/ideas/', 404, {
      token,
      headers: { 'x-board-id': String(b.boardId) },
      body: { title: 'An idea from SSO', description: 'Submitted through the widget.' },
    });
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/upvote`, 404, { token });
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/comments`, 404, {
      token,
      body: { text: 'Me too, from SSO' },
    });
    const granted = await expectCall(server, 'PUT', `/boards/${b.boardId}/access`, 200, {
      token: b.owner.token,
      body: { ssoAccess: true },
    });
    expect(granted).toMatchObject({
      id: b.boardId,
      isPublic: false,
      access: { ssoAccess: true, allowedEmailDomains: [], allowedCustomerCompanyIds: [] },
    });
    await expectCall(server, 'GET', `/widget/boards/${hashB}`, 200, { token });
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(b.boardId) },
      body: { title: 'An idea from SSO', description: 'Submitted through the widget.' },
    });
    expect(idea).toMatchObject({ status: 'NOT_PUBLIC', canEdit: true });
    const vote = await expectCall(server, 'POST', `/ideas/${b.ideaId}/upvote`, 200, { token });
    expect(vote).toEqual({ voteCount: 1, isVotedByMe: true });
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/comments`, 201, {
      token,
      body: { text: 'Me too, from SSO' },
    });
    const users = await expectCall(server, 'GET', `/companies/${b.owner.companyId}/users`, 200, {
      token: b.owner.token,
    });
    expect(users.filter((user: any) => user.kind === 'SSO').length).toBeGreaterThan(0);
  });
});

describe('GET /widget/boards/{hash}', () => {
  it('answers a public board, its first ideas and no participation to anyone', async () => {
    const view = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200);
    expect(view).toMatchObject({
      board: { id: a.boardId, isPublic: true, theme: { primary: '53d23d' } },
      company: { name: expect.any(String), slug: expect.any(String) },
      me: null,
      canParticipate: false,
      ideas: { totalCount: 1, ideas: [{ id: a.ideaId }] },
    });
  });

  it('takes the list’s sort and filter', async () => {
    const view = await expectCall(
      server,
      'GET',
      `/widget/boards/${hashA}?filter=COMPLETE&sort=DATE_ASC`,
      200,
    );
    expect(view.ideas.totalCount).toBe(0);
    await expectCall(server, 'GET', `/widget/boards/${hashA}?sort=SIDEWAYS`, 400);
  });

  it('lists the public tags only, and filters the list by one', async () => {
    const tagged = await expectCall(server, 'POST', '/ideas/', 201, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title: 'Tagged for the widget' },
    });
    const [shown, secret] = await Promise.all(
      [
        { name: 'Widget mobile', isPrivate: false },
        { name: 'Widget secret', isPrivate: true },
      ].map((tag) =>
        server.deps.prisma.tag.create({
          data: {
            ...tag,
            nameKey: tag.name.toLowerCase(),
            color: '1f6feb',
            companyId: a.owner.companyId,
          },
        }),
      ),
    );
    await server.deps.prisma.ideaTag.createMany({
      data: [shown!, secret!].map((tag) => ({ ideaId: tagged.id, tagId: tag.id })),
    });
    // Even the company's own team sees only public tags in the widget.
    const view = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200, {
      token: a.owner.token,
    });
    expect(view.tags).toEqual([{ id: shown!.id, name: 'Widget mobile', color: '1f6feb' }]);
    const filtered = await expectCall(
      server,
      'GET',
      `/widget/boards/${hashA}?tag=${shown!.id}`,
      200,
    );
    expect(filtered.ideas.ideas.map((idea: { id: number }) => idea.id)).toEqual([tagged.id]);
    const hidden = await expectCall(
      server,
      'GET',
      `/widget/boards/${hashA}?tag=${secret!.id}`,
      200,
    );
    expect(hidden.ideas.totalCount).toBe(0);
  });

  it('lets the company’s users participate, and only them', async () => {
    const member = await addEndUser(server, a.owner.companyId, { kind: 'SSO', name: 'Member' });
    const own = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200, {
      token: member.token,
    });
    expect(own).toMatchObject({ canParticipate: true, me: { displayName: 'Member', kind: 'SSO' } });
    const other = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200, {
      token: b.owner.token,
    });
    expect(other).toMatchObject({ canParticipate: false });
  });

  it('does not find a private board for outsiders, and does for its company', async () => {
    await expectCall(server, 'GET', `/widget/boards/${hashB}`, 404);
    await expectCall(server, 'GET', `/widget/boards/${hashB}`, 404, { token: a.owner.token });
    await expectCall(server, 'GET', `/widget/boards/${hashB}`, 200, { token: b.owner.token });
    await expectCall(server, 'GET', '/widget/boards/unknown-hash', 404);
  });

  it('tells a visitor of a private board whose it is and how to get in, nothing of the board itself; an unknown hash stays a plain 404', async () => {
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: b.owner.companyId },
    });
    const board = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: b.boardId } });
    const { status, body } = await server.call('GET', `/api/v1/widget/boards/${hashB}`);
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Board not found.' },
      language: 'en-US',
      access: {
        reason: 'PRIVATE',
        company: { name: company.name },
        // As the board is now (an earlier test lets in SSO users).
        ssoAccess: board.ssoAccess,
        emailAccess: board.allowedEmailDomains.length > 0,
        signupPolicy: 'ANYONE',
        emailAwaitsConfirmation: false,
      },
    });
    expect(JSON.stringify(body)).not.toContain(board.name);

    // Signed in to the company with an address it has not confirmed: the widget says so.
    const unconfirmed = await addEndUser(server, b.owner.companyId, { emailConfirmed: false });
    const mine = await server.call('GET', `/api/v1/widget/boards/${hashB}`, {
      token: unconfirmed.token,
    });
    expect(mine.status).toBe(404);
    expect(mine.body.access).toMatchObject({ emailAwaitsConfirmation: true });
    // Another company's user learns nothing of their own.
    const other = await server.call('GET', `/api/v1/widget/boards/${hashB}`, {
      token: a.owner.token,
    });
    expect(other.body.access).toMatchObject({ emailAwaitsConfirmation: false });

    const unknown = await server.call('GET', '/api/v1/widget/boards/no-such-hash');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Board not found.' } });
  });

  it('answers the company’s sign-up policy and whether the caller must confirm their address first', async () => {
    const view = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200);
    expect(view).toMatchObject({ signupPolicy: 'ANYONE', mustConfirmEmail: false });
    await server.deps.prisma.company.update({
      where: { id: a.owner.companyId },
      data: { signupPolicy: 'EMAIL_DOMAINS', signupEmailDomains: ['example.com'] },
    });
    try {
      const unconfirmed = await addEndUser(server, a.owner.companyId, { emailConfirmed: false });
      const mine = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200, {
        token: unconfirmed.token,
      });
      expect(mine).toMatchObject({
        signupPolicy: 'EMAIL_DOMAINS',
        mustConfirmEmail: true,
        canParticipate: false,
      });
    } finally {
      await server.deps.prisma.company.update({
        where: { id: a.owner.companyId },
        data: { signupPolicy: 'ANYONE', signupEmailDomains: [] },
      });
    }
  });

  it("lists an author's ideas awaiting acceptance to that author alone, newest first", async () => {
    const c = await restCompany(server);
    const hashC = await hashOf(c);
    const author = await addEndUser(server, c.owner.companyId, { kind: 'SSO' });
    const neighbour = await addEndUser(server, c.owner.companyId);
    const submit = async (title: string) =>
      expectCall(server, 'POST', '/ideas/', 201, {
        token: author.token,
        headers: { 'x-board-id': String(c.boardId) },
        body: { title },
      });
    const first = await submit('Pending: a first wish');
    const second = await submit('Pending: a second wish');
    const accepted = await submit('Accepted already');
    await expectCall(server, 'PUT', `/ideas/${accepted.id}/status`, 200, {
      token: c.owner.token,
      body: { status: 'OPEN' },
    });
    const mine = await expectCall(server, 'GET', `/widget/boards/${hashC}`, 200, {
      token: author.token,
    });
    expect(mine.myPendingIdeas).toEqual([
      { id: second.id, title: 'Pending: a second wish', rejectionReason: null },
      { id: first.id, title: 'Pending: a first wish', rejectionReason: null },
    ]);
    // Not to a neighbour, a signed-out reader, nor the author of another company's board.
    for (const token of [neighbour.token, undefined, a.owner.token]) {
      const view = await expectCall(server, 'GET', `/widget/boards/${hashC}`, 200, { token });
      expect(view.myPendingIdeas).toEqual([]);
      expect(JSON.stringify(view)).not.toContain('Pending:');
    }
  });

  it('tells an author which of their ideas the plan hides, and lists them to nobody', async () => {
    const c = await restCompany(server);
    const hashC = await hashOf(c);
    await setPlan(server, c.owner.companyId, 'FREE');
    await server.deps.prisma.idea.createMany({
      data: [1, 2, 3, 4].map((n) => ({
        boardId: c.boardId,
        authorId: c.owner.userId,
        title: `Older idea ${n}`,
        status: 'OPEN' as const,
      })),
    });
    const author = await addEndUser(server, c.owner.companyId, { kind: 'SSO', name: 'Author' });
    const neighbour = await addEndUser(server, c.owner.companyId, { kind: 'SSO' });
    // Accepted after the cap was full: hidden from the list.
    const hidden = await server.deps.prisma.idea.create({
      data: { boardId: c.boardId, authorId: author.userId, title: 'Accepted past the cap' },
    });
    const mine = await expectCall(server, 'GET', `/widget/boards/${hashC}`, 200, {
      token: author.token,
    });
    expect(mine.myHiddenIdeas).toEqual([{ id: hidden.id, title: 'Accepted past the cap' }]);
    expect(mine.ideas.totalCount).toBe(5);
    expect(mine.ideas.ideas.map((i: { id: number }) => i.id)).not.toContain(hidden.id);
    for (const token of [neighbour.token, undefined]) {
      const view = await expectCall(server, 'GET', `/widget/boards/${hashC}`, 200, { token });
      expect(view.myHiddenIdeas).toEqual([]);
      expect(view.ideas.totalCount).toBe(5);
    }
  });

  it('says in the answer to a new idea whether the plan hides it, so the widget need not list it', async () => {
    const c = await restCompany(server);
    await setPlan(server, c.owner.companyId, 'FREE');
    const post = (token: string, title: string) =>
      expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(c.boardId) },
        body: { title },
      });
    // The fixture's idea and four more fill FREE's five visible ideas.
    for (const n of [1, 2, 3, 4]) {
      const within = await post(c.owner.token, `Admin idea number ${n}`);
      expect(within).toMatchObject({ status: 'OPEN', isHiddenByPlan: false });
    }
    const past = await post(c.owner.token, 'Admin idea past the cap');
    expect(past).toMatchObject({ status: 'OPEN', isHiddenByPlan: true });
    // An end user's idea awaits acceptance: the cap does not count it yet.
    const member = await addEndUser(server, c.owner.companyId, { kind: 'SSO', name: 'Member' });
    expect(await post(member.token, 'Awaiting acceptance')).toMatchObject({
      status: 'NOT_PUBLIC',
      isHiddenByPlan: false,
    });
    // The board's view agrees: the admin is told it was received, readers never see it.
    const mine = await expectCall(server, 'GET', `/widget/boards/${await hashOf(c)}`, 200, {
      token: c.owner.token,
    });
    expect(mine.myHiddenIdeas).toEqual([{ id: past.id, title: 'Admin idea past the cap' }]);
    expect(mine.ideas.ideas.map((i: { id: number }) => i.id)).not.toContain(past.id);
  });

  it('answers 401 to a bad session token', async () => {
    await expectCall(server, 'GET', `/widget/boards/${hashA}`, 401, { token: 'not-a-session' });
  });
});

describe('POST /widget/boards/{hash}/signup', () => {
  it('signs a visitor up as an end user of the board’s company who may then vote', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const answer = await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 201, {
      body: { email, password: 'visitor-password', name: 'Vera Visitor' },
    });
    expect(answer.user).toEqual({
      id: expect.any(Number),
      displayName: 'Vera Visitor',
      email,
      photoUrl: null,
      kind: 'REGULAR',
    });
    const view = await expectCall(server, 'GET', `/widget/boards/${hashA}`, 200, {
      token: answer.token,
    });
    expect(view.canParticipate).toBe(true);
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: answer.token });
    const login = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 200, {
      body: { email, password: 'visitor-password' },
    });
    expect(login.token).toEqual(expect.any(String));
    expect(login.user.id).toBe(answer.user.id);
    const again = await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 409, {
      body: { email: email.toUpperCase(), password: 'visitor-password' },
    });
    expect(again.error.code).toBe('CONFLICT');
  });

  it('validates the fields, and does not find private or unknown boards', async () => {
    const body = await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 400, {
      body: { email: 'nope', password: '123' },
    });
    expect(body.error.fields.map((f: any) => f.field)).toEqual(['email', 'password']);
    const valid = { email: `x-${Date.now()}@example.com`, password: 'visitor-password' };
    await expectCall(server, 'POST', `/widget/boards/${hashB}/signup`, 404, { body: valid });
    await expectCall(server, 'POST', '/widget/boards/nope/signup', 404, { body: valid });
  });
});

/** Votes and unvotes until the stream has an `idea` event (Redis subscriptions settle late). */
async function expectVoteEvent(
  on: TTestServer,
  company: TRestCompany,
  stream: Awaited<ReturnType<typeof readSse>>,
): Promise<void> {
  await stream.waitFor((event) => event.event === 'ready');
  const voter = await addEndUser(on, company.owner.companyId);
  let voted = false;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    voted = !voted;
    await expectCall(on, 'POST', `/ideas/${company.ideaId}/${voted ? 'upvote' : 'downvote'}`, 200, {
      token: voter.token,
    });
    const got = await stream.waitFor((event) => event.event === 'idea', 500).catch(() => undefined);
    if (got) break;
  }
  const event = await stream.waitFor((e) => e.event === 'idea');
  expect(JSON.parse(event.data)).toEqual({
    kind: 'VOTED',
    ideaId: company.ideaId,
    status: 'OPEN',
    voteCount: expect.any(Number),
    commentCount: expect.any(Number),
  });
}

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('GET /boards/{id}/events with Redis', () => {
  it('streams a vote through Redis', async () => {
    const withRedis = await startTestServer({
      redisUrl,
      redisPrefix: `widget-sse-${process.pid}-${Date.now()}:`,
    });
    try {
      expect(withRedis.deps.events.kind).toBe('redis');
      const company = await restCompany(withRedis);
      const stream = await readSse(`${withRedis.url}/api/v1/boards/${company.boardId}/events`);
      try {
        await expectVoteEvent(withRedis, company, stream);
      } finally {
        stream.close();
      }
    } finally {
      await withRedis.close();
    }
  });
});

describe('GET /boards/{id}/events', () => {
  it('streams vote counts made elsewhere, to anyone, with CORS', async () => {
    const stream = await readSse(`${server.url}/api/v1/boards/${a.boardId}/events`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
      expect(stream.headers.get('access-control-allow-origin')).toBe('*');
      await expectVoteEvent(server, a, stream);
    } finally {
      stream.close();
    }
  });
  it('keeps ideas awaiting acceptance from anonymous watchers', async () => {
    const stream = await readSse(`${server.url}/api/v1/boards/${a.boardId}/events`);
    const ownerStream = await readSse(
      `${server.url}/api/v1/boards/${a.boardId}/events`,
      a.owner.token,
    );
    try {
      await stream.waitFor((event) => event.event === 'ready');
      await ownerStream.waitFor((event) => event.event === 'ready');
      const author = await addEndUser(server, a.owner.companyId);
      const hidden = await expectCall(server, 'POST', '/ideas/', 201, {
        token: author.token,
        headers: { 'x-board-id': String(a.boardId) },
        body: { title: 'Awaiting acceptance', description: 'Not public yet.' },
      });
      // A public change after the hidden one: once the anonymous stream has it, it would have
      // had the hidden one before it.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        await expectCall(server, 'POST', `/ideas/${a.ideaId}/comments`, 201, {
          token: author.token,
          body: { text: `Public comment ${attempt}` },
        });
        const got = await stream
          .waitFor((event) => event.data.includes('COMMENTED'), 500)
          .catch(() => undefined);
        if (got) break;
      }
      await stream.waitFor((event) => event.data.includes('COMMENTED'));
      await ownerStream.waitFor((event) => event.data.includes('COMMENTED'));
      expect(stream.events.some((event) => event.data.includes(`"ideaId":${hidden.id}`))).toBe(
        false,
      );
    } finally {
      stream.close();
      ownerStream.close();
    }
  });

  it('serves every stream of a board from one subscription, dropped when the last one leaves', async () => {
    const feeds = server.deps.ideaFeeds;
    await vi.waitFor(() => expect(feeds.boardCount()).toBe(0));
    const streams = await Promise.all(
      [0, 1, 2].map(() => readSse(`${server.url}/api/v1/boards/${a.boardId}/events`)),
    );
    try {
      for (const stream of streams) await stream.waitFor((event) => event.event === 'ready');
      expect(feeds.boardCount()).toBe(1);
      const voter = await addEndUser(server, a.owner.companyId);
      await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: voter.token });
      const seen = await Promise.all(
        streams.map((stream) =>
          stream.waitFor((event) => event.event === 'idea' && event.data.includes('VOTED')),
        ),
      );
      expect(new Set(seen.map((event) => event.data)).size).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
    await vi.waitFor(() => expect(feeds.boardCount()).toBe(0));
  });

  it('does not find another company’s private board', async () => {
    const stream = await readSse(`${server.url}/api/v1/boards/${b.boardId}/events`, a.owner.token);
    stream.close();
    expect(stream.status).toBe(404);
    const anonymous = await readSse(`${server.url}/api/v1/boards/${b.boardId}/events`);
    anonymous.close();
    expect(anonymous.status).toBe(404);
  });
});
