import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../services/account/create-session.ts';
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
  return `gql${counter}-${Date.now()}@example.com`;
}

/** POSTs one GraphQL operation to /graphql, as an integrator would. */
function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  return server.call('POST', '/graphql', { body: { query, variables }, token });
}

const APP_ERROR = `... on AppError { code message fields { field message } }`;

const REGISTER = `
  mutation Register($email: String!, $password: String!, $company: String) {
    register(email: $email, password: $password, company: $company) {
      __typename
      ... on MutationRegisterSuccess { data { token } }
      ${APP_ERROR}
    }
  }`;

const LOGIN = `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      __typename
      ... on MutationLoginSuccess { data { token } }
      ${APP_ERROR}
    }
  }`;

const LOGOUT = `
  mutation Logout {
    logout {
      __typename
      ... on MutationLogoutSuccess { data { done } }
      ${APP_ERROR}
    }
  }`;

const SET_LANGUAGE = `
  mutation SetLanguage($language: String!) {
    setLanguage(language: $language) {
      __typename
      ... on MutationSetLanguageSuccess { data { language } }
      ${APP_ERROR}
    }
  }`;

const VIEWER = `
  query Viewer {
    viewer {
      user {
        id displayName email language kind role
        company { id name slug secret }
      }
      company { slug }
    }
  }`;

const NODE = `
  query Node($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on User { displayName email role company { id name } }
      ... on Company { name slug secret }
    }
  }`;

/** Signs up over GraphQL and answers the session token. */
async function register(email = uniqueEmail(), password = 'secret-password', company?: string) {
  const response = await graphql(REGISTER, { email, password, company });
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.register.__typename).toBe('MutationRegisterSuccess');
  return { token: response.body.data.register.data.token as string, email, password };
}

/** The viewer's user and company global ids. */
async function viewerIds(token: string): Promise<{ userId: string; companyId: string }> {
  const response = await graphql(VIEWER, {}, token);
  expect(response.body.errors).toBeUndefined();
  return {
    userId: response.body.data.viewer.user.id,
    companyId: response.body.data.viewer.user.company.id,
  };
}

