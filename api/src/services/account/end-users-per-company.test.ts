import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

// End users belong to their company (an address may be an end user of several), team accounts
// sign in to the console, and a widget or portal sign-in holds an end user's session only.

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let hashA: string;
let hashB: string;
let counter = 0;
const newEmail = () => {
  counter += 1;
  return `person${counter}-${Date.now()}@example.com`;
};

const boardHashOf = async (company: TRestCompany) =>
  (
    await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
      token: company.owner.token,
    })
  ).boardHash as string;

async function graphql(token: string, query: string) {
  const response = await server.call('POST', '/graphql', { token, body: { query } });
  return response.body;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  hashA = await boardHashOf(a);
  hashB = await boardHashOf(b);
});

afterAll(async () => {
  await server?.close();
});

describe('end users belong to their company', () => {
  it('signs the same address up in two companies’ widgets, and each widget signs in its own account', async () => {
    const email = newEmail();
    const inA = await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 201, {
      body: { email, password: 'password-in-a' },
    });
    // Company B's widget answers as for any new address: nothing tells that A has it.
    const inB = await expectCall(server, 'POST', `/widget/boards/${hashB}/signup`, 201, {
      body: { email: email.toUpperCase(), password: 'password-in-b' },
    });
    expect(inB.user.id).not.toBe(inA.user.id);
    const users = await server.deps.prisma.user.findMany({
      where: { loginEmail: email },
      select: { companyId: true },
      orderBy: { id: 'asc' },
    });
    expect(users.map((u) => u.companyId)).toEqual([a.owner.companyId, b.owner.companyId]);
    // Each widget knows only its own company's account and password.
    const signedInA = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 200, {
      body: { email, password: 'password-in-a' },
    });
    expect(signedInA.user.id).toBe(inA.user.id);
    await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 401, {
      body: { email, password: 'password-in-b' },
    });
    const signedInB = await expectCall(server, 'POST', `/widget/boards/${hashB}/login`, 200, {
      body: { email, password: 'password-in-b' },
    });
    expect(signedInB.user.id).toBe(inB.user.id);
    // Within one company the address is still one account.
    const again = await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 409, {
      body: { email, password: 'password-again' },
    });
    expect(again.error.code).toBe('CONFLICT');
  });

  it('registers a company with an address squatted through a widget; the console signs in its owner only', async () => {
    const email = newEmail();
    await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 201, {
      body: { email, password: 'squatter-password' },
    });
    // The squatter's password is no console sign-in: end users do not sign in there.
    await expectCall(server, 'POST', '/login', 401, {
      body: { email, password: 'squatter-password' },
    });
    const registered = await expectCall(server, 'POST', '/registrations', 201, {
      body: { email, password: 'owner-password', company: 'Rightful Owner Ltd' },
    });
    const me = await expectCall(server, 'GET', '/me', 200, { token: registered.token });
    expect(me.teamRole).toBe('OWNER');
    const login = await expectCall(server, 'POST', '/login', 200, {
      body: { email, password: 'owner-password' },
    });
    expect((await expectCall(server, 'GET', '/me', 200, { token: login.token })).companyId).toBe(
      me.companyId,
    );
    // Signing up again with the owner's address makes a second company of its own (the
    // answer is the same as for any address); the first stays as it was.
    await expectCall(server, 'POST', '/registrations', 201, {
      body: { email, password: 'second-password' },
    });
    expect(
      await server.deps.prisma.user.count({ where: { loginEmail: email, role: 'OWNER' } }),
    ).toBe(2);
    const firstAgain = await expectCall(server, 'POST', '/login', 200, {
      body: { email, password: 'owner-password' },
    });
    expect(
      (await expectCall(server, 'GET', '/me', 200, { token: firstAgain.token })).companyId,
    ).toBe(me.companyId);
  });
});

