/* eslint-disable @typescript-eslint/no-explicit-any -- test support (like api/src/testing/): JSON answers of every route and field */
import { globalId } from '../schema/ids.ts';
import { APP_ERROR } from '../testing/graphql-client.ts';
import { CUSTOMER_EXTERNAL_ID } from './fixtures.ts';
import type { TBoardFixture, TCaller, TWorld } from './fixtures.ts';
import { ADMINS, graphqlOutcome, rules, withAnswers } from './outcome.ts';
import type { TOutcome, TRule } from './outcome.ts';

/**
 * Every GraphQL Query, Mutation and Subscription field, by `Type.field`: the operation that calls
 * it against one of A's boards and the rule saying what each caller must get.
 * graphql-matrix.test.ts fails when a field of the schema is missing here (or an entry names no
 * field). Subscriptions run in streams-matrix.test.ts (they need events to arrive).
 */

export type TGraphqlEntry = {
  rule: TRule;
  boardScoped: boolean;
  call: (w: TWorld, caller: TCaller, board: TBoardFixture) => Promise<{ body: any }>;
  /** The answer as a class (default: graphqlOutcome of the field). */
  classify: (body: any, board: TBoardFixture) => TOutcome;
  /** Runs after the others, in this order (it changes what later calls rely on). */
  order?: number;
  /** A subscription: streams-matrix.test.ts runs it. */
  isStream?: boolean;
};