describe('a GraphQL session from sign-up to sign-out', () => {
  it('register → login → viewer → setLanguage → viewer → logout → the token gets 401', async () => {
    const { email, password } = await register(undefined, 'secret-password', 'Graph Robotics');

    const login = await graphql(LOGIN, { email, password });
    expect(login.status).toBe(200);
    expect(login.body.data.login.__typename).toBe('MutationLoginSuccess');
    const token: string = login.body.data.login.data.token;
    expect(typeof token).toBe('string');

    const viewer = await graphql(VIEWER, {}, token);
    expect(viewer.status).toBe(200);
    expect(viewer.body.errors).toBeUndefined();
    const { user, company } = viewer.body.data.viewer;
    expect(user).toMatchObject({
      displayName: email.split('@')[0],
      email,
      language: 'en-US',
      kind: 'REGULAR',
      role: 'OWNER',
      company: { name: 'Graph Robotics', slug: 'graph-robotics' },
    });
    expect(typeof user.id).toBe('string');
    expect(typeof user.company.id).toBe('string');
    // The owner sees the company's SSO secret.
    expect(user.company.secret.length).toBeGreaterThanOrEqual(32);
    expect(company).toEqual({ slug: 'graph-robotics' });

    const change = await graphql(SET_LANGUAGE, { language: 'pl-PL' }, token);
    expect(change.body.data.setLanguage).toEqual({
      __typename: 'MutationSetLanguageSuccess',
      data: { language: 'pl-PL' },
    });
    const after = await graphql(VIEWER, {}, token);
    expect(after.body.data.viewer.user.language).toBe('pl-PL');

    const logout = await graphql(LOGOUT, {}, token);
    expect(logout.body.data.logout).toEqual({
      __typename: 'MutationLogoutSuccess',
      data: { done: true },
    });

    const denied = await graphql(VIEWER, {}, token);
    expect(denied.status).toBe(401);
    expect(denied.body.data ?? null).toBeNull();
    expect(denied.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a language other than en-US and pl-PL with a VALIDATION result', async () => {
    const { token } = await register();
    const response = await graphql(SET_LANGUAGE, { language: 'de-DE' }, token);
    expect(response.body.data.setLanguage).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
      fields: [{ field: 'language', message: 'It has to be one of: en-US, pl-PL.' }],
    });
    const viewer = await graphql(VIEWER, {}, token);
    expect(viewer.body.data.viewer.user.language).toBe('en-US');
  });

  it('answers 401 to an unknown token', async () => {
    const response = await graphql(VIEWER, {}, 'made-up-token');
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('expected failures are AppError results', () => {
  it.each([
    [{ email: '', password: 'secret-password' }, 'email', 'This field is required.'],
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
    [{ email: 'ok@example.com', password: '' }, 'password', 'This field is required.'],
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
  ])('register %j answers VALIDATION naming %s', async (variables, field, message) => {
    const response = await graphql(REGISTER, variables);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const result = response.body.data.register;
    expect(result.__typename).toBe('AppError');
    expect(result.code).toBe('VALIDATION');
    expect(result.fields).toEqual([{ field, message }]);
    expect(await server.deps.prisma.user.count({ where: { loginEmail: 'ok@example.com' } })).toBe(
      0,
    );
  });

  it('names every invalid field at once', async () => {
    const response = await graphql(REGISTER, { email: ' ', password: '123' });
    expect(response.body.data.register).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
      fields: [
        { field: 'email', message: 'This field is required.' },
        { field: 'password', message: 'It has to be 6 characters at least.' },
      ],
    });
  });

  it('answers CREATED with a token for an address that already has an account, in any letter case', async () => {
    const { email } = await register();
    const again = await graphql(
      `mutation($email: String!, $password: String!) { register(email: $email, password: $password) {
        __typename ... on MutationRegisterSuccess { data { status token } } ${APP_ERROR} } }`,
      { email: email.toUpperCase(), password: 'other-password' },
    );
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.register).toEqual({
      __typename: 'MutationRegisterSuccess',
      data: { status: 'CREATED', token: expect.any(String) },
    });
    expect(await server.deps.prisma.user.count({ where: { loginEmail: email } })).toBe(2);
  });

  it('answers INVALID_CREDENTIALS for a wrong password and an unknown email alike', async () => {
    const { email } = await register();
    const wrong = await graphql(LOGIN, { email, password: 'not-the-password' });
    const unknown = await graphql(LOGIN, {
      email: 'nobody-here@example.com',
      password: 'whatever-password',
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(response.body.data.login).toEqual({
        __typename: 'AppError',
        code: 'INVALID_CREDENTIALS',
        message: 'The email or password is not correct.',
        fields: [],
      });
    }
  });
});

describe('anonymous callers', () => {
  it('see a null viewer', async () => {
    const response = await graphql(VIEWER);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { viewer: null } });
  });

  it('cannot log out or set a language, and change nothing', async () => {
    const { token } = await register();
    const prisma = server.deps.prisma;
    const revokedBefore = await prisma.session.count({ where: { revokedAt: { not: null } } });
    const polishBefore = await prisma.user.count({ where: { language: 'pl-PL' } });

    const logout = await graphql(LOGOUT);
    expect(logout.status).toBe(200);
    expect(logout.body.data?.logout ?? null).toBeNull();
    expect(logout.body.errors?.length).toBeGreaterThan(0);

    const change = await graphql(SET_LANGUAGE, { language: 'pl-PL' });
    expect(change.status).toBe(200);
    expect(change.body.data?.setLanguage ?? null).toBeNull();
    expect(change.body.errors?.length).toBeGreaterThan(0);

    expect(await prisma.session.count({ where: { revokedAt: { not: null } } })).toBe(revokedBefore);
    expect(await prisma.user.count({ where: { language: 'pl-PL' } })).toBe(polishBefore);
    const viewer = await graphql(VIEWER, {}, token);
    expect(viewer.status).toBe(200);
    expect(viewer.body.data.viewer.user.language).toBe('en-US');
  });
});