describe('a widget sign-in holds an end user’s session', () => {
  it('gives a team owner signing in through the widget a token without team powers, that still votes', async () => {
    const signedIn = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 200, {
      body: { email: a.owner.email, password: 'secret-password' },
    });
    const token = signedIn.token as string;
    expect(signedIn.user.id).toBe(a.owner.userId);
    // No company secret, API keys, audit log or admin mutation, on REST or GraphQL.
    await expectCall(server, 'GET', '/company', 403, { token });
    const me = await expectCall(server, 'GET', '/me', 200, { token });
    expect(me.id).toBe(a.owner.userId);
    const read = await graphql(
      token,
      '{ viewer { company { secret ssoRequireExpiry } } apiKeys { id } }',
    );
    expect(read.data?.viewer?.company?.secret ?? null).toBeNull();
    expect(read.data?.viewer?.company?.ssoRequireExpiry ?? null).toBeNull();
    expect(read.data?.apiKeys ?? null).toBeNull();
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const mint = await graphql(
      token,
      'mutation { createApiKey(name: "stolen") { __typename ... on AppError { code } } }',
    );
    expect(mint.data?.createApiKey?.code ?? mint.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const rotate = await graphql(
      token,
      'mutation { rotateCompanySecret { __typename ... on AppError { code } } }',
    );
    expect(rotate.data?.rotateCompanySecret?.code ?? rotate.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    expect(await server.deps.prisma.apiKey.count({ where: { companyId: a.owner.companyId } })).toBe(
      0,
    );
    // It takes part like an end user.
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token });
    // The console's own sign-in still gives the owner everything.
    await expectCall(server, 'GET', '/company', 200, { token: a.owner.token });
  });

  it('reports a team owner’s widget session as an end user on GET /me and GraphQL viewer, and it reads no private board nor its access', async () => {
    const signedIn = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 200, {
      body: { email: a.owner.email, password: 'secret-password' },
    });
    const token = signedIn.token as string;
    const me = await expectCall(server, 'GET', '/me', 200, { token });
    expect(me).toMatchObject({ id: a.owner.userId, teamRole: null, role: 'MEMBER' });
    const viewer = await graphql(token, '{ viewer { user { role } } }');
    expect(viewer.data.viewer.user.role).toBe('END_USER');
    // The console's session of the same person is the owner's.
    expect((await expectCall(server, 'GET', '/me', 200, { token: a.owner.token })).teamRole).toBe(
      'OWNER',
    );
    expect(
      (await graphql(a.owner.token, '{ viewer { user { role } } }')).data.viewer.user.role,
    ).toBe('OWNER');
    // A private board that grants no end user: the team's only.
    const { id: privateBoard } = await expectCall(
      server,
      'POST',
      `/companies/${a.owner.companyId}/boards`,
      201,
      { token: a.owner.token, body: { name: 'Team only board', isPublic: false } },
    );
    await expectCall(server, 'GET', `/boards/${privateBoard}`, 404, { token });
    const asTeam = await expectCall(server, 'GET', `/boards/${privateBoard}`, 200, {
      token: a.owner.token,
    });
    expect(asTeam.access).toEqual({
      ssoAccess: false,
      allowedEmailDomains: [],
      allowedCustomerCompanyIds: [],
    });
    // On a public board it reads what end users read: no access settings.
    const publicBoard = await expectCall(server, 'GET', `/boards/${a.boardId}`, 200, { token });
    expect(publicBoard.access).toBeUndefined();
  });

  it('signs a team member of another company in nowhere through this widget, alike an unknown address', async () => {
    const foreign = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 401, {
      body: { email: b.owner.email, password: 'secret-password' },
    });
    const unknown = await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 401, {
      body: { email: newEmail(), password: 'secret-password' },
    });
    expect(foreign.error).toEqual(unknown.error);
  });
});

describe('password recovery of end users, per company', () => {
  /** The reset link's token of the newest reset mail to `email` (the outbox: no SMTP here). */
  async function latestResetToken(email: string): Promise<string | undefined> {
    const mail = await server.deps.prisma.mail.findFirst({
      where: { to: email, subject: { startsWith: 'Reset your ', endsWith: ' password' } },
      orderBy: { id: 'desc' },
    });
    return mail ? /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
  }

  it('resets through a company’s widget only that company’s account of an address that is an end user of several', async () => {
    const email = newEmail();
    await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 201, {
      body: { email, password: 'password-in-a' },
    });
    await expectCall(server, 'POST', `/widget/boards/${hashB}/signup`, 201, {
      body: { email, password: 'password-in-b' },
    });
    const sent = await expectCall(
      server,
      'POST',
      `/widget/boards/${hashB}/password-recovery/send-link`,
      200,
      { body: { email } },
    );
    const unknown = await expectCall(
      server,
      'POST',
      `/widget/boards/${hashB}/password-recovery/send-link`,
      200,
      { body: { email: newEmail() } },
    );
    expect(unknown).toEqual(sent);
    const token = await latestResetToken(email);
    expect(token).toBeDefined();
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, subject: { startsWith: 'Reset your ', endsWith: ' password' } },
    });
    const companyB = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: b.owner.companyId },
    });
    expect(mail.text).toContain(`This is for your account with ${companyB.name}`);
    const { newPasswordToken } = await expectCall(
      server,
      'POST',
      '/password-recovery/check-token',
      200,
      {
        body: { email, token },
      },
    );
    await expectCall(server, 'POST', '/password-recovery/new-password', 200, {
      body: { email, newPasswordToken, password: 'new-password-b' },
    });
    // B's account has the new password; A's keeps its own.
    await expectCall(server, 'POST', `/widget/boards/${hashB}/login`, 200, {
      body: { email, password: 'new-password-b' },
    });
    await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 401, {
      body: { email, password: 'new-password-b' },
    });
    await expectCall(server, 'POST', `/widget/boards/${hashA}/login`, 200, {
      body: { email, password: 'password-in-a' },
    });
  });

  it('mails no console reset link to an address that is an end user only, and answers the same', async () => {
    const email = newEmail();
    await expectCall(server, 'POST', `/widget/boards/${hashA}/signup`, 201, {
      body: { email, password: 'password-in-a' },
    });
    const forEndUser = await expectCall(server, 'POST', '/password-recovery/send-link', 200, {
      body: { email },
    });
    const forTeam = await expectCall(server, 'POST', '/password-recovery/send-link', 200, {
      body: { email: a.owner.email },
    });
    expect(forEndUser).toEqual(forTeam);
    await server.deps.mailer.flush();
    expect(await latestResetToken(email)).toBeUndefined();
    expect(await latestResetToken(a.owner.email)).toBeDefined();
    // Through the company's widget the same address gets its link.
    await expectCall(server, 'POST', `/widget/boards/${hashA}/password-recovery/send-link`, 200, {
      body: { email },
    });
    expect(await latestResetToken(email)).toBeDefined();
  });
});
