import { createSession } from '../services/account/create-session.ts';
import type { TTestServer } from './test-server.ts';

/** The AppError selection every mutation test asks for. */
export const APP_ERROR = `... on AppError { code message fields { field message } }`;

/** POSTs one GraphQL operation to /graphql, as an integrator would. */
export async function gql(
  server: TTestServer,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; body: any }> {
  const { status, body } = await server.call('POST', '/graphql', {
    body: { query, variables },
    token,
  });
  return { status, body };
}

/**
 * A mutation's answer: `data` of its success type, or the AppError (with `__typename`) when it
 * failed. Throws on GraphQL-level errors, so tests see them.
 */
export async function mutate(
  server: TTestServer,
  field: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<any> {
  const { body } = await gql(server, query, variables, token);
  if (body?.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  const result = body.data[field];
  return result.__typename === 'AppError' ? result : result.data;
}

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } ${APP_ERROR} } }`;

const GRANT_TEST_USERS = `mutation ($boardId: ID!) {
  updateBoard(boardId: $boardId, ssoAccess: true, allowedEmailDomains: ["example.com"]) {
  __typename ${APP_ERROR} } }`;

/**
 * Creates a private board through the API as `token`'s admin; answers its global id. The board
 * grants the company's end users of the tests (addEndUser's confirmed example.com addresses)
 * and its SSO users, so suites about ideas, votes and comments act as end users who may see it
 * (services/access.test.ts tests who may see a private board); `grantsEndUsers: false` leaves
 * it to the team.
 */
export async function createBoardId(
  server: TTestServer,
  token: string,
  name = 'A board for tests',
  options: { grantsEndUsers?: boolean } = {},
): Promise<string> {
  const board = await mutate(server, 'createBoard', CREATE_BOARD, { name }, token);
  if (board.__typename === 'AppError') throw new Error(`createBoard: ${JSON.stringify(board)}`);
  if (options.grantsEndUsers ?? true) {
    const { body } = await gql(server, GRANT_TEST_USERS, { boardId: board.id }, token);
    if (body.data?.updateBoard?.__typename !== 'MutationUpdateBoardSuccess') {
      throw new Error(`updateBoard: ${JSON.stringify(body)}`);
    }
  }
  return board.id;
}

let counter = 0;

export type TTestAccount = { token: string; userId: number; companyId: number; email: string };

/**
 * A company row on the ULTRA plan (no caps in the way), written straight to the database, for
 * property tests that seed many companies; `tag` makes the names of its other rows unique.
 */
export async function createUltraCompanyRow(
  server: TTestServer,
  label: string,
): Promise<{ companyId: number; tag: string }> {
  counter += 1;
  const tag = `${process.pid}-${counter}-${Date.now()}`;
  const company = await server.deps.prisma.company.create({
    data: {
      name: `${label} ${counter}`,
      slug: `${label.toLowerCase()}-${tag}`,
      secret: `secret-${tag}`,
      subscription: { create: { product: 'ULTRA', expiresAt: new Date(Date.now() + 86_400_000) } },
    },
  });
  return { companyId: company.id, tag };
}

/**
 * Signs up a new company through the API; answers its owner's session. The owner's address is
 * confirmed as if they had followed the mailed link (email-confirmation.test.ts follows it for
 * real), unless `confirmEmail: false`.
 */
export async function signUpCompany(
  server: TTestServer,
  name?: string,
  options: { confirmEmail?: boolean } = {},
): Promise<TTestAccount> {
  counter += 1;
  const email = `owner${counter}-${process.pid}-${Date.now()}@example.com`;
  const { status, body } = await server.call('POST', '/api/v1/registrations', {
    body: { email, password: 'secret-password', company: name ?? `Company number ${counter}` },
  });
  if (status !== 201) throw new Error(`sign-up failed: ${status} ${JSON.stringify(body)}`);
  const user = await server.deps.prisma.user.findFirstOrThrow({
    where: { loginEmail: email.toLowerCase(), role: 'OWNER' },
  });
  if (options.confirmEmail ?? true) {
    await server.deps.prisma.user.update({
      where: { id: user.id },
      data: { emailConfirmedAt: new Date() },
    });
  }
  return { token: body.token, userId: user.id, companyId: user.companyId, email };
}

/**
 * An end user of a company (END_USER, REGULAR or SSO; role MEMBER or ADMIN makes a team member) with a session, made the way the seed makes
 * users; answers their token. Their address is confirmed unless `emailConfirmed: false`.
 */
export async function addEndUser(
  server: TTestServer,
  companyId: number,
  options: {
    kind?: 'REGULAR' | 'SSO';
    role?: 'END_USER' | 'MEMBER' | 'ADMIN';
    name?: string;
    emailConfirmed?: boolean;
  } = {},
): Promise<TTestAccount> {
  counter += 1;
  const kind = options.kind ?? 'REGULAR';
  const email = `user${counter}-${process.pid}-${Date.now()}@example.com`;
  const user = await server.deps.prisma.user.create({
    data: {
      companyId,
      kind,
      role: options.role ?? 'END_USER',
      displayName: options.name ?? `User ${counter}`,
      email,
      emailConfirmedAt: (options.emailConfirmed ?? true) ? new Date() : null,
      loginEmail: kind === 'REGULAR' ? email : null,
      externalId: kind === 'SSO' ? `ext-${counter}-${Date.now()}` : null,
    },
  });
  const token = await createSession(server.deps.prisma, user.id, 1);
  return { token, userId: user.id, companyId, email };
}

/** Sets a company's plan directly (the billing issue sells plans; tests only need the state). */
export async function setPlan(
  server: TTestServer,
  companyId: number,
  product: 'FREE' | 'STARTUP' | 'COMPANY' | 'ULTRA',
  expiresAt: Date | null = product === 'FREE' ? null : new Date(Date.now() + 30 * 86_400_000),
): Promise<void> {
  await server.deps.prisma.subscription.upsert({
    where: { companyId },
    create: { companyId, product, expiresAt },
    update: { product, expiresAt },
  });
}