type TVars = (
  w: TWorld,
  board: TBoardFixture,
  caller: TCaller,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

type TOptions = {
  boardScoped?: boolean;
  /** A list: whether the field's value shows the board's object (else "not found"). */
  shows?: (value: any, board: TBoardFixture) => boolean;
  /** Call with a fresh session of the caller (the call ends or changes sessions). */
  isFresh?: boolean;
  /** After the call, the fresh session becomes the caller's (the call ended the others). */
  keepsFresh?: boolean;
  order?: number;
};

function entry(
  field: string,
  rule: TRule,
  text: string,
  vars: TVars | undefined,
  options: TOptions,
): TGraphqlEntry {
  return {
    rule,
    boardScoped: options.boardScoped ?? true,
    order: options.order,
    call: async (w, caller, board) => {
      const variables = (await vars?.(w, board, caller)) ?? {};
      if (!options.isFresh) return w.graphql(caller, text, variables);
      const token = await w.freshToken(caller);
      const answer = await w.server.call('POST', '/graphql', {
        body: { query: text, variables },
        token,
      });
      if (options.keepsFresh && token) w.tokens[caller] = token;
      return answer;
    },
    classify: (body, board) => {
      const outcome = graphqlOutcome(body, field);
      if (outcome === 'ok' && options.shows && !options.shows(body.data[field], board)) {
        return 'notFound';
      }
      return outcome;
    },
  };
}

/** A query of `field` with `selection` (`signature` declares the variables `args` use). */
function query(
  field: string,
  rule: TRule,
  signature: string,
  args: string,
  selection: string,
  vars?: TVars,
  options: TOptions = {},
): TGraphqlEntry {
  const declared = signature ? `(${signature})` : '';
  const call = args ? `(${args})` : '';
  const body = selection ? ` { ${selection} }` : '';
  return entry(field, rule, `query ${declared} { ${field}${call}${body} }`, vars, options);
}

/** A mutation of `field`, answered by its result's __typename or AppError. */
function mutation(
  field: string,
  rule: TRule,
  signature: string,
  args: string,
  vars?: TVars,
  options: TOptions = {},
): TGraphqlEntry {
  const declared = signature ? `(${signature})` : '';
  const call = args ? `(${args})` : '';
  return entry(
    field,
    rule,
    `mutation ${declared} { ${field}${call} { __typename ${APP_ERROR} } }`,
    vars,
    options,
  );
}

const company = { boardScoped: false };
const idsOf = (list: any[] | undefined) => (list ?? []).map((item) => item?.id);
const edgeIds = (connection: any) => (connection?.edges ?? []).map((edge: any) => edge.node.id);
const ideaVars: TVars = (_w, b) => ({ ideaId: b.ideaGid });
const boardVars: TVars = (_w, b) => ({ boardId: b.gid });
const scratchIdea: TVars = async (w, b) => ({ ideaId: (await w.scratchIdea(b.kind)).gid });
/**
 * No fixture object (Slack connections, tracker connections and links, import jobs): the call
 * names an id no row has and everyone gets "not found". Shallow: it shows only that no caller
 * learns more than that.
 */
const NO_FIXTURE = withAnswers(rules.same('notFound'), { anonymous: 'unauthenticated' });
/** A list of the caller's own company's objects: A's are absent for B's admin; signed out: 401. */
const OWN_COMPANY_LIST = withAnswers(rules.boardRead, {
  anonymous: 'unauthenticated',
  otherAdmin: 'notFound',
});
const SIGNED_IN: readonly TCaller[] = [
  'selfRegistered',
  'sso',
  'domain',
  'customer',
  'removed',
  'member',
  'admin',
  'owner',
  'otherAdmin',
];
const everyoneSignedIn = (outcome: TOutcome) =>
  Object.fromEntries(SIGNED_IN.map((caller) => [caller, outcome]));
/** Two-factor is for people who sign in with a password, not SSO users. */
const SSO_FORBIDDEN = { sso: 'forbidden', customer: 'forbidden' } as const;
/**
 * A wrong current password: users with a password get VALIDATION, users without one (SSO, and
 * the users these fixtures write without a password) CONFLICT.
 */
export const WRONG_PASSWORD = withAnswers(rules.self, {
  ...everyoneSignedIn('CONFLICT'),
  selfRegistered: 'validation',
  owner: 'validation',
  otherAdmin: 'validation',
});
/** Only the self-registered user's address waits for confirmation; SSO users have none. */
export const ONLY_UNCONFIRMED = withAnswers(rules.self, {
  ...everyoneSignedIn('CONFLICT'),
  selfRegistered: 'ok',
});
const NO_ROW = (type: string) => globalId(type, 2_000_000_000);

/** The objects of a board node/nodes look up: the board, its idea, comment and release. */
const boardObjects = (b: TBoardFixture) => [b.gid, b.ideaGid, b.commentGid, b.releaseGid];

/** ok when every object is there, notFound when none is, and which ones otherwise. */
function allOrNone(values: any[] | undefined): TOutcome {
  const found = (values ?? []).map((value) => value !== null && value !== undefined);
  if (found.length && found.every(Boolean)) return 'ok';
  if (found.every((isFound) => !isFound)) return 'notFound';
  return `some found: ${found.map((f) => (f ? 'yes' : 'no')).join(',')}`;
}

const QUERIES: Record<string, TGraphqlEntry> = {
  apiKeys: query('apiKeys', rules.companyAdmin, '', '', 'id', undefined, company),
  board: query('board', rules.boardRead, '$id: ID!', 'id: $id', 'id', (_w, b) => ({ id: b.gid })),
  // The console's list of the caller's own company's boards.
  boards: query('boards', OWN_COMPANY_LIST, '', '', 'id', undefined, {
    shows: (value, b) => idsOf(value).includes(b.gid),
  }),
  boardsConnection: query(
    'boardsConnection',
    OWN_COMPANY_LIST,
    '',
    'first: 100',
    'edges { node { id } }',
    undefined,
    { shows: (value, b) => edgeIds(value).includes(b.gid) },
  ),
  checkSsoToken: query(
    'checkSsoToken',
    rules.boardAdmin,
    '$boardId: ID!',
    'boardId: $boardId, token: "not-a-jwt"',
    `__typename ${APP_ERROR}`,
    boardVars,
  ),
  companyUsers: query(
    'companyUsers',
    rules.companyAdmin,
    '',
    'first: 5',
    'edges { node { id } }',
    undefined,
    company,
  ),
  customerCompanies: query(
    'customerCompanies',
    rules.companyTeam,
    '',
    '',
    'id',
    undefined,
    company,
  ),
  customerCompaniesConnection: query(
    'customerCompaniesConnection',
    rules.companyTeam,
    '',
    'first: 10',
    'edges { node { id } }',
    undefined,
    company,
  ),
  endUserExport: query(
    'endUserExport',
    rules.companyAdminById,
    '$userId: ID!',
    'userId: $userId',
    `__typename ${APP_ERROR}`,
    (w) => ({ userId: globalId('CompanyUser', w.userIds.selfRegistered) }),
    company,
  ),
  findEndUser: query(
    'findEndUser',
    rules.companyAdmin,
    '',
    'email: "nobody-matrix@example.com"',
    `__typename ${APP_ERROR}`,
    undefined,
    company,
  ),
  idea: query('idea', rules.boardRead, '$id: ID!', 'id: $id', 'id', (_w, b) => ({ id: b.ideaGid })),
  importJob: query(
    'importJob',
    rules.same('notFound'),
    '$id: ID!',
    'id: $id',
    'id',
    () => ({ id: NO_ROW('ImportJob') }),
    company,
  ),
  invitation: query(
    'invitation',
    rules.same('notFound'),
    '',
    'token: "no-such-invitation"',
    'email',
    undefined,
    company,
  ),
  invitations: query('invitations', rules.companyAdmin, '', '', 'id', undefined, company),
  isCheckoutAvailable: query(
    'isCheckoutAvailable',
    rules.same('ok'),
    '',
    '',
    '',
    undefined,
    company,
  ),
  issueTrackerConnections: query(
    'issueTrackerConnections',
    rules.companyAdmin,
    '',
    '',
    'id',
    undefined,
    company,
  ),
  issueTrackers: query('issueTrackers', rules.self, '', '', '', undefined, company),
  mailDelivery: query('mailDelivery', rules.companyTeam, '', '', '', undefined, company),
  mentionCandidates: query(
    'mentionCandidates',
    rules.boardTeam,
    '$ideaId: ID!',
    'ideaId: $ideaId',
    `__typename ${APP_ERROR}`,
    ideaVars,
  ),
  node: {
    ...query(
      'node',
      rules.boardRead,
      '$b: ID!, $i: ID!, $c: ID!, $r: ID!',
      'id: $b',
      'id',
      (_w, b) => {
        const [board, idea, comment, release] = boardObjects(b);
        return { b: board, i: idea, c: comment, r: release };
      },
    ),
    call: (w, caller, b) => {
      const [board, idea, comment, release] = boardObjects(b);
      return w.graphql(
        caller,
        `query ($b: ID!, $i: ID!, $c: ID!, $r: ID!) {
          b: node(id: $b) { id } i: node(id: $i) { id } c: node(id: $c) { id } r: node(id: $r) { id } }`,
        { b: board, i: idea, c: comment, r: release },
      );
    },
    classify: (body) =>
      body?.errors
        ? graphqlOutcome(body, 'b')
        : allOrNone(['b', 'i', 'c', 'r'].map((alias) => body?.data?.[alias])),
  },
  nodes: {
    ...query('nodes', rules.boardRead, '$ids: [ID!]!', 'ids: $ids', 'id', (_w, b) => ({
      ids: boardObjects(b),
    })),
    classify: (body) =>
      body?.errors ? graphqlOutcome(body, 'nodes') : allOrNone(body?.data?.nodes),
  },
  pricing: query('pricing', rules.same('ok'), '', '', '__typename', undefined, company),
  publicBoard: query(
    'publicBoard',
    rules.boardRead,
    '$company: String!, $board: String!',
    'companySlug: $company, boardSlug: $board',
    'id',
    (w, b) => ({ company: w.a.slug, board: b.slug }),
  ),
  release: query('release', rules.boardRead, '$id: ID!', 'id: $id', 'id', (_w, b) => ({
    id: b.releaseGid,
  })),
  releases: query(
    'releases',
    OWN_COMPANY_LIST,
    '',
    'first: 50',
    'edges { node { id } }',
    undefined,
    {
      shows: (value, b) => edgeIds(value).includes(b.releaseGid),
    },
  ),
  releaseNotesPreview: query(
    'releaseNotesPreview',
    rules.companyAdmin,
    '$body: String!',
    'body: $body',
    '',
    () => ({ body: '**Shipped**' }),
    company,
  ),
  slackConnections: query('slackConnections', rules.companyAdmin, '', '', 'id', undefined, company),
  viewer: query(
    'viewer',
    withAnswers(rules.self, { anonymous: 'notFound' }),
    '',
    '',
    'user { id }',
    undefined,
    company,
  ),
  webhooks: query('webhooks', rules.companyAdmin, '', '', 'id', undefined, company),
};

const MUTATIONS: Record<string, TGraphqlEntry> = {
  // Signing in and up, tokens: the same answer for everyone (bad input on purpose).
  acceptInvitation: mutation(
    'acceptInvitation',
    rules.same('INVALID_TOKEN'),
    '',
    'token: "no-such-invitation", password: "a-long-password-1"',
    undefined,
    company,
  ),
  checkPasswordResetToken: mutation(
    'checkPasswordResetToken',
    rules.same('INVALID_TOKEN'),
    '',
    'email: "nobody-matrix@example.com", token: "bad-token"',
    undefined,
    company,
  ),
  login: mutation(
    'login',
    rules.same('INVALID_CREDENTIALS'),
    '',
    'email: "nobody-matrix@example.com", password: "wrong-password"',
    undefined,
    company,
  ),
  loginSecondFactor: mutation(
    'loginSecondFactor',
    rules.same('INVALID_TOKEN'),
    '',
    'challenge: "no-such-challenge", code: "000000"',
    undefined,
    company,
  ),
  register: mutation(
    'register',
    rules.same('validation'),
    '',
    'email: "not-an-address", password: "x"',
    undefined,
    company,
  ),
  sendPasswordResetLink: mutation(
    'sendPasswordResetLink',
    rules.same('ok'),
    '',
    'email: "nobody-matrix@example.com"',
    undefined,
    company,
  ),
  setNewPassword: mutation(
    'setNewPassword',
    rules.same('INVALID_TOKEN'),
    '',
    'email: "nobody-matrix@example.com", newPasswordToken: "bad", password: "a-long-password-1"',
    undefined,
    company,
  ),

  // The caller's own account.
  changePassword: mutation(
    'changePassword',
    WRONG_PASSWORD,
    '',
    'currentPassword: "not-the-password", newPassword: "another-password-1"',
    undefined,
    company,
  ),
  confirmTwoFactorEnrolment: mutation(
    'confirmTwoFactorEnrolment',
    withAnswers(rules.self, { ...everyoneSignedIn('validation'), ...SSO_FORBIDDEN }),
    '',
    'code: "000000"',
    undefined,
    company,
  ),
  disableTwoFactor: mutation(
    'disableTwoFactor',
    withAnswers(rules.self, { ...everyoneSignedIn('INVALID_CREDENTIALS'), ...SSO_FORBIDDEN }),
    '',
    'password: "not-the-password", code: "000000"',
    undefined,
    company,
  ),
  logout: mutation('logout', rules.self, '', '', undefined, { ...company, isFresh: true }),
  markNotificationsRead: mutation('markNotificationsRead', rules.self, '', '', undefined, company),
  replaceRecoveryCodes: mutation(
    'replaceRecoveryCodes',
    withAnswers(rules.self, { ...everyoneSignedIn('INVALID_CREDENTIALS'), ...SSO_FORBIDDEN }),
    '',
    'code: "000000", password: "not-the-password"',
    undefined,
    company,
  ),
  resendEmailConfirmation: mutation(
    'resendEmailConfirmation',
    ONLY_UNCONFIRMED,
    '',
    '',
    undefined,
    company,
  ),
  setLanguage: mutation('setLanguage', rules.self, '', 'language: "en-US"', undefined, company),
  setMentionPreference: mutation(
    'setMentionPreference',
    rules.self,
    '',
    'notifyMentions: true',
    undefined,
    company,
  ),
  setNewIdeaMail: mutation(
    'setNewIdeaMail',
    rules.companyTeam,
    '',
    'newIdeaMail: DIGEST',
    undefined,
    company,
  ),
  setNotificationPreference: mutation(
    'setNotificationPreference',
    rules.self,
    '',
    'notifications: ALL',
    undefined,
    company,
  ),
  signOutOtherSessions: mutation('signOutOtherSessions', rules.self, '', '', undefined, {
    ...company,
    isFresh: true,
    keepsFresh: true,
    order: 1,
  }),
  startTwoFactorEnrolment: mutation(
    'startTwoFactorEnrolment',
    withAnswers(rules.self, SSO_FORBIDDEN),
    '',
    '',
    undefined,
    company,
  ),
  updateProfile: mutation(
    'updateProfile',
    withAnswers(rules.self, { sso: 'CONFLICT', customer: 'CONFLICT' }),
    '',
    'displayName: "Matrix Caller"',
    undefined,
    company,
  ),

  // Ideas, votes, comments on a board.
  createIdea: mutation(
    'createIdea',
    rules.boardWrite,
    '$boardId: ID!',
    'boardId: $boardId, title: "A matrix submission"',
    boardVars,
  ),
  updateIdea: mutation(
    'updateIdea',
    rules.boardEditor,
    '$ideaId: ID!, $title: String!',
    'ideaId: $ideaId, title: $title',
    (_w, b) => ({ ideaId: b.ideaGid, title: b.ideaTitle }),
  ),
  deleteIdea: mutation(
    'deleteIdea',
    rules.boardEditor,
    '$ideaId: ID!',
    'ideaId: $ideaId',
    scratchIdea,
  ),
  upvoteIdea: mutation('upvoteIdea', rules.boardWrite, '$ideaId: ID!', 'ideaId: $ideaId', ideaVars),
  downvoteIdea: mutation(
    'downvoteIdea',
    rules.boardWrite,
    '$ideaId: ID!',
    'ideaId: $ideaId',
    ideaVars,
  ),
  // Importance marks one's own vote: the caller votes first (refused alike where not seen).
  setVoteImportance: mutation(
    'setVoteImportance',
    rules.boardWrite,
    '$ideaId: ID!',
    'ideaId: $ideaId, importance: IMPORTANT',
    async (w, b, caller) => {
      await w.rest(caller, 'POST', `/ideas/${b.ideaId}/upvote`);
      return { ideaId: b.ideaGid };
    },
  ),
  addComment: mutation(
    'addComment',
    rules.boardWrite,
    '$ideaId: ID!',
    'ideaId: $ideaId, text: "A comment from the matrix"',
    ideaVars,
  ),

  // Triage by the team.
  setIdeaStatus: mutation(
    'setIdeaStatus',
    rules.boardTeam,
    '$ideaId: ID!',
    'ideaId: $ideaId, status: PLANNED',
    scratchIdea,
  ),
  declineIdea: mutation(
    'declineIdea',
    rules.boardTeam,
    '$ideaId: ID!',
    'ideaId: $ideaId, reason: NOT_RELEVANT',
    scratchIdea,
  ),
  // The moderation queue.
  acceptIdea: mutation(
    'acceptIdea',
    rules.queueTeam,
    '$ideaId: ID!',
    'ideaId: $ideaId',
    async (w, b) => ({ ideaId: (await w.scratchPendingIdea(b.kind)).gid }),
  ),
  acceptIdeaAsDuplicate: mutation(
    'acceptIdeaAsDuplicate',
    rules.queueTeam,
    '$ideaId: ID!, $into: ID!',
    'ideaId: $ideaId, duplicateOfIdeaId: $into',
    async (w, b) => ({ ideaId: (await w.scratchPendingIdea(b.kind)).gid, into: b.ideaGid }),
  ),
  rejectIdea: mutation(
    'rejectIdea',
    rules.queueTeam,
    '$ideaId: ID!',
    'ideaId: $ideaId, reason: "Out of scope for now."',
    async (w, b) => ({ ideaId: (await w.scratchPendingIdea(b.kind)).gid }),
  ),
  moveIdea: mutation(
    'moveIdea',
    rules.boardTeam,
    '$ideaId: ID!, $boardId: ID!',
    'ideaId: $ideaId, boardId: $boardId',
    async (w, b) => ({ ideaId: (await w.scratchIdea(b.kind)).gid, boardId: w.boards.public.gid }),
  ),
  bulkMoveIdeas: mutation(
    'bulkMoveIdeas',
    rules.boardTeam,
    '$ideaIds: [ID!]!, $boardId: ID!',
    'ideaIds: $ideaIds, boardId: $boardId',
    async (w, b) => ({
      ideaIds: [(await w.scratchIdea(b.kind)).gid],
      boardId: w.boards.public.gid,
    }),
  ),
  bulkSetIdeaStatus: mutation(
    'bulkSetIdeaStatus',
    rules.boardTeam,
    '$ideaIds: [ID!]!',
    'ideaIds: $ideaIds, status: PLANNED',
    async (w, b) => ({ ideaIds: [(await w.scratchIdea(b.kind)).gid] }),
  ),
  // No merge to undo: the team gets CONFLICT, which shows the call reached the idea.
  undoMerge: mutation(
    'undoMerge',
    withAnswers(rules.boardTeam, { owner: 'CONFLICT', admin: 'CONFLICT', member: 'CONFLICT' }),
    '$ideaId: ID!',
    'ideaId: $ideaId',
    ideaVars,
  ),
  addIdeaTag: mutation(
    'addIdeaTag',
    rules.boardTeam,
    '$ideaId: ID!, $tagId: ID!',
    'ideaId: $ideaId, tagId: $tagId',
    (w, b) => ({ ideaId: b.ideaGid, tagId: w.fixtures.tagGid }),
  ),
  removeIdeaTag: mutation(
    'removeIdeaTag',
    rules.boardTeam,
    '$ideaId: ID!, $tagId: ID!',
    'ideaId: $ideaId, tagId: $tagId',
    (w, b) => ({ ideaId: b.ideaGid, tagId: w.fixtures.tagGid }),
  ),
  bulkAddIdeaTag: mutation(
    'bulkAddIdeaTag',
    rules.boardTeam,
    '$ideaIds: [ID!]!, $tagId: ID!',
    'ideaIds: $ideaIds, tagId: $tagId',
    (w, b) => ({ ideaIds: [b.ideaGid], tagId: w.fixtures.tagGid }),
  ),
  bulkRemoveIdeaTag: mutation(
    'bulkRemoveIdeaTag',
    rules.boardTeam,
    '$ideaIds: [ID!]!, $tagId: ID!',
    'ideaIds: $ideaIds, tagId: $tagId',
    (w, b) => ({ ideaIds: [b.ideaGid], tagId: w.fixtures.tagGid }),
  ),
  addVoteOnBehalf: mutation(
    'addVoteOnBehalf',
    rules.boardTeam,
    '$ideaId: ID!, $email: String!',
    'ideaId: $ideaId, email: $email, name: "Phoned In"',
    (_w, b) => ({
      ideaId: b.ideaGid,
      email: `phoned-${Math.random().toString(36).slice(2, 10)}@example.com`,
    }),
  ),
  removeVoteOnBehalf: mutation(
    'removeVoteOnBehalf',
    rules.boardTeam,
    '$ideaId: ID!, $userId: ID!',
    'ideaId: $ideaId, userId: $userId',
    async (w, b) => {
      // A vote the owner added for a new end user each time, so each team call has one to take back.
      const voter = await w.fixtures.scratchUser();
      await w.server.deps.prisma.vote.create({
        data: { ideaId: b.ideaId, userId: voter.id, addedById: w.userIds.owner },
      });
      return { ideaId: b.ideaGid, userId: voter.gid };
    },
  ),

  // Boards: admins of A.
  createBoard: mutation(
    'createBoard',
    rules.companyAdmin,
    '',
    'name: "Matrix extra board"',
    undefined,
    company,
  ),
  updateBoardName: mutation(
    'updateBoardName',
    rules.boardAdmin,
    '$boardId: ID!, $name: String!',
    'boardId: $boardId, name: $name',
    (_w, b) => ({ boardId: b.gid, name: `Matrix ${b.kind} board` }),
  ),
  updateBoardDescription: mutation(
    'updateBoardDescription',
    rules.boardAdmin,
    '$boardId: ID!',
    'boardId: $boardId, description: "What we build next, and why."',
    (_w, b) => ({ boardId: b.gid }),
  ),
  updateBoardLanguage: mutation(
    'updateBoardLanguage',
    rules.boardAdmin,
    '$boardId: ID!',
    'boardId: $boardId, language: "en-US"',
    boardVars,
  ),
  updateBoardModeration: mutation(
    'updateBoardModeration',
    rules.boardAdmin,
    '$boardId: ID!',
    'boardId: $boardId, moderateNewIdeas: true',
    boardVars,
  ),
  updateBoardTheme: mutation(
    'updateBoardTheme',
    rules.boardAdmin,
    '$boardId: ID!',
    'boardId: $boardId, primary: "53d23d"',
    boardVars,
  ),
  // Who may see the board: sent as it is, so the call changes nothing.
  updateBoard: mutation(
    'updateBoard',
    rules.boardAdmin,
    '$boardId: ID!, $isPublic: Boolean!',
    'boardId: $boardId, isPublic: $isPublic',
    (_w, b) => ({ boardId: b.gid, isPublic: b.kind === 'public' }),
  ),
  setBoardVisibility: mutation(
    'setBoardVisibility',
    rules.boardAdmin,
    '$boardId: ID!, $isPublic: Boolean!',
    'boardId: $boardId, isPublic: $isPublic',
    (_w, b) => ({ boardId: b.gid, isPublic: b.kind === 'public' }),
  ),
  createBoardStatus: mutation(
    'createBoardStatus',
    rules.boardAdmin,
    '$boardId: ID!, $name: String!',
    'boardId: $boardId, nameEn: $name, namePl: $name, color: "00ff00", kind: PLANNED',
    (_w, b) => ({ boardId: b.gid, name: `Matrix ${Math.random().toString(36).slice(2, 8)}` }),
  ),
  updateBoardStatus: mutation(
    'updateBoardStatus',
    rules.boardAdmin,
    '$statusId: ID!, $name: String!',
    'statusId: $statusId, nameEn: $name, namePl: $name, color: "0000ff"',
    // A name of its own each time: a board's statuses may not share a name.
    async (w, b) => ({
      statusId: await w.fixtures.scratchStatus(b.kind),
      name: `Renamed ${Math.random().toString(36).slice(2, 8)}`,
    }),
  ),
  deleteBoardStatus: mutation(
    'deleteBoardStatus',
    rules.boardAdmin,
    '$statusId: ID!',
    'statusId: $statusId',
    async (w, b) => ({ statusId: await w.fixtures.scratchStatus(b.kind) }),
  ),
  reorderBoardStatuses: mutation(
    'reorderBoardStatuses',
    rules.boardAdmin,
    '$boardId: ID!, $statusIds: [ID!]!',
    'boardId: $boardId, statusIds: $statusIds',
    async (w, b) => {
      const statuses = await w.server.deps.prisma.boardStatus.findMany({
        where: { boardId: b.id },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      return { boardId: b.gid, statusIds: statuses.map((s) => globalId('BoardStatus', s.id)) };
    },
  ),
  // Imports into the board; the file is refused (VALIDATION) after the board and role checks,
  // so no import is made.
  previewImport: mutation(
    'previewImport',
    withAnswers(rules.boardAdmin, { owner: 'validation', admin: 'validation' }),
    '$boardId: ID!, $files: [ImportFileInput!]',
    'boardId: $boardId, source: CSV, files: $files',
    (_w, b) => ({
      boardId: b.gid,
      files: [
        {
          name: 'ideas.csv',
          base64: Buffer.from('title,description\nImported idea,Text\n').toString('base64'),
        },
      ],
    }),
  ),
  startImport: mutation(
    'startImport',
    NO_FIXTURE,
    '$id: ID!',
    'importJobId: $id',
    () => ({ id: NO_ROW('ImportJob') }),
    company,
  ),

  // Releases: admins of A.
  // Admin-only whatever boards it names (as POST /companies/{id}/releases).
  createRelease: mutation(
    'createRelease',
    rules.companyAdminById,
    '$boardIds: [ID!]',
    'boardIds: $boardIds, name: "Matrix extra", releaseDate: "2026-02-01"',
    (_w, b) => ({ boardIds: [b.gid] }),
  ),
  updateRelease: mutation(
    'updateRelease',
    rules.boardAdmin,
    '$releaseId: ID!, $name: String!',
    'releaseId: $releaseId, name: $name, releaseDate: "2026-01-15"',
    (_w, b) => ({ releaseId: b.releaseGid, name: `Rel ${b.kind}` }),
  ),
  publishRelease: mutation(
    'publishRelease',
    rules.boardAdmin,
    '$releaseId: ID!',
    'releaseId: $releaseId, published: true',
    (_w, b) => ({ releaseId: b.releaseGid }),
  ),
  addReleasePart: mutation(
    'addReleasePart',
    rules.boardAdmin,
    '$releaseId: ID!',
    'releaseId: $releaseId, title: "Another matrix part"',
    (_w, b) => ({ releaseId: b.releaseGid }),
  ),
  addReleaseIdeas: mutation(
    'addReleaseIdeas',
    rules.boardAdmin,
    '$releaseId: ID!, $ideaIds: [ID!]!',
    'releaseId: $releaseId, ideaIds: $ideaIds',
    (_w, b) => ({ releaseId: b.releaseGid, ideaIds: [b.ideaGid] }),
  ),
  deleteReleasePart: mutation(
    'deleteReleasePart',
    rules.boardAdmin,
    '$releaseId: ID!, $partId: ID!',
    'releaseId: $releaseId, partId: $partId',
    async (w, b) => {
      const part = await w.server.deps.prisma.releasePart.create({
        data: { releaseId: b.releaseId, title: 'A part to delete' },
      });
      return { releaseId: b.releaseGid, partId: globalId('ReleasePart', part.id) };
    },
  ),

  // Webhooks, Slack, trackers: admins of A.
  // Admin-only whatever board it filters on (as POST /webhooks).
  createWebhook: mutation(
    'createWebhook',
    rules.companyAdminById,
    '$boardId: ID!',
    'boardId: $boardId, events: [IDEA_CREATED], url: "https://hooks.example.com/matrix"',
    boardVars,
  ),
  updateWebhook: mutation(
    'updateWebhook',
    rules.companyAdminById,
    '$id: ID!',
    'webhookId: $id, isEnabled: false',
    (w) => ({ id: w.fixtures.webhookGid }),
    company,
  ),
  deleteWebhook: mutation(
    'deleteWebhook',
    rules.companyAdminById,
    '$id: ID!',
    'webhookId: $id',
    async (w) => ({ id: globalId('Webhook', await w.fixtures.scratchWebhook()) }),
    company,
  ),
  rotateWebhookSecret: mutation(
    'rotateWebhookSecret',
    rules.companyAdminById,
    '$id: ID!',
    'webhookId: $id',
    (w) => ({ id: w.fixtures.webhookGid }),
    company,
  ),
  sendWebhookTest: mutation(
    'sendWebhookTest',
    rules.companyAdminById,
    '$id: ID!',
    'webhookId: $id',
    (w) => ({ id: w.fixtures.webhookGid }),
    company,
  ),
  // No Slack to reach from here: admins' calls stop at the address (VALIDATION).
  connectSlack: mutation(
    'connectSlack',
    withAnswers(rules.companyAdminById, {
      owner: 'validation',
      admin: 'validation',
      otherAdmin: 'validation',
    }),
    '$boardId: ID!',
    'boardId: $boardId, events: [IDEA_CREATED], language: "en-US", url: "https://hooks.slack.com/services/T000/B000/matrix"',
    boardVars,
  ),
  updateSlackConnection: mutation(
    'updateSlackConnection',
    NO_FIXTURE,
    '$id: ID!',
    'slackConnectionId: $id, language: "en-US"',
    () => ({ id: NO_ROW('SlackIntegration') }),
    company,
  ),
  disconnectSlack: mutation(
    'disconnectSlack',
    NO_FIXTURE,
    '$id: ID!',
    'slackConnectionId: $id',
    () => ({ id: NO_ROW('SlackIntegration') }),
    company,
  ),
  sendSlackTest: mutation(
    'sendSlackTest',
    NO_FIXTURE,
    '$id: ID!',
    'slackConnectionId: $id',
    () => ({ id: NO_ROW('SlackIntegration') }),
    company,
  ),
  connectIssueTracker: mutation(
    'connectIssueTracker',
    withAnswers(rules.companyAdmin, {
      owner: 'validation',
      admin: 'validation',
      otherAdmin: 'validation',
    }),
    '',
    'kind: GITHUB, token: "", repository: ""',
    undefined,
    company,
  ),
  updateIssueTracker: mutation(
    'updateIssueTracker',
    NO_FIXTURE,
    '$id: ID!',
    'issueTrackerConnectionId: $id',
    () => ({ id: NO_ROW('IssueTrackerIntegration') }),
    company,
  ),
  disconnectIssueTracker: mutation(
    'disconnectIssueTracker',
    NO_FIXTURE,
    '$id: ID!',
    'issueTrackerConnectionId: $id',
    () => ({ id: NO_ROW('IssueTrackerIntegration') }),
    company,
  ),
  // No tracker connected: the team's calls stop at `kind` (VALIDATION).
  createTrackerIssue: mutation(
    'createTrackerIssue',
    withAnswers(rules.boardTeam, {
      owner: 'validation',
      admin: 'validation',
      member: 'validation',
    }),
    '$ideaId: ID!',
    'ideaId: $ideaId, kind: GITHUB',
    ideaVars,
  ),
  // Not a tracker's address: the team's calls stop at `url` (VALIDATION).
  linkTrackerIssue: mutation(
    'linkTrackerIssue',
    withAnswers(rules.boardTeam, {
      owner: 'validation',
      admin: 'validation',
      member: 'validation',
    }),
    '$ideaId: ID!',
    'ideaId: $ideaId, url: "not-a-url"',
    ideaVars,
  ),
  unlinkTrackerIssue: mutation(
    'unlinkTrackerIssue',
    NO_FIXTURE,
    '$id: ID!',
    'issueLinkId: $id',
    () => ({ id: NO_ROW('IdeaIssueLink') }),
    company,
  ),

  // Tags.
  createTag: mutation(
    'createTag',
    rules.companyAdmin,
    '$name: String!',
    'name: $name, color: "ff0000", isPrivate: false',
    () => ({ name: `Tag ${Math.random().toString(36).slice(2, 10)}` }),
    company,
  ),
  updateTag: mutation(
    'updateTag',
    rules.companyAdminById,
    '$id: ID!',
    'tagId: $id, name: "Matrix tag", color: "ff0000", isPrivate: false',
    (w) => ({ id: w.fixtures.tagGid }),
    company,
  ),
  deleteTag: mutation(
    'deleteTag',
    rules.companyAdminById,
    '$id: ID!',
    'tagId: $id',
    async (w) => ({ id: await w.fixtures.scratchTag() }),
    company,
  ),

  // The team and end users.
  inviteMember: mutation(
    'inviteMember',
    rules.companyAdmin,
    '$email: String!',
    'email: $email, role: MEMBER',
    () => ({ email: `inv-${Math.random().toString(36).slice(2, 10)}@example.com` }),
    company,
  ),
  resendInvitation: mutation(
    'resendInvitation',
    rules.companyAdminById,
    '$id: ID!',
    'invitationId: $id',
    (w) => ({ id: w.fixtures.invitationGid }),
    company,
  ),
  revokeInvitation: mutation(
    'revokeInvitation',
    rules.companyAdminById,
    '$id: ID!',
    'invitationId: $id',
    async (w) => ({ id: await w.fixtures.scratchInvitation() }),
    company,
  ),
  changeMemberRole: mutation(
    'changeMemberRole',
    rules.companyAdminById,
    '$id: ID!',
    'userId: $id, role: MEMBER',
    async (w) => ({ id: (await w.fixtures.scratchUser('MEMBER')).gid }),
    company,
  ),
  removeMember: mutation(
    'removeMember',
    rules.companyAdminById,
    '$id: ID!',
    'userId: $id',
    async (w) => ({ id: (await w.fixtures.scratchUser('MEMBER')).gid }),
    company,
  ),
  // To a new member, last of all: the owner's call succeeds and A has a new owner.
  transferOwnership: mutation(
    'transferOwnership',
    rules.companyOwnerById,
    '$id: ID!',
    'userId: $id',
    async (w) => ({ id: (await w.fixtures.scratchUser('MEMBER')).gid }),
    { ...company, order: 3 },
  ),
  blockEndUser: mutation(
    'blockEndUser',
    rules.companyAdminById,
    '$id: ID!',
    'userId: $id',
    async (w) => ({ id: (await w.fixtures.scratchUser()).gid }),
    company,
  ),
  unblockEndUser: mutation(
    'unblockEndUser',
    rules.companyAdminById,
    '$id: ID!',
    'userId: $id',
    async (w) => ({ id: (await w.fixtures.scratchUser()).gid }),
    company,
  ),
  eraseEndUser: mutation(
    'eraseEndUser',
    rules.companyAdminById,
    '$id: ID!',
    'userId: $id, contentMode: ANONYMISE',
    async (w) => ({ id: (await w.fixtures.scratchUser()).gid }),
    company,
  ),
  createApiKey: mutation(
    'createApiKey',
    rules.companyAdmin,
    '',
    'name: "Matrix key"',
    undefined,
    company,
  ),
  revokeApiKey: mutation(
    'revokeApiKey',
    rules.companyAdminById,
    '$id: ID!',
    'apiKeyId: $id',
    async (w) => ({ id: await w.fixtures.scratchApiKey() }),
    company,
  ),

  // Customer companies.
  createCustomerCompany: mutation(
    'createCustomerCompany',
    rules.companyAdmin,
    '$externalId: String!',
    'externalId: $externalId, name: "Matrix Made Ltd", monthlySpend: 1',
    () => ({ externalId: `made-${Date.now()}-${Math.random()}` }),
    company,
  ),
  updateCustomerCompany: mutation(
    'updateCustomerCompany',
    rules.companyAdminById,
    '$id: ID!, $externalId: String!',
    'customerCompanyId: $id, externalId: $externalId, name: "Matrix Customer Ltd", monthlySpend: 100',
    (w) => ({ id: w.fixtures.customerCompanyGid, externalId: CUSTOMER_EXTERNAL_ID }),
    company,
  ),
  attachCustomerCompanyMember: mutation(
    'attachCustomerCompanyMember',
    rules.companyAdminById,
    '$id: ID!, $userId: ID!',
    'customerCompanyId: $id, userId: $userId',
    async (w) => ({
      id: w.fixtures.customerCompanyGid,
      userId: (await w.fixtures.scratchUser()).gid,
    }),
    company,
  ),
  detachCustomerCompanyMember: mutation(
    'detachCustomerCompanyMember',
    rules.companyAdminById,
    '$id: ID!, $userId: ID!',
    'customerCompanyId: $id, userId: $userId',
    async (w) => {
      const user = await w.fixtures.scratchUser();
      await w.server.deps.prisma.customerCompanyMember.create({
        data: { customerCompanyId: w.a.customerCompanyId, userId: user.id },
      });
      return { id: w.fixtures.customerCompanyGid, userId: user.gid };
    },
    company,
  ),
  importCustomerCompanies: mutation(
    'importCustomerCompanies',
    rules.companyAdmin,
    '$csv: String!',
    'csv: $csv',
    () => ({ csv: 'name,external id,monthly spend\nImported Ltd,matrix-imported-1,5\n' }),
    company,
  ),
  previewCustomerCompanyImport: mutation(
    'previewCustomerCompanyImport',
    rules.companyAdmin,
    '$csv: String!',
    'csv: $csv',
    () => ({ csv: 'name,external id,monthly spend\nImported Ltd,matrix-imported-1,5\n' }),
    company,
  ),

  // The company's settings.
  sendTestEmail: mutation('sendTestEmail', rules.companyAdmin, '', '', undefined, company),
  updateCompanyName: mutation(
    'updateCompanyName',
    rules.companyAdmin,
    '',
    'name: "Matrix Company"',
    undefined,
    company,
  ),
  updateCompanyCurrency: mutation(
    'updateCompanyCurrency',
    rules.companyAdmin,
    '',
    'currency: "EUR"',
    undefined,
    company,
  ),
  // The dashboard's company-wide actions: A has ideas, so its admins' sample ideas are a
  // CONFLICT; B has none, and its admin fills B's first board (removing none answers 0).
  addSampleIdeas: mutation(
    'addSampleIdeas',
    withAnswers(rules.companyAdmin, {
      owner: 'CONFLICT',
      admin: 'CONFLICT',
    }),
    '',
    '',
    undefined,
    company,
  ),
  removeSampleIdeas: mutation('removeSampleIdeas', rules.companyAdmin, '', '', undefined, company),
  dismissDashboardChecklist: mutation(
    'dismissDashboardChecklist',
    rules.companyAdmin,
    '',
    '',
    undefined,
    company,
  ),
  updateCompanyPortal: mutation(
    'updateCompanyPortal',
    rules.companyAdmin,
    '',
    'websiteUrl: "https://example.com"',
    undefined,
    company,
  ),
  updateSignInSettings: mutation(
    'updateSignInSettings',
    rules.companyAdmin,
    '',
    'signupPolicy: ANYONE, signupEmailDomains: [], ssoTrustEmails: false',
    undefined,
    company,
  ),
  // The fixture companies have no domain of their own: admins are told to set one first.
  verifyCustomDomain: mutation(
    'verifyCustomDomain',
    withAnswers(rules.companyAdmin, {
      owner: 'CONFLICT',
      admin: 'CONFLICT',
      otherAdmin: 'CONFLICT',
    }),
    '',
    '',
    undefined,
    company,
  ),
  updateSsoSettings: mutation(
    'updateSsoSettings',
    rules.companyAdmin,
    '',
    'maxLifetimeMinutes: 1440, requireExpiry: true',
    undefined,
    company,
  ),
  setRequireTwoFactor: mutation(
    'setRequireTwoFactor',
    rules.companyOwner,
    '',
    'required: false',
    undefined,
    company,
  ),
  requestInvoice: mutation(
    'requestInvoice',
    rules.companyOwner,
    '',
    'details: "Matrix Ltd, Test Street 1"',
    undefined,
    company,
  ),
  upgradeSubscription: mutation(
    'upgradeSubscription',
    // The owners' calls stop at `channel` (VALIDATION) before any payment provider is asked.
    withAnswers(rules.companyOwner, { owner: 'validation', otherAdmin: 'validation' }),
    '',
    'product: STARTUP, months: 1, amount: 1, channel: "card"',
    undefined,
    company,
  ),
  rotateCompanySecret: mutation('rotateCompanySecret', rules.companyAdmin, '', '', undefined, {
    ...company,
    order: 2,
  }),
};

const SUBSCRIPTIONS: Record<string, TGraphqlEntry> = {
  ideaChanged: {
    ...query('ideaChanged', rules.boardRead, '', '', ''),
    isStream: true,
  },
};

/** The whole table, `Query.board`, `Mutation.createIdea`, `Subscription.ideaChanged`, … */
export const GRAPHQL_TABLE: Record<string, TGraphqlEntry> = Object.fromEntries([
  ...Object.entries(QUERIES).map(([field, e]) => [`Query.${field}`, e]),
  ...Object.entries(MUTATIONS).map(([field, e]) => [`Mutation.${field}`, e]),
  ...Object.entries(SUBSCRIPTIONS).map(([field, e]) => [`Subscription.${field}`, e]),
]);

export { ADMINS };
