/* eslint-disable @typescript-eslint/no-explicit-any -- test support (like api/src/testing/): JSON answers of every route and field */
import type { TBoardFixture, TCaller, TWorld } from './fixtures.ts';
import { rules, withAnswers } from './outcome.ts';
import type { TRule } from './outcome.ts';

/**
 * Every REST route under /api/v1, by `METHOD /path` as the OpenAPI document writes it: how to
 * call it against one of A's boards, and the rule saying what each caller must get.
 * rest-matrix.test.ts fails when a route of the app is missing here (or an entry names no route).
 */

export type TAnswer = { status: number; body: any };

export type TRestEntry = {
  rule: TRule;
  /** Runs on the granting and public boards too (runsOf); company routes run once per caller. */
  boardScoped: boolean;
  call: (w: TWorld, caller: TCaller, board: TBoardFixture) => Promise<TAnswer>;
  /** A list: whether the answer shows the board's object (an answer without it is "not found"). */
  shows?: (body: any, board: TBoardFixture) => boolean;
  /** Runs after every other entry (it changes something later calls rely on). */
  isLast?: boolean;
};

type TBody = (w: TWorld, board: TBoardFixture, caller: TCaller) => unknown;

/** A route called as the caller, with `path` and `body` built from the board. */
function route(
  rule: TRule,
  method: string,
  path: (w: TWorld, board: TBoardFixture) => string,
  options: {
    body?: TBody;
    headers?: (board: TBoardFixture) => Record<string, string>;
    boardScoped?: boolean;
    shows?: TRestEntry['shows'];
    isLast?: boolean;
  } = {},
): TRestEntry {
  return {
    rule,
    boardScoped: options.boardScoped ?? true,
    shows: options.shows,
    isLast: options.isLast,
    call: (w, caller, board) =>
      w.rest(caller, method, path(w, board), {
        body: options.body?.(w, board, caller),
        headers: options.headers?.(board),
      }),
  };
}

const company = { boardScoped: false };
const SSO_CONFLICT = { sso: 'CONFLICT', customer: 'CONFLICT' } as const;
const ofA = (w: TWorld) => `/companies/${w.a.companyId}`;
const ids = (list: any): number[] =>
  (Array.isArray(list) ? list : (list?.ideas ?? list?.releases ?? list?.items ?? [])).map(
    (item: any) => item.id,
  );

/** A session of the caller's own, for routes that end or change it. */
async function withFreshSession(
  w: TWorld,
  caller: TCaller,
  method: string,
  path: string,
  body?: unknown,
): Promise<TAnswer> {
  const token = await w.freshToken(caller);
  return w.server.call(method, `/api/v1${path}`, { token, body });
}

/** A REST call as A's owner that must succeed (setting up a throwaway object). */
async function asOwner(w: TWorld, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await w.rest('owner', method, path, { body });
  if (answer.status >= 300) throw new Error(`setup ${method} ${path}: ${answer.status}`);
  return answer.body;
}