describe('node(id:)', () => {
  it("answers the viewer's own user and company, the company with its secret for the OWNER", async () => {
    const { token, email } = await register(undefined, 'secret-password', 'Node Owners Ltd');
    const { userId, companyId } = await viewerIds(token);

    const user = await graphql(NODE, { id: userId }, token);
    expect(user.body.errors).toBeUndefined();
    expect(user.body.data.node).toMatchObject({
      __typename: 'User',
      id: userId,
      email,
      role: 'OWNER',
      company: { id: companyId, name: 'Node Owners Ltd' },
    });

    const company = await graphql(NODE, { id: companyId }, token);
    expect(company.body.errors).toBeUndefined();
    expect(company.body.data.node).toMatchObject({
      __typename: 'Company',
      id: companyId,
      name: 'Node Owners Ltd',
      slug: 'node-owners-ltd',
    });
    const stored = await server.deps.prisma.company.findUniqueOrThrow({
      where: { slug: 'node-owners-ltd' },
    });
    expect(company.body.data.node.secret).toBe(stored.secret);
  });

  it("does not leak another company's user or company", async () => {
    const a = await register(undefined, 'secret-password', 'Tenant A Company');
    const b = await register(undefined, 'secret-password', 'Tenant B Company');
    const bIds = await viewerIds(b.token);

    for (const id of [bIds.userId, bIds.companyId]) {
      const response = await graphql(NODE, { id }, a.token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { node: null } });
      expect(JSON.stringify(response.body)).not.toContain('Tenant B');
      expect(JSON.stringify(response.body)).not.toContain(b.email);
    }

    const many = await graphql(
      `
        query Nodes($ids: [ID!]!) {
          nodes(ids: $ids) {
            id
            ... on Company {
              name
              secret
            }
            ... on User {
              email
            }
          }
        }
      `,
      { ids: [bIds.userId, bIds.companyId] },
      a.token,
    );
    expect(many.body).toEqual({ data: { nodes: [null, null] } });
  });

  it('answers null, not an error, for an id nothing has', async () => {
    const { token } = await register();
    for (const id of [btoa('User:999999'), btoa('Company:999999'), btoa('User:not-a-number')]) {
      const response = await graphql(NODE, { id }, token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { node: null } });
    }
  });

  it("hides the company's secret from a MEMBER", async () => {
    const owner = await register(undefined, 'secret-password', 'Members Only Co');
    const { companyId } = await viewerIds(owner.token);
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { slug: 'members-only-co' },
    });
    const member = await server.deps.prisma.user.create({
      data: {
        companyId: company.id,
        role: 'END_USER',
        kind: 'REGULAR',
        displayName: 'Just A Member',
      },
    });
    const token = await createSession(server.deps.prisma, member.id, 1);

    const viewer = await graphql(VIEWER, {}, token);
    expect(viewer.body.data.viewer.user).toMatchObject({
      role: 'END_USER',
      company: { name: 'Members Only Co', secret: null },
    });
    const node = await graphql(NODE, { id: companyId }, token);
    expect(node.body.data.node).toMatchObject({ name: 'Members Only Co', secret: null });
    expect(JSON.stringify(node.body)).not.toContain(company.secret);
  });

  it('answers null to anonymous callers', async () => {
    const { token, email } = await register(undefined, 'secret-password', 'Hidden From Anyone');
    const ids = await viewerIds(token);
    for (const id of [ids.userId, ids.companyId]) {
      const response = await graphql(NODE, { id });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { node: null } });
      expect(JSON.stringify(response.body)).not.toContain('Hidden From Anyone');
      expect(JSON.stringify(response.body)).not.toContain(email);
    }
  });
});

describe('the /graphql endpoint over HTTP', () => {
  it('serves GraphiQL to a browser', async () => {
    const response = await server.call('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.body).toMatch(/<html/i);
    expect(response.body).toMatch(/Feedboard GraphQL API/);
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const response = await server.call('POST', '/graphql', {
      rawBody: '{"query": "{ viewer { user { id',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({
      message: 'The request body is not valid JSON.',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/stack|at .*\.js:\d+/);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const response = await server.call('POST', '/graphql', {
      body: { query: '{ viewer { user { id } } }', variables: { padding: 'x'.repeat(1_100_000) } },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
