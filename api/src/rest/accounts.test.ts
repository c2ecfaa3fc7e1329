import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens.ts';
import { addEndUser, signUpCompany } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `user${counter}-${Date.now()}@example.com`;
}

async function register(email = uniqueEmail(), password = 'secret-password', company?: string) {
  const response = await server.call('POST', '/api/v1/registrations', {
    body: { email, password, company, ref: null },
  });
  return { ...response, email, password };
}

describe('registration', () => {
  it('creates the company, its owner on the FREE plan with no board, and answers a token', async () => {
    const { status, body, email } = await register(undefined, 'secret-password', 'Acme Robotics');
    expect(status).toBe(201);
    expect(typeof body.token).toBe('string');

    const company = await server.call('GET', '/api/v1/company', { token: body.token });
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ companyName: 'Acme Robotics', slug: 'acme-robotics' });
    expect(company.body.companySecret.length).toBeGreaterThanOrEqual(32);

    const user = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: email, role: 'OWNER' },
      include: { company: { include: { subscription: true, boards: true } } },
    });
    expect(user.role).toBe('OWNER');
    expect(user.kind).toBe('REGULAR');
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.company.subscription?.product).toBe('FREE');
    expect(user.company.boards).toHaveLength(0);
  });

  it('gives two companies with the same name different slugs', async () => {
    const first = await register(undefined, 'secret-password', 'Same Name Inc');
    const second = await register(undefined, 'secret-password', 'Same Name Inc');
    const a = await server.call('GET', '/api/v1/company', { token: first.body.token });
    const b = await server.call('GET', '/api/v1/company', { token: second.body.token });
    expect(a.body.slug).toBe('same-name-inc');
    expect(b.body.slug).not.toBe(a.body.slug);
    expect(b.body.companySecret).not.toBe(a.body.companySecret);
  });

  it('stores the referral code', async () => {
    const email = uniqueEmail();
    await server.call('POST', '/api/v1/registrations', {
      body: { email, password: 'secret-password', ref: 'FRIEND2026' },
    });
    const user = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: email, role: 'OWNER' },
      include: { company: true },
    });
    expect(user.company.referralCode).toBe('FRIEND2026');
  });

  it('answers every address alike: one already on a team gets a second company of its own, and a mail saying so', async () => {
    const { email, body: first } = await register();
    const again = await register(email.toUpperCase(), 'another-password', 'Second Company Ltd');
    // The same 201 and token as for a new address: nothing tells that the address has an account.
    expect(again.status).toBe(201);
    expect(Object.keys(again.body)).toEqual(['token']);
    const owners = await server.deps.prisma.user.findMany({
      where: { loginEmail: email },
      select: { companyId: true, role: true },
      orderBy: { id: 'asc' },
    });
    expect(owners.map((owner) => owner.role)).toEqual(['OWNER', 'OWNER']);
    const me = await server.call('GET', '/api/v1/me', { token: again.body.token });
    expect(me.body.companyId).toBe(owners[1]!.companyId);
    await expect
      .poll(() =>
        server.deps.prisma.mail.count({
          where: { to: email, subject: 'A new Feedboard company was created with your address' },
        }),
      )
      .toBe(1);
    // The first account, its session and its password are untouched; each password opens its own.
    expect((await server.call('GET', '/api/v1/me', { token: first.token })).status).toBe(200);
    for (const [password, companyId] of [
      ['secret-password', owners[0]!.companyId],
      ['another-password', owners[1]!.companyId],
    ] as const) {
      const login = await server.call('POST', '/api/v1/login', { body: { email, password } });
      expect(login.status).toBe(200);
      const signedIn = await server.call('GET', '/api/v1/me', { token: login.body.token });
      expect(signedIn.body.companyId).toBe(companyId);
    }
  });

  it('makes a company for each of several sign-ups of one address at once', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => register(email)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await server.deps.prisma.user.count({ where: { loginEmail: email } })).toBe(5);
  });

  it.each([
    [{ password: 'secret-password' }, 'email', 'This field is required.'],
    [
      { email: 'a@b.c', password: 'secret-password' },
      'email',
      'It has to be 6 characters at least.',
    ],
    [
      { email: `${'x'.repeat(45)}@example.com`, password: 'secret-password' },
      'email',
      'It has to be max 50 characters.',
    ],
    [
      { email: 'not-an-email', password: 'secret-password' },
      'email',
      'Enter a valid email address.',
    ],
    [{ email: 'ok@example.com' }, 'password', 'This field is required.'],
    [
      { email: 'ok@example.com', password: '12345' },
      'password',
      'It has to be 6 characters at least.',
    ],
    [
      { email: 'ok@example.com', password: 'p'.repeat(51) },
      'password',
      'It has to be max 50 characters.',
    ],
    [
      { email: 'ok@example.com', password: 'secret-password', company: 'Acme' },
      'company',
      'It has to be 6 characters at least.',
    ],
    [
      { email: 'ok@example.com', password: 'secret-password', company: 'c'.repeat(51) },
      'company',
      'It has to be max 50 characters.',
    ],
    [{ email: 12345678, password: 'secret-password' }, 'email', 'It has to be text.'],
  ])('rejects %j with a 400 naming %s', async (body, field, message) => {
    const response = await server.call('POST', '/api/v1/registrations', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION');
    expect(response.body.error.fields).toContainEqual({ field, message });
  });

  it('names every invalid field at once', async () => {
    const response = await server.call('POST', '/api/v1/registrations', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([
      { field: 'email', message: 'This field is required.' },
      { field: 'password', message: 'This field is required.' },
    ]);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await server.call('POST', '/api/v1/registrations', {
      rawBody: '{"email": "broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers 400, not 500, to a JSON body that is not an object', async () => {
    for (const rawBody of ['[]', '"text"', '42', 'null']) {
      const response = await server.call('POST', '/api/v1/registrations', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, rawBody).toBe(400);
    }
  });
});

describe('GET /me for people off the team', () => {
  it('keeps the spec’s role value MEMBER for end users and adds teamRole beside it', async () => {
    const { companyId } = (await signUpCompany(server)) as { companyId: number };
    for (const [role, expected] of [
      ['END_USER', { role: 'MEMBER', teamRole: null }],
      ['MEMBER', { role: 'MEMBER', teamRole: 'MEMBER' }],
      ['ADMIN', { role: 'ADMIN', teamRole: 'ADMIN' }],
    ] as const) {
      const person = await addEndUser(server, companyId, { role });
      const me = await server.call('GET', '/api/v1/me', { token: person.token });
      expect(me.body, role).toMatchObject(expected);
    }
  });
});

describe('a session from sign-up to sign-out', () => {
  it('register → login → me → profile → change language → logout → the token gets 401', async () => {
    const { email, password } = await register();
    const login = await server.call('POST', '/api/v1/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const token: string = login.body.token;

    const me = await server.call('GET', '/api/v1/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      login: email,
      email,
      language: 'en-US',
      role: 'OWNER',
      teamRole: 'OWNER',
    });

    const profile = await server.call('GET', '/api/v1/profile', { token });
    expect(profile.body).toEqual({
      id: me.body.id,
      login: email,
      email,
      language: 'en-US',
      notifications: 'ALL',
      // A new sign-up has not opened its confirmation link yet.
      emailConfirmed: false,
    });

    const change = await server.call('PUT', '/api/v1/profile/language', {
      token,
      body: { language: 'pl-PL' },
    });
    expect(change.status).toBe(200);
    const after = await server.call('GET', '/api/v1/profile', { token });
    expect(after.body.language).toBe('pl-PL');

    const logout = await server.call('POST', '/api/v1/logout', { token });
    expect(logout.status).toBe(204);
    const denied = await server.call('GET', '/api/v1/me', { token });
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('revokes only the session that signed out', async () => {
    const { email, password, body } = await register();
    const other = await server.call('POST', '/api/v1/login', { body: { email, password } });
    await server.call('POST', '/api/v1/logout', { token: other.body.token });
    expect((await server.call('GET', '/api/v1/me', { token: body.token })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/me', { token: other.body.token })).status).toBe(401);
  });

  it('signs in with the email in another letter case', async () => {
    const { email, password } = await register();
    const login = await server.call('POST', '/api/v1/login', {
      body: { email: email.toUpperCase(), password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const { email } = await register();
    const wrong = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'not-the-password' },
    });
    const unknown = await server.call('POST', '/api/v1/login', {
      body: { email: 'nobody-here@example.com', password: 'whatever-password' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'The email or password is not correct.',
      });
    }
  });

  it('checks sign-in fields: 6 to 50 characters each', async () => {
    const response = await server.call('POST', '/api/v1/login', {
      body: { email: 'a@b.c', password: 'x'.repeat(51) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual([
      { field: 'email', message: 'It has to be 6 characters at least.' },
      { field: 'password', message: 'It has to be max 50 characters.' },
    ]);
  });

  it('refuses a language other than en-US and pl-PL, and reads "pl" as pl-PL', async () => {
    const { body } = await register();
    const bad = await server.call('PUT', '/api/v1/profile/language', {
      token: body.token,
      body: { language: 'de-DE' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([
      { field: 'language', message: 'It has to be one of: en-US, pl-PL.' },
    ]);
    const short = await server.call('PUT', '/api/v1/profile/language', {
      token: body.token,
      body: { language: 'pl' },
    });
    expect(short.body).toEqual({ language: 'pl-PL' });
  });
});

describe('authorised routes', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v1/me'],
    ['GET', '/api/v1/profile'],
    ['PUT', '/api/v1/profile/language'],
    ['GET', '/api/v1/company'],
    ['POST', '/api/v1/logout'],
  ];

  it.each(routes)('%s %s requires authentication', async (method, path) => {
    const response = await server.call(method, path, { body: { language: 'pl-PL' } });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHENTICATED');
  });

  it.each(routes)('%s %s answers 401 to an unknown token', async (method, path) => {
    const response = await server.call(method, path, { token: 'made-up-token', body: {} });
    expect(response.status).toBe(401);
  });

  it('answers 401 to a malformed authorization header', async () => {
    const response = await server.call('GET', '/api/v1/me', {
      headers: { authorization: 'Token abc' },
    });
    expect(response.status).toBe(401);
  });

  it('answers 401 to an expired session', async () => {
    const { body } = await register();
    await server.deps.prisma.session.update({
      where: { tokenHash: hashToken(body.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await server.call('GET', '/api/v1/me', { token: body.token })).status).toBe(401);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await server.call('GET', '/api/v1/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('request bodies', () => {
  it('answers 413 to a body over 1 MB', async () => {
    const response = await server.call('POST', '/api/v1/login', {
      body: { email: 'x'.repeat(1_100_000), password: 'secret-password' },
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 1 MB.',
    });
  });

  it('answers CORS preflights so the widget can call from customer sites', async () => {
    const response = await server.call('OPTIONS', '/api/v1/login', {
      headers: {
        origin: 'https://customer.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
  });
});