export const REST_TABLE: Record<string, TRestEntry> = {
  // Accounts: sign-up, sign-in and recovery answer the same to everyone (bad input on purpose:
  // nothing is created); the rest is the caller's own account.
  'POST /registrations': route(rules.same('validation'), 'POST', () => '/registrations', {
    ...company,
    body: () => ({ email: 'not-an-address', password: 'x', company: 'Matrix' }),
  }),
  'POST /login': route(rules.same('INVALID_CREDENTIALS'), 'POST', () => '/login', {
    ...company,
    body: () => ({ email: 'nobody-matrix@example.com', password: 'wrong-password' }),
  }),
  'POST /login/second-factor': route(
    rules.same('INVALID_TOKEN'),
    'POST',
    () => '/login/second-factor',
    { ...company, body: () => ({ challenge: 'no-such-challenge', code: '000000' }) },
  ),
  'POST /password-recovery/send-link': route(
    rules.same('ok'),
    'POST',
    () => '/password-recovery/send-link',
    { ...company, body: () => ({ email: 'nobody-matrix@example.com' }) },
  ),
  'POST /password-recovery/check-token': route(
    rules.same('INVALID_TOKEN'),
    'POST',
    () => '/password-recovery/check-token',
    { ...company, body: () => ({ email: 'nobody-matrix@example.com', token: 'bad-token' }) },
  ),
  'POST /password-recovery/new-password': route(
    rules.same('INVALID_TOKEN'),
    'POST',
    () => '/password-recovery/new-password',
    {
      ...company,
      body: () => ({
        email: 'nobody-matrix@example.com',
        newPasswordToken: 'bad-token',
        password: 'a-new-secret-password',
      }),
    },
  ),
  'POST /logout': {
    rule: rules.self,
    boardScoped: false,
    call: (w, caller) => withFreshSession(w, caller, 'POST', '/logout'),
  },
  'GET /me': route(rules.self, 'GET', () => '/me', company),
  'GET /profile': route(rules.self, 'GET', () => '/profile', company),
  // SSO users' names come from their sign-in: not theirs to change here.
  'PUT /profile': route(withAnswers(rules.self, SSO_CONFLICT), 'PUT', () => '/profile', {
    ...company,
    body: () => ({ displayName: 'Matrix Caller' }),
  }),
  'PUT /profile/password': route(
    // A wrong current password; users without a password (SSO, made by the seed) have none to change.
    withAnswers(rules.self, {
      selfRegistered: 'validation',
      owner: 'validation',
      otherAdmin: 'validation',
      ...Object.fromEntries(
        (['sso', 'domain', 'customer', 'removed', 'member', 'admin'] as const).map((c) => [
          c,
          'CONFLICT',
        ]),
      ),
    }),
    'PUT',
    () => '/profile/password',
    {
      ...company,
      body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-password-1' }),
    },
  ),
  'PUT /profile/language': route(rules.self, 'PUT', () => '/profile/language', {
    ...company,
    body: () => ({ language: 'en-US' }),
  }),
  'PUT /profile/notifications': route(rules.self, 'PUT', () => '/profile/notifications', {
    ...company,
    body: () => ({ notifications: 'ALL' }),
  }),
  // Only the self-registered user's address is unconfirmed; SSO users have none.
  'POST /profile/email-confirmation': route(
    withAnswers(rules.self, {
      ...Object.fromEntries(
        (
          [
            'sso',
            'domain',
            'customer',
            'removed',
            'member',
            'admin',
            'owner',
            'otherAdmin',
          ] as const
        ).map((c) => [c, 'CONFLICT']),
      ),
    }),
    'POST',
    () => '/profile/email-confirmation',
    company,
  ),
  // End users with an address ask; SSO users without one and the team (the console) cannot.
  'POST /profile/privacy-requests': route(
    withAnswers(rules.self, {
      ...Object.fromEntries(
        (['sso', 'customer', 'member', 'admin', 'owner', 'otherAdmin'] as const).map((c) => [
          c,
          'CONFLICT',
        ]),
      ),
    }),
    'POST',
    () => '/profile/privacy-requests',
    {
      ...company,
      body: () => ({ kind: 'EXPORT' }),
    },
  ),
  'POST /company/test-email': route(
    rules.companyAdmin,
    'POST',
    () => '/company/test-email',
    company,
  ),
  'GET /company': route(rules.companyAdmin, 'GET', () => '/company', company),
  'POST /company/rotate-secret': route(rules.companyAdmin, 'POST', () => '/company/rotate-secret', {
    ...company,
    isLast: true,
  }),

  // Company routes name A by id: B's admin gets "not found".
  'GET /companies/{id}/pricing': route(
    rules.companyAdminById,
    'GET',
    (w) => `${ofA(w)}/pricing`,
    company,
  ),
  'GET /companies/{id}/boards': route(
    withAnswers(rules.boardRead, { anonymous: 'unauthenticated', otherAdmin: 'notFound' }),
    'GET',
    (w) => `${ofA(w)}/boards`,
    { shows: (body, board) => ids(body).includes(board.id) },
  ),
  'POST /companies/{id}/boards': route(rules.companyAdminById, 'POST', (w) => `${ofA(w)}/boards`, {
    ...company,
    body: () => ({ name: 'Matrix extra board' }),
  }),
  'GET /companies/{id}/releases': route(
    withAnswers(rules.boardRead, { anonymous: 'unauthenticated', otherAdmin: 'notFound' }),
    'GET',
    (w) => `${ofA(w)}/releases`,
    { shows: (body, board) => ids(body).includes(board.releaseId) },
  ),
  // Admin-only whatever boards it names: no board's existence shows through the refusal.
  'POST /companies/{id}/releases': route(
    rules.companyAdminById,
    'POST',
    (w) => `${ofA(w)}/releases`,
    {
      body: (_w, board) => ({
        name: 'Matrix extra',
        releaseDate: '2026-02-01',
        boardIds: [board.id],
      }),
    },
  ),
  'GET /companies/{id}/users': route(
    rules.companyAdminById,
    'GET',
    (w) => `${ofA(w)}/users`,
    company,
  ),
  'GET /companies/{id}/subscription': route(
    rules.companyAdminById,
    'GET',
    (w) => `${ofA(w)}/subscription`,
    company,
  ),
  'GET /companies/{id}/payments': route(
    rules.companyOwnerById,
    'GET',
    (w) => `${ofA(w)}/payments`,
    company,
  ),
  'POST /companies/{id}/subscription/upgrade/': route(
    withAnswers(rules.companyOwnerById, { owner: 'validation' }),
    'POST',
    (w) => `${ofA(w)}/subscription/upgrade/`,
    {
      ...company,
      body: () => ({ product: 'STARTUP', months: 1, channel: 'card', amount: 1 }),
    },
  ),

  // Boards.
  'GET /boards/{id}': route(rules.boardRead, 'GET', (_w, b) => `/boards/${b.id}`),
  'GET /boards/{id}/limits': route(rules.boardRead, 'GET', (_w, b) => `/boards/${b.id}/limits`),
  'GET /boards/{id}/releases': route(
    rules.boardRead,
    'GET',
    (_w, b) => `/boards/${b.id}/releases`,
    { shows: (body, board) => ids(body).includes(board.releaseId) },
  ),
  'GET /boards/{id}/statuses': route(rules.boardRead, 'GET', (_w, b) => `/boards/${b.id}/statuses`),
  'GET /boards/{id}/widget-setup': route(
    rules.boardAdmin,
    'GET',
    (_w, b) => `/boards/${b.id}/widget-setup`,
  ),
  'PUT /boards/{id}/name': route(rules.boardAdmin, 'PUT', (_w, b) => `/boards/${b.id}/name`, {
    body: (_w, b) => ({ name: `Matrix ${b.kind} board` }),
  }),
  'PUT /boards/{id}/language': route(
    rules.boardAdmin,
    'PUT',
    (_w, b) => `/boards/${b.id}/language`,
    { body: () => ({ language: 'en-US' }) },
  ),
  'PUT /boards/{id}/theme': route(rules.boardAdmin, 'PUT', (_w, b) => `/boards/${b.id}/theme`, {
    body: () => ({ primary: '53d23d' }),
  }),
  'PUT /boards/{id}/set-public': route(
    rules.boardAdmin,
    'PUT',
    (_w, b) => `/boards/${b.id}/set-public`,
    { body: (_w, b) => ({ isPublic: b.kind === 'public' }) },
  ),
  // Who may see the board: sent as it is, so the call changes nothing.
  'PUT /boards/{id}/access': route(rules.boardAdmin, 'PUT', (_w, b) => `/boards/${b.id}/access`, {
    body: (_w, b) => ({ isPublic: b.kind === 'public' }),
  }),
  'GET /boards/{id}/ideas/similar': route(
    rules.boardRead,
    'GET',
    (_w, b) => `/boards/${b.id}/ideas/similar?text=${encodeURIComponent(b.ideaTitle)}`,
    { shows: (body, board) => ids(body).includes(board.ideaId) },
  ),
  'GET /boards/{id}/export/ideas.csv': route(
    rules.boardAdmin,
    'GET',
    (_w, b) => `/boards/${b.id}/export/ideas.csv`,
  ),
  'GET /boards/{id}/export/voters.csv': route(
    rules.boardAdmin,
    'GET',
    (_w, b) => `/boards/${b.id}/export/voters.csv`,
  ),
  'GET /companies/{id}/audit.csv': route(
    rules.companyOwnerById,
    'GET',
    (w) => `${ofA(w)}/audit.csv`,
    company,
  ),

  // Releases (admins change them; readers see published ones on boards they see).
  'GET /releases/{id}': route(rules.boardRead, 'GET', (_w, b) => `/releases/${b.releaseId}`),
  'PUT /releases/{id}': route(rules.boardAdmin, 'PUT', (_w, b) => `/releases/${b.releaseId}`, {
    body: (_w, b) => ({ name: `Rel ${b.kind}`, releaseDate: '2026-01-15' }),
  }),
  'PUT /releases/{id}/publish': route(
    rules.boardAdmin,
    'PUT',
    (_w, b) => `/releases/${b.releaseId}/publish`,
    { body: () => ({ published: true }) },
  ),
  'POST /releases/{id}/parts': route(
    rules.boardAdmin,
    'POST',
    (_w, b) => `/releases/${b.releaseId}/parts`,
    { body: () => ({ title: 'Another matrix part' }) },
  ),
  'POST /releases/{id}/add-from-ideas': route(
    rules.boardAdmin,
    'POST',
    (_w, b) => `/releases/${b.releaseId}/add-from-ideas`,
    { body: (_w, b) => ({ ideaIds: [b.ideaId] }) },
  ),
  'DELETE /releases/{id}/parts/{partId}': {
    rule: rules.boardAdmin,
    boardScoped: true,
    call: async (w, caller, b) => {
      const release = await asOwner(w, 'POST', `/releases/${b.releaseId}/parts`, {
        title: 'A part to delete',
      });
      const partId = Math.max(...release.parts.map((part: any) => part.id));
      return w.rest(caller, 'DELETE', `/releases/${b.releaseId}/parts/${partId}`);
    },
  },

  // Ideas, votes and comments.
  'GET /ideas/': route(rules.boardRead, 'GET', () => '/ideas/', {
    headers: (b) => ({ 'x-board-id': String(b.id) }),
    shows: (body, board) => ids(body).includes(board.ideaId),
  }),
  'POST /ideas/': route(rules.boardWrite, 'POST', () => '/ideas/', {
    headers: (b) => ({ 'x-board-id': String(b.id) }),
    body: () => ({ title: 'A matrix submission', description: 'Submitted by the matrix.' }),
  }),
  'GET /ideas/{id}': route(rules.boardRead, 'GET', (_w, b) => `/ideas/${b.ideaId}`),
  'PUT /ideas/{id}': route(rules.boardEditor, 'PUT', (_w, b) => `/ideas/${b.ideaId}`, {
    body: (_w, b) => ({
      title: b.ideaTitle,
      description: `An accepted idea of the ${b.kind} board.`,
    }),
  }),
  'DELETE /ideas/{id}': {
    rule: rules.boardEditor,
    boardScoped: true,
    call: async (w, caller, b) => {
      const scratch = await w.scratchIdea(b.kind);
      return w.rest(caller, 'DELETE', `/ideas/${scratch.id}`);
    },
  },
  'PUT /ideas/{id}/status': {
    rule: rules.boardTeam,
    boardScoped: true,
    call: async (w, caller, b) => {
      const scratch = await w.scratchIdea(b.kind);
      return w.rest(caller, 'PUT', `/ideas/${scratch.id}/status`, { body: { status: 'PLANNED' } });
    },
  },
  'POST /ideas/{id}/decline': {
    rule: rules.boardTeam,
    boardScoped: true,
    call: async (w, caller, b) => {
      const scratch = await w.scratchIdea(b.kind);
      return w.rest(caller, 'POST', `/ideas/${scratch.id}/decline`, {
        body: { reason: 'NOT_RELEVANT', comment: 'Declined by the matrix.' },
      });
    },
  },
  'POST /ideas/{id}/upvote': route(
    rules.boardWrite,
    'POST',
    (_w, b) => `/ideas/${b.ideaId}/upvote`,
  ),
  'POST /ideas/{id}/downvote': route(
    rules.boardWrite,
    'POST',
    (_w, b) => `/ideas/${b.ideaId}/downvote`,
  ),
  'GET /ideas/{id}/voters': route(rules.boardEditor, 'GET', (_w, b) => `/ideas/${b.ideaId}/voters`),
  'GET /ideas/{id}/vote-importance': route(
    rules.boardWrite,
    'GET',
    (_w, b) => `/ideas/${b.ideaId}/vote-importance`,
  ),
  'PUT /ideas/{id}/vote-importance': {
    rule: rules.boardWrite,
    boardScoped: true,
    call: async (w, caller, b) => {
      // Importance marks one's own vote: vote first (refused alike where the idea is not seen).
      await w.rest(caller, 'POST', `/ideas/${b.ideaId}/upvote`);
      return w.rest(caller, 'PUT', `/ideas/${b.ideaId}/vote-importance`, {
        body: { importance: 'IMPORTANT' },
      });
    },
  },
  'GET /ideas/{id}/comments': route(
    rules.boardRead,
    'GET',
    (_w, b) => `/ideas/${b.ideaId}/comments`,
    {
      shows: (body, board) => JSON.stringify(body).includes(`A comment on the ${board.kind} board`),
    },
  ),
  'POST /ideas/{id}/comments': route(
    rules.boardWrite,
    'POST',
    (_w, b) => `/ideas/${b.ideaId}/comments`,
    { body: () => ({ text: 'A comment from the matrix' }) },
  ),

  // Widget: the board by its hash; sign-in and sign-up answer the same to everyone.
  'POST /widget/sso': route(rules.same('unauthenticated'), 'POST', () => '/widget/sso', {
    body: (_w, b) => ({ boardHash: b.hash, token: 'not-a-jwt' }),
  }),
  'GET /widget/boards/{hash}': route(
    rules.boardRead,
    'GET',
    (_w, b) => `/widget/boards/${b.hash}`,
    {
      shows: (body, board) => ids(body?.ideas).includes(board.ideaId),
    },
  ),
  'POST /widget/boards/{hash}/signup': route(
    rules.same('validation'),
    'POST',
    (_w, b) => `/widget/boards/${b.hash}/signup`,
    { body: () => ({ email: 'not-an-address', password: 'x' }) },
  ),
  'POST /widget/boards/{hash}/login': route(
    rules.same('validation'),
    'POST',
    (_w, b) => `/widget/boards/${b.hash}/login`,
    { body: () => ({ email: 'not-an-address', password: 'x' }) },
  ),
  // The same answer for everyone and every board (nobody learns whether the address has an
  // account in the board's company).
  'POST /widget/boards/{hash}/password-recovery/send-link': route(
    rules.same('ok'),
    'POST',
    (_w, b) => `/widget/boards/${b.hash}/password-recovery/send-link`,
    { body: () => ({ email: 'nobody-matrix@example.com' }) },
  ),
  'GET /boards/{id}/events': {
    rule: rules.boardRead,
    boardScoped: true,
    call: async (w, caller, b) => {
      // Opening the stream only: streams-matrix.test.ts checks which events arrive.
      const controller = new AbortController();
      const token = w.tokens[caller];
      const response = await fetch(`${w.server.url}/api/v1/boards/${b.id}/events`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      const body = response.ok ? null : await response.json().catch(() => null);
      controller.abort();
      return { status: response.status, body };
    },
  },

  // Vendors' webhooks and the document: the same for everyone.
  'POST /billing/stripe-webhook': route(
    rules.same('BAD_REQUEST'),
    'POST',
    () => '/billing/stripe-webhook',
    {
      ...company,
      body: () => ({ id: 'evt_matrix', type: 'checkout.session.completed', data: {} }),
    },
  ),
  'POST /integrations/github/{key}': route(
    rules.same('notFound'),
    'POST',
    () => '/integrations/github/no-such-key',
    { ...company, body: () => ({}) },
  ),
  'POST /integrations/linear/{key}': route(
    rules.same('notFound'),
    'POST',
    () => '/integrations/linear/no-such-key',
    { ...company, body: () => ({}) },
  ),
  'GET /openapi.json': route(rules.same('ok'), 'GET', () => '/openapi.json', company),

  // Webhooks: A's admins; A's webhook is "not found" to B's admin.
  'GET /webhooks': route(rules.companyAdmin, 'GET', () => '/webhooks', company),
  // Admin-only whatever board it filters on.
  'POST /webhooks': route(rules.companyAdminById, 'POST', () => '/webhooks', {
    ...company,
    body: (_w, b) => ({
      url: 'https://hooks.example.com/matrix',
      events: ['IDEA_CREATED'],
      boardId: b.id,
    }),
  }),
  'PUT /webhooks/{id}': route(
    rules.companyAdminById,
    'PUT',
    (w) => `/webhooks/${w.fixtures.webhookId}`,
    { ...company, body: () => ({ isEnabled: false }) },
  ),
  'DELETE /webhooks/{id}': {
    rule: rules.companyAdminById,
    boardScoped: false,
    call: async (w, caller) => {
      const id = await w.fixtures.scratchWebhook();
      return w.rest(caller, 'DELETE', `/webhooks/${id}`);
    },
  },
  'POST /webhooks/{id}/rotate-secret': route(
    rules.companyAdminById,
    'POST',
    (w) => `/webhooks/${w.fixtures.webhookId}/rotate-secret`,
    company,
  ),
  'POST /webhooks/{id}/test': route(
    rules.companyAdminById,
    'POST',
    (w) => `/webhooks/${w.fixtures.webhookId}/test`,
    company,
  ),
  'GET /webhooks/{id}/deliveries': route(
    rules.companyAdminById,
    'GET',
    (w) => `/webhooks/${w.fixtures.webhookId}/deliveries`,
    company,
  ),
};
