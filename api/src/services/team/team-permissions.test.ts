import { buildClientSchema, getIntrospectionQuery } from 'graphql';
import type { GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * The team's roles over every GraphQL mutation and REST route: a MEMBER of company A calling
 * what only admins (or only the owner) may do gets the refusal ("You are not allowed to do
 * this.", FORBIDDEN, 403); a MEMBER of company B aiming at A's objects gets "not found"; and
 * A's rows stay as they were. What a MEMBER may do (statuses, comments, votes, ideas awaiting
 * acceptance) is shown to work. A new mutation or route fails the walk until it joins a table.
 */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let admin: TTestAccount;
let member: TTestAccount;
let bMember: TTestAccount;
let endUser: TTestAccount;
let webhookId = 0;
let slackConnectionId = 0;
let trackerConnectionId = 0;
let apiKeyId = 0;
let invitationId = 0;
let customerCompanyId = 0;
let statusId = 0;
let tagId = 0;
let importJobId = 0;

const FORBIDDEN_TEXT = 'You are not allowed to do this.';

type TVars = () => Record<string, unknown>;

const g = (type: string, id: () => number) => () => globalId(type, id());
const board = g('Board', () => a.boardId);
const idea = g('Idea', () => a.ideaId);
const release = g('Release', () => a.releaseId);
const part = g('ReleasePart', () => a.partId);
const webhook = g('Webhook', () => webhookId);
const slackConnection = g('SlackIntegration', () => slackConnectionId);
const trackerConnection = g('IssueTrackerIntegration', () => trackerConnectionId);
const apiKey = g('ApiKey', () => apiKeyId);
const endUserId = g('CompanyUser', () => endUser.userId);
const adminId = g('CompanyUser', () => admin.userId);
const invitation = g('Invitation', () => invitationId);
const customer = g('CustomerCompany', () => customerCompanyId);
const CUSTOMER_CSV = 'name,external id,monthly spend\nMember Co,member-co,10\n';
const boardStatus = g('BoardStatus', () => statusId);
const tag = g('Tag', () => tagId);
const importJob = g('ImportJob', () => importJobId);
const IMPORT_CSV = Buffer.from('type,idea id,title\nidea,m-1,Imported by a member\n').toString(
  'base64',
);

/**
 * Mutations a MEMBER is refused. `ofA` is true when the arguments name an object of company A
 * (so B's member is told "not found"); the others act on the caller's own company.
 */
const REFUSED_MUTATIONS: Record<string, { vars: TVars; ofA: boolean; ownerOnly?: true }> = {
  createBoard: { vars: () => ({ name: 'Member board' }), ofA: false },
  updateBoardName: { vars: () => ({ boardId: board(), name: 'Renamed board' }), ofA: true },
  updateBoardDescription: {
    vars: () => ({ boardId: board(), description: 'A description by a member' }),
    ofA: true,
  },
  updateBoardLanguage: { vars: () => ({ boardId: board(), language: 'pl-PL' }), ofA: true },
  // Company settings and the dashboard's company-wide actions: owners and admins
  // (services/company/update-company-name.test.ts, services/dashboard/dashboard.test.ts).
  updateCompanyName: { vars: () => ({ name: 'Renamed by a member' }), ofA: false },
  updateCompanyCurrency: { vars: () => ({ currency: 'EUR' }), ofA: false },
  addSampleIdeas: { vars: () => ({}), ofA: false },
  removeSampleIdeas: { vars: () => ({}), ofA: false },
  dismissDashboardChecklist: { vars: () => ({}), ofA: false },
  updateBoardTheme: { vars: () => ({ boardId: board(), primary: 'ff0000' }), ofA: true },
  updateBoardModeration: { vars: () => ({ boardId: board(), moderateNewIdeas: false }), ofA: true },
  setBoardVisibility: { vars: () => ({ boardId: board(), isPublic: false }), ofA: true },
  updateBoard: { vars: () => ({ boardId: board(), ssoAccess: true }), ofA: true },
  createBoardStatus: {
    vars: () => ({
      boardId: board(),
      kind: 'PLANNED',
      nameEn: 'Member status',
      namePl: 'Status członka',
      color: '1f6feb',
    }),
    ofA: true,
  },
  updateBoardStatus: {
    vars: () => ({
      statusId: boardStatus(),
      nameEn: 'Renamed',
      namePl: 'Zmieniony',
      color: '000000',
    }),
    ofA: true,
  },
  reorderBoardStatuses: {
    vars: () => ({ boardId: board(), statusIds: [boardStatus()] }),
    ofA: true,
  },
  deleteBoardStatus: { vars: () => ({ statusId: boardStatus(), moveToStatusId: null }), ofA: true },
  createTag: {
    vars: () => ({ name: 'Member tag', color: '1f6feb', isPrivate: false }),
    ofA: false,
  },
  updateTag: {
    vars: () => ({ tagId: tag(), name: 'Renamed tag', color: '000000', isPrivate: true }),
    ofA: true,
  },
  deleteTag: { vars: () => ({ tagId: tag() }), ofA: true },
  updateIdea: { vars: () => ({ ideaId: idea(), title: 'Edited by someone' }), ofA: true },
  deleteIdea: { vars: () => ({ ideaId: idea() }), ofA: true },
  createRelease: {
    vars: () => ({ name: 'M1', releaseDate: '2026-01-01', boardIds: [board()] }),
    ofA: false,
  },
  updateRelease: {
    vars: () => ({ releaseId: release(), name: 'M2', releaseDate: '2026-02-02' }),
    ofA: true,
  },
  publishRelease: { vars: () => ({ releaseId: release(), published: true }), ofA: true },
  addReleasePart: { vars: () => ({ releaseId: release(), title: 'A part by someone' }), ofA: true },
  addReleaseIdeas: { vars: () => ({ releaseId: release(), ideaIds: [idea()] }), ofA: true },
  deleteReleasePart: { vars: () => ({ releaseId: release(), partId: part() }), ofA: true },
  createApiKey: { vars: () => ({ name: 'Member key' }), ofA: false },
  revokeApiKey: { vars: () => ({ apiKeyId: apiKey() }), ofA: true },
  createWebhook: {
    vars: () => ({ url: 'https://hooks.example.com/x', events: ['IDEA_CREATED'] }),
    ofA: false,
  },
  updateWebhook: { vars: () => ({ webhookId: webhook(), isEnabled: false }), ofA: true },
  deleteWebhook: { vars: () => ({ webhookId: webhook() }), ofA: true },
  rotateWebhookSecret: { vars: () => ({ webhookId: webhook() }), ofA: true },
  sendWebhookTest: { vars: () => ({ webhookId: webhook() }), ofA: true },
  connectSlack: {
    vars: () => ({
      url: 'https://hooks.slack.com/services/T0/B0/member',
      events: ['IDEA_CREATED'],
      language: 'en-US',
    }),
    ofA: false,
  },
  updateSlackConnection: {
    vars: () => ({ slackConnectionId: slackConnection(), language: 'pl-PL' }),
    ofA: true,
  },
  disconnectSlack: { vars: () => ({ slackConnectionId: slackConnection() }), ofA: true },
  sendSlackTest: { vars: () => ({ slackConnectionId: slackConnection() }), ofA: true },
  // GitHub and Linear settings are the admins' (services/integrations/trackers/trackers.test.ts).
  connectIssueTracker: {
    vars: () => ({
      kind: 'GITHUB',
      token: 'ghp_member',
      repository: 'acme/roadmap',
      webhookSecret: 'member-secret-0123456789',
    }),
    ofA: false,
  },
  updateIssueTracker: {
    vars: () => ({ issueTrackerConnectionId: trackerConnection(), closedStatus: 'PLANNED' }),
    ofA: true,
  },
  disconnectIssueTracker: {
    vars: () => ({ issueTrackerConnectionId: trackerConnection() }),
    ofA: true,
  },
  rotateCompanySecret: { vars: () => ({}), ofA: false },
  updateSsoSettings: {
    vars: () => ({ requireExpiry: true, maxLifetimeMinutes: 60 }),
    ofA: false,
  },
  sendTestEmail: { vars: () => ({}), ofA: false },
  updateCompanyPortal: { vars: () => ({ websiteUrl: 'https://member.example.com' }), ofA: false },
  verifyCustomDomain: { vars: () => ({}), ofA: false },
  updateSignInSettings: {
    vars: () => ({ signupPolicy: 'SSO_ONLY', signupEmailDomains: [], ssoTrustEmails: true }),
    ofA: false,
  },
  eraseEndUser: { vars: () => ({ userId: endUserId(), contentMode: 'DELETE' }), ofA: true },
  blockEndUser: { vars: () => ({ userId: endUserId(), removeVotes: true }), ofA: true },
  unblockEndUser: { vars: () => ({ userId: endUserId() }), ofA: true },
  changeMemberRole: { vars: () => ({ userId: adminId(), role: 'MEMBER' }), ofA: true },
  removeMember: { vars: () => ({ userId: adminId() }), ofA: true },
  transferOwnership: { vars: () => ({ userId: adminId() }), ofA: true, ownerOnly: true },
  inviteMember: { vars: () => ({ email: 'new.person@example.com', role: 'MEMBER' }), ofA: false },
  resendInvitation: { vars: () => ({ invitationId: invitation() }), ofA: true },
  revokeInvitation: { vars: () => ({ invitationId: invitation() }), ofA: true },
  upgradeSubscription: {
    vars: () => ({ product: 'COMPANY', months: 1, channel: 'STRIPE', amount: 1 }),
    ofA: false,
    ownerOnly: true,
  },
  requestInvoice: { vars: () => ({ details: 'ACME Ltd, VAT 123' }), ofA: false, ownerOnly: true },
  setRequireTwoFactor: { vars: () => ({ required: false }), ofA: false, ownerOnly: true },
  createCustomerCompany: {
    vars: () => ({ name: 'Member Co', externalId: 'member-co', monthlySpend: 10 }),
    ofA: false,
  },
  updateCustomerCompany: {
    vars: () => ({
      customerCompanyId: customer(),
      name: 'Renamed',
      externalId: 'alpha-customer',
      monthlySpend: 1,
    }),
    ofA: true,
  },
  attachCustomerCompanyMember: {
    vars: () => ({ customerCompanyId: customer(), userId: endUserId() }),
    ofA: true,
  },
  detachCustomerCompanyMember: {
    vars: () => ({ customerCompanyId: customer(), userId: endUserId() }),
    ofA: true,
  },
  previewCustomerCompanyImport: { vars: () => ({ csv: CUSTOMER_CSV }), ofA: false },
  importCustomerCompanies: { vars: () => ({ csv: CUSTOMER_CSV }), ofA: false },
  previewImport: {
    vars: () => ({
      boardId: board(),
      source: 'CSV',
      files: [{ name: 'm.csv', base64: IMPORT_CSV }],
    }),
    ofA: true,
  },
  startImport: { vars: () => ({ importJobId: importJob() }), ofA: true },
};

/** What a MEMBER may do on A's ideas (the walk below shows each one working). */
const TEAM_MUTATIONS = [
  'createIdea',
  'setIdeaStatus',
  'declineIdea',
  'addComment',
  'upvoteIdea',
  'downvoteIdea',
  // Triage: a MEMBER moves ideas and undoes merges (move-idea.test.ts, undo-merge.test.ts).
  'moveIdea',
  'undoMerge',
  // Votes on behalf of customers and importance (vote-on-behalf.test.ts).
  'addVoteOnBehalf',
  'removeVoteOnBehalf',
  'setVoteImportance',
  // Tags on ideas: a MEMBER puts them on and takes them off (services/tag/tags.test.ts).
  'addIdeaTag',
  'removeIdeaTag',
  // The same triage on many ideas at once (services/bulk/bulk-actions.test.ts).
  'bulkAddIdeaTag',
  'bulkMoveIdeas',
  'bulkRemoveIdeaTag',
  'bulkSetIdeaStatus',
  // Issues of GitHub or Linear from ideas (services/integrations/trackers/trackers.test.ts).
  'createTrackerIssue',
  'linkTrackerIssue',
  'unlinkTrackerIssue',
  // The moderation queue: any team member accepts, merges or rejects (schema/idea-queue.test.ts).
  'acceptIdea',
  'acceptIdeaAsDuplicate',
  'rejectIdea',
];

/** The caller's own account: any signed-in person (or nobody) may call them. */
const PERSONAL_MUTATIONS = [
  'acceptInvitation',
  'changePassword',
  'checkPasswordResetToken',
  'confirmTwoFactorEnrolment',
  'disableTwoFactor',
  'login',
  'loginSecondFactor',
  'logout',
  // The caller's own notification list (services/comment/mentions.test.ts).
  'markNotificationsRead',
  'register',
  'replaceRecoveryCodes',
  'resendEmailConfirmation',
  'sendPasswordResetLink',
  'setLanguage',
  'setMentionPreference',
  // The team member's own new-idea mail (services/notification/new-idea-digest.test.ts).
  'setNewIdeaMail',
  'setNewPassword',
  'setNotificationPreference',
  'signOutOtherSessions',
  'startTwoFactorEnrolment',
  'updateProfile',
];

/** REST routes a MEMBER is refused; `ofA` as above ({id} is A's object). */
const REFUSED_ROUTES: Record<string, { path: () => string; body?: unknown; ofA: boolean }> = {
  'GET /boards/{id}/widget-setup': { path: () => `/boards/${a.boardId}/widget-setup`, ofA: true },
  'PUT /boards/{id}/name': {
    path: () => `/boards/${a.boardId}/name`,
    body: { name: 'Renamed by REST' },
    ofA: true,
  },
  'PUT /boards/{id}/language': {
    path: () => `/boards/${a.boardId}/language`,
    body: { language: 'pl-PL' },
    ofA: true,
  },
  'PUT /boards/{id}/access': {
    path: () => `/boards/${a.boardId}/access`,
    body: { ssoAccess: true },
    ofA: true,
  },
  'PUT /boards/{id}/theme': {
    path: () => `/boards/${a.boardId}/theme`,
    body: { primary: 'ff0000', primaryText: 'ffffff', text: '000000', background: 'ffffff' },
    ofA: true,
  },
  'PUT /boards/{id}/set-public': {
    path: () => `/boards/${a.boardId}/set-public`,
    body: { isPublic: false },
    ofA: true,
  },
  'GET /boards/{id}/export/ideas.csv': {
    path: () => `/boards/${a.boardId}/export/ideas.csv`,
    ofA: true,
  },
  'GET /boards/{id}/export/voters.csv': {
    path: () => `/boards/${a.boardId}/export/voters.csv`,
    ofA: true,
  },
  'GET /companies/{id}/audit.csv': {
    path: () => `/companies/${a.owner.companyId}/audit.csv`,
    ofA: true,
  },
  'POST /companies/{id}/boards': {
    path: () => `/companies/${a.owner.companyId}/boards`,
    body: { name: 'REST member board' },
    ofA: true,
  },
  'GET /companies/{id}/payments': {
    path: () => `/companies/${a.owner.companyId}/payments`,
    ofA: true,
  },
  'GET /companies/{id}/pricing': {
    path: () => `/companies/${a.owner.companyId}/pricing`,
    ofA: true,
  },
  'POST /companies/{id}/releases': {
    path: () => `/companies/${a.owner.companyId}/releases`,
    body: { name: 'R', releaseDate: '2026-01-01', boardIds: [] },
    ofA: true,
  },
  'GET /companies/{id}/subscription': {
    path: () => `/companies/${a.owner.companyId}/subscription`,
    ofA: true,
  },
  'POST /companies/{id}/subscription/upgrade': {
    path: () => `/companies/${a.owner.companyId}/subscription/upgrade/`,
    body: { product: 'COMPANY', channel: 'STRIPE', amount: 1, months: 1 },
    ofA: true,
  },
  'GET /companies/{id}/users': { path: () => `/companies/${a.owner.companyId}/users`, ofA: true },
  'GET /company': { path: () => '/company', ofA: false },
  'POST /company/rotate-secret': { path: () => '/company/rotate-secret', ofA: false },
  'PUT /ideas/{id}': {
    path: () => `/ideas/${a.ideaId}`,
    body: { title: 'Edited over REST', description: 'Edited over REST' },
    ofA: true,
  },
  'DELETE /ideas/{id}': { path: () => `/ideas/${a.ideaId}`, ofA: true },
  'PUT /releases/{id}': {
    path: () => `/releases/${a.releaseId}`,
    body: { name: 'R2', releaseDate: '2026-03-03' },
    ofA: true,
  },
  'PUT /releases/{id}/publish': {
    path: () => `/releases/${a.releaseId}/publish`,
    body: { published: true },
    ofA: true,
  },
  'POST /releases/{id}/parts': {
    path: () => `/releases/${a.releaseId}/parts`,
    body: { title: 'A part over REST' },
    ofA: true,
  },
  'POST /releases/{id}/add-from-ideas': {
    path: () => `/releases/${a.releaseId}/add-from-ideas`,
    body: () => ({ ideaIds: [a.ideaId] }),
    ofA: true,
  },
  'DELETE /releases/{id}/parts/{partId}': {
    path: () => `/releases/${a.releaseId}/parts/${a.partId}`,
    ofA: true,
  },
  'POST /company/test-email': { path: () => '/company/test-email', ofA: false },
  'GET /webhooks': { path: () => '/webhooks', ofA: false },
  'GET /webhooks/{id}/deliveries': { path: () => `/webhooks/${webhookId}/deliveries`, ofA: true },
  'POST /webhooks/{id}/test': { path: () => `/webhooks/${webhookId}/test`, ofA: true },
  'POST /webhooks': {
    path: () => '/webhooks',
    body: { url: 'https://hooks.example.com/y', events: ['IDEA_CREATED'] },
    ofA: false,
  },
  'PUT /webhooks/{id}': {
    path: () => `/webhooks/${webhookId}`,
    body: { isEnabled: false },
    ofA: true,
  },
  'DELETE /webhooks/{id}': { path: () => `/webhooks/${webhookId}`, ofA: true },
  'POST /webhooks/{id}/rotate-secret': {
    path: () => `/webhooks/${webhookId}/rotate-secret`,
    ofA: true,
  },
};

/** Routes open to any member of the company, end users included, or to the public. */
const OPEN_ROUTES = [
  'GET /boards/{id}',
  'GET /boards/{id}/events',
  'GET /boards/{id}/ideas/similar',
  'GET /boards/{id}/limits',
  'GET /boards/{id}/releases',
  'GET /boards/{id}/statuses',
  'GET /companies/{id}/boards',
  'GET /companies/{id}/releases',
  'GET /ideas',
  'POST /ideas',
  'GET /ideas/{id}',
  'GET /ideas/{id}/comments',
  'POST /ideas/{id}/comments',
  'POST /ideas/{id}/decline',
  'POST /ideas/{id}/downvote',
  'PUT /ideas/{id}/status',
  'POST /ideas/{id}/upvote',
  'GET /ideas/{id}/voters',
  'GET /ideas/{id}/vote-importance',
  'PUT /ideas/{id}/vote-importance',
  'GET /releases/{id}',
  'GET /widget/boards/{hash}',
  'POST /widget/boards/{hash}/signup',
];

/** Company A's rows that a refused call must leave as they were. */
async function rowsOfA(): Promise<unknown> {
  const prisma = server.deps.prisma;
  const companyId = a.owner.companyId;
  return Promise.all([
    prisma.company.findUnique({ where: { id: companyId } }),
    prisma.user.findMany({ where: { companyId }, orderBy: { id: 'asc' } }),
    prisma.board.findMany({ where: { companyId }, orderBy: { id: 'asc' } }),
    prisma.idea.findMany({ where: { board: { companyId } }, orderBy: { id: 'asc' } }),
    prisma.release.findMany({ where: { companyId }, include: { parts: true } }),
    prisma.webhook.findMany({ where: { companyId } }),
    prisma.apiKey.findMany({ where: { companyId } }),
    prisma.subscription.findUnique({ where: { companyId } }),
    prisma.invitation.findMany({ where: { companyId }, orderBy: { id: 'asc' } }),
    prisma.customerCompany.findMany({
      where: { companyId },
      include: { members: true },
      orderBy: { id: 'asc' },
    }),
    prisma.tag.findMany({ where: { companyId }, include: { ideas: true }, orderBy: { id: 'asc' } }),
    prisma.importJob.findMany({ where: { companyId }, orderBy: { id: 'asc' } }),
    prisma.issueTrackerConnection.findMany({ where: { companyId }, orderBy: { id: 'asc' } }),
  ]);
}

let mutationFields: Record<string, GraphQLField<unknown, unknown>> = {};

/** The text of `field` with every argument passed as a variable, selecting the AppError. */
function mutationText(field: string): string {
  const args = mutationFields[field]!.args;
  const signature = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `mutation ${signature ? `(${signature})` : ''} {
    result: ${field}${passed ? `(${passed})` : ''} {
      __typename ... on AppError { code message fields { field message } }
    }
  }`;
}

async function runMutation(field: string, vars: Record<string, unknown>, token: string) {
  const { body } = await gql(server, mutationText(field), vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server, { isPublic: false });
  b = await restCompany(server);
  admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER', name: 'Mia Member' });
  bMember = await addEndUser(server, b.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, a.owner.companyId, { name: 'Eddie End' });
  // The private board grants the end users' confirmed domain: they submit ideas the team accepts.
  await server.deps.prisma.board.update({
    where: { id: a.boardId },
    data: { allowedEmailDomains: ['example.com'] },
  });
  const hook = await expectCall(server, 'POST', '/webhooks', 201, {
    token: a.owner.token,
    body: { url: 'https://hooks.example.com/a', events: ['IDEA_CREATED'] },
  });
  webhookId = hook.webhook.id;
  slackConnectionId = (
    await server.deps.prisma.slackConnection.create({
      data: {
        companyId: a.owner.companyId,
        sealedUrl: 'box1$00000000$a$b$c',
        urlHint: 'hooks.slack.com/…/c3d4',
        events: ['IDEA_CREATED'],
      },
    })
  ).id;
  trackerConnectionId = (
    await server.deps.prisma.issueTrackerConnection.create({
      data: {
        companyId: a.owner.companyId,
        kind: 'GITHUB',
        sealedToken: 'box1$00000000$a$b$c',
        tokenHint: 'c3d4',
        repoOwner: 'acme',
        repoName: 'roadmap',
        sealedWebhookSecret: 'box1$00000000$a$b$d',
        webhookKey: 'team-permissions-key',
      },
    })
  ).id;
  statusId = (
    await server.deps.prisma.boardStatus.create({
      data: {
        boardId: a.boardId,
        kind: 'PLANNED',
        nameEn: 'Next',
        namePl: 'Dalej',
        color: '1f6feb',
        position: 0,
      },
    })
  ).id;
  tagId = (
    await server.deps.prisma.tag.create({
      data: { companyId: a.owner.companyId, name: 'Alpha', nameKey: 'alpha', color: '1f6feb' },
    })
  ).id;
  importJobId = (
    await server.deps.prisma.importJob.create({
      data: {
        companyId: a.owner.companyId,
        boardId: a.boardId,
        source: 'CSV',
        fileNames: 'a.csv',
        payload: {},
        preview: {},
      },
    })
  ).id;
  apiKeyId = (
    await server.deps.prisma.apiKey.create({
      data: {
        companyId: a.owner.companyId,
        createdById: a.owner.userId,
        name: 'Alpha key',
        prefix: 'fbk_test',
        keyHash: `hash-${Date.now()}`,
      },
    })
  ).id;
  invitationId = (
    await server.deps.prisma.invitation.create({
      data: {
        companyId: a.owner.companyId,
        email: 'invited@example.com',
        role: 'MEMBER',
        tokenHash: `invitation-${Date.now()}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    })
  ).id;
  customerCompanyId = (
    await server.deps.prisma.customerCompany.create({
      data: {
        companyId: a.owner.companyId,
        externalId: 'alpha-customer',
        name: 'Alpha Customer',
        monthlySpend: 250,
        members: { create: { userId: endUser.userId } },
      },
    })
  ).id;
  const { body } = await gql(server, getIntrospectionQuery(), {}, a.owner.token);
  mutationFields = buildClientSchema(body.data).getMutationType()!.getFields();
});
afterAll(async () => {
  await server?.close();
});

describe('GraphQL mutations by role', () => {
  it('every mutation is in exactly one table', () => {
    const listed = [
      ...Object.keys(REFUSED_MUTATIONS),
      ...TEAM_MUTATIONS,
      ...PERSONAL_MUTATIONS,
    ].sort();
    expect(listed).toEqual(Object.keys(mutationFields).sort());
  });

  it.each(Object.keys(REFUSED_MUTATIONS))(
    '%s: a MEMBER is refused and nothing changes',
    async (field) => {
      const before = await rowsOfA();
      const result = await runMutation(field, REFUSED_MUTATIONS[field]!.vars(), member.token);
      expect(result).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
      expect(await rowsOfA()).toEqual(before);
    },
  );

  it.each(Object.keys(REFUSED_MUTATIONS).filter((f) => REFUSED_MUTATIONS[f]!.ofA))(
    "%s: another company's MEMBER is told not found",
    async (field) => {
      const before = await rowsOfA();
      const result = await runMutation(field, REFUSED_MUTATIONS[field]!.vars(), bMember.token);
      expect(result.__typename).toBe('AppError');
      if (result.code === 'VALIDATION') {
        expect(result.fields[0].message).toMatch(/not found/i);
      } else {
        expect(result.code).toBe('NOT_FOUND');
      }
      expect(await rowsOfA()).toEqual(before);
    },
  );

  it.each(Object.keys(REFUSED_MUTATIONS).filter((f) => REFUSED_MUTATIONS[f]!.ownerOnly))(
    '%s: an ADMIN is refused too (billing and ownership are the owner’s)',
    async (field) => {
      const result = await runMutation(field, REFUSED_MUTATIONS[field]!.vars(), admin.token);
      expect(result).toMatchObject({ code: 'FORBIDDEN', message: FORBIDDEN_TEXT });
    },
  );
});

describe('REST routes by role', () => {
  it('every route is in exactly one table', async () => {
    const document = await expectCall(server, 'GET', '/openapi.json', 200);
    const routes: string[] = [];
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) routes.push(`${method.toUpperCase()} ${path}`);
    }
    // Sign-up, sign-in, the caller's own profile, SSO and the payment provider's and trackers'
    // callbacks (signed, not sessions: trackers.test.ts).
    const personal = routes.filter((route) =>
      /registrations|login|logout|password|\/me$|profile|sso|stripe-webhook|integrations\/(github|linear)|openapi/.test(
        route,
      ),
    );
    const rest = routes.filter((route) => !personal.includes(route));
    expect(rest.sort()).toEqual([...Object.keys(REFUSED_ROUTES), ...OPEN_ROUTES].sort());
  });

  it.each(Object.keys(REFUSED_ROUTES))(
    '%s: a MEMBER gets 403 and nothing changes',
    async (route) => {
      const { path, body: given } = REFUSED_ROUTES[route]!;
      const body = typeof given === 'function' ? given() : given;
      const before = await rowsOfA();
      const response = await server.call(route.split(' ')[0]!, `/api/v1${path()}`, {
        token: member.token,
        body,
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: 'FORBIDDEN' });
      expect(await rowsOfA()).toEqual(before);
    },
  );

  it.each(Object.keys(REFUSED_ROUTES).filter((r) => REFUSED_ROUTES[r]!.ofA))(
    "%s: another company's MEMBER gets 404",
    async (route) => {
      const { path, body: given } = REFUSED_ROUTES[route]!;
      const body = typeof given === 'function' ? given() : given;
      const response = await server.call(route.split(' ')[0]!, `/api/v1${path()}`, {
        token: bMember.token,
        body,
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    },
  );
});

describe('what a MEMBER may do', () => {
  it('sees private boards and ideas awaiting acceptance, comments and changes statuses', async () => {
    const pending = await expectCall(server, 'POST', '/ideas/', 201, {
      token: endUser.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title: 'Awaiting acceptance idea', description: 'Written by an end user.' },
    });
    expect(pending.status).toBe('NOT_PUBLIC');
    // Another end user does not see it; the team member does, in the list and alone.
    const list = await expectCall(server, 'GET', '/ideas/', 200, {
      token: member.token,
      headers: { 'x-board-id': String(a.boardId) },
    });
    expect(list.ideas.map((i: { id: number }) => i.id)).toContain(pending.id);
    const other = await addEndUser(server, a.owner.companyId);
    const theirs = await expectCall(server, 'GET', '/ideas/', 200, {
      token: other.token,
      headers: { 'x-board-id': String(a.boardId) },
    });
    expect(theirs.ideas.map((i: { id: number }) => i.id)).not.toContain(pending.id);

    const accepted = await expectCall(server, 'PUT', `/ideas/${pending.id}/status`, 200, {
      token: member.token,
      body: { status: 'OPEN' },
    });
    expect(accepted.status).toBe('OPEN');
    await expectCall(server, 'POST', `/ideas/${pending.id}/comments`, 201, {
      token: member.token,
      body: { text: 'Looking into it, thanks' },
    });
    const declined = await runMutation(
      'declineIdea',
      { ideaId: globalId('Idea', pending.id), reason: 'NOT_RELEVANT' },
      member.token,
    );
    expect(declined.__typename).toBe('MutationDeclineIdeaSuccess');
    // An end user may not move statuses.
    const refused = await server.call('PUT', `/api/v1/ideas/${a.ideaId}/status`, {
      token: other.token,
      body: { status: 'PLANNED' },
    });
    expect(refused.status).toBe(403);
  });
});
