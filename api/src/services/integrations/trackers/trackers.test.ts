import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSecret, parseSecretKeys } from '../../../auth/secret-box.ts';
import { globalId } from '../../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../../testing/graphql-client.ts';
import type { TTestAccount } from '../../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../../testing/smtp-sink.ts';
import { startTestServer } from '../../../testing/test-server.ts';
import type { TTestServer } from '../../../testing/test-server.ts';
import { TRACKER_ANSWERS, startTrackerStandIn } from '../../../testing/tracker-stand-in.ts';
import type { TTrackerStandIn } from '../../../testing/tracker-stand-in.ts';
import { parseIssueUrl } from './issue-links.ts';
import { isTrackerSignatureValid, signTrackerBody } from './tracker-webhook.ts';

const KEYS = parseSecretKeys('tracker-tests-secrets-key-0123456789abcdef', undefined);
const APP_URL = 'https://boards.example.com';
const GITHUB_TOKEN = 'ghp_standInToken0123456789abcdefWXYZ';
const LINEAR_KEY = 'lin_api_standInKey0123456789abcdefQRST';
const GITHUB_SECRET = 'github-webhook-secret-0123456789';
const LINEAR_SECRET = 'lin_wh_linear-webhook-secret-0123456789';
const REPO = 'acme/roadmap';
const TEAM_ID = '9cfb482a-81e3-4154-b5b9-2c805e70a02d';
const SECRETS = [GITHUB_TOKEN, LINEAR_KEY, GITHUB_SECRET, LINEAR_SECRET];

const CONNECTION = `id kind credentialLastFour isCredentialSet isWebhookSigned repository teamId webhookUrl closedStatus closedCustomStatus { id }`;
const LINK = `id provider identifier url title state`;
const CONNECT = `mutation ($kind: IssueTrackerKind!, $token: String!, $repository: String, $teamId: String, $webhookSecret: String!, $closedStatus: TrackerClosedStatus, $closedStatusId: ID) {
  connectIssueTracker(kind: $kind, token: $token, repository: $repository, teamId: $teamId, webhookSecret: $webhookSecret, closedStatus: $closedStatus, closedStatusId: $closedStatusId) {
    __typename ... on MutationConnectIssueTrackerSuccess { data { ${CONNECTION} } } ${APP_ERROR} } }`;
const UPDATE = `mutation ($id: ID!, $token: String, $closedStatus: TrackerClosedStatus, $closedStatusId: ID) {
  updateIssueTracker(issueTrackerConnectionId: $id, token: $token, closedStatus: $closedStatus, closedStatusId: $closedStatusId) {
    __typename ... on MutationUpdateIssueTrackerSuccess { data { ${CONNECTION} } } ${APP_ERROR} } }`;
const DISCONNECT = `mutation ($id: ID!) { disconnectIssueTracker(issueTrackerConnectionId: $id) {
  __typename ... on MutationDisconnectIssueTrackerSuccess { data { disconnectedIssueTrackerConnectionId } } ${APP_ERROR} } }`;
const CREATE = `mutation ($ideaId: ID!, $kind: IssueTrackerKind!) { createTrackerIssue(ideaId: $ideaId, kind: $kind) {
  __typename ... on MutationCreateTrackerIssueSuccess { data { ${LINK} } } ${APP_ERROR} } }`;
const LINK_URL = `mutation ($ideaId: ID!, $url: String!) { linkTrackerIssue(ideaId: $ideaId, url: $url) {
  __typename ... on MutationLinkTrackerIssueSuccess { data { ${LINK} } } ${APP_ERROR} } }`;
const UNLINK = `mutation ($id: ID!) { unlinkTrackerIssue(issueLinkId: $id) {
  __typename ... on MutationUnlinkTrackerIssueSuccess { data { unlinkedIssueLinkId idea { id } } } ${APP_ERROR} } }`;
const LIST = `{ issueTrackerConnections { ${CONNECTION} } issueTrackers }`;
const LINKS = `query ($id: ID!) { node(id: $id) { ... on Idea { status issueLinks { ${LINK} } } } }`;

let server: TTestServer;
let trackers: TTrackerStandIn;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let company: TRestCompany;
let stranger: TRestCompany;
let member: TTestAccount;
let endUser: TTestAccount;
/** Every GraphQL answer of the suite: none may carry a secret. */
const answers: string[] = [];

async function call(query: string, variables: Record<string, unknown>, token: string) {
  const { body } = await gql(server, query, variables, token);
  answers.push(JSON.stringify(body));
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const result = Object.values(body.data)[0] as any;
  return result?.__typename === 'AppError' ? result : (result?.data ?? result);
}

const connectGithub = (token: string, vars: Record<string, unknown> = {}) =>
  call(
    CONNECT,
    {
      kind: 'GITHUB',
      token: GITHUB_TOKEN,
      repository: REPO,
      webhookSecret: GITHUB_SECRET,
      ...vars,
    },
    token,
  );
const connectLinear = (token: string, vars: Record<string, unknown> = {}) =>
  call(
    CONNECT,
    { kind: 'LINEAR', token: LINEAR_KEY, teamId: TEAM_ID, webhookSecret: LINEAR_SECRET, ...vars },
    token,
  );

const ideaGid = (id: number) => globalId('Idea', id);

async function newIdea(title: string, description = 'Please add it.'): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title, description },
  });
  return idea.id as number;
}

/** Posts a delivery to a tracker webhook URL as GitHub or Linear would, signed or not. */
function deliver(
  webhookUrl: string,
  payload: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  return server.call('POST', new URL(webhookUrl).pathname, {
    rawBody: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
}
const githubSignature = (payload: unknown, secret = GITHUB_SECRET) =>
  `sha256=${signTrackerBody(secret, JSON.stringify(payload))}`;

async function mailsTo(email: string, from: number) {
  await server.deps.mailer.flush();
  const mails = smtp.messages.slice(from).filter((mail) => mail.to.includes(email));
  return Promise.all(mails.map(readMail));
}

beforeAll(async () => {
  trackers = await startTrackerStandIn({
    githubToken: GITHUB_TOKEN,
    githubRepo: REPO,
    linearKey: LINEAR_KEY,
    linearTeamId: TEAM_ID,
  });
  smtp = await startSmtpSink();
  server = await startTestServer({
    secretKeys: KEYS,
    smtpUrl: smtp.url,
    appUrl: APP_URL,
    githubApiUrl: trackers.githubApiUrl,
    linearApiUrl: trackers.linearApiUrl,
  });
  company = await restCompany(server);
  stranger = await restCompany(server);
  member = await addEndUser(server, company.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, company.owner.companyId);
});

afterAll(async () => {
  await server?.close();
  await trackers?.close();
  await smtp?.close();
  for (const answer of answers) for (const secret of SECRETS) expect(answer).not.toContain(secret);
});

describe('GitHub and Linear connections', () => {
  it('refuses a bad token, an unknown repository or team, a short secret and the team’s members, field by field', async () => {
    const token = company.owner.token;
    const badToken = await connectGithub(token, { token: 'ghp_wrong' });
    expect(badToken).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'token' }] });
    expect(badToken.fields[0].message).toContain('401');
    const badRepo = await connectGithub(token, { repository: 'acme/elsewhere' });
    expect(badRepo).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'repository' }] });
    const badShape = await connectGithub(token, { repository: 'not a repo' });
    expect(badShape.fields[0].field).toBe('repository');
    const noRepo = await connectGithub(token, { repository: null });
    expect(noRepo.fields[0].field).toBe('repository');
    const shortSecret = await connectGithub(token, { webhookSecret: 'short' });
    expect(shortSecret.fields[0].field).toBe('webhookSecret');
    const badKey = await connectLinear(token, { token: 'lin_api_wrong' });
    expect(badKey).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'token' }] });
    const badTeam = await connectLinear(token, { teamId: 'no-such-team' });
    expect(badTeam).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'teamId' }] });
    expect(await connectGithub(member.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await server.deps.prisma.issueTrackerConnection.count({
        where: { companyId: company.owner.companyId },
      }),
    ).toBe(0);
  });

  it('seals the token and webhook secret, answers only a hint and the webhook URL', async () => {
    const github = await connectGithub(company.owner.token);
    expect(github).toMatchObject({
      kind: 'GITHUB',
      credentialLastFour: 'WXYZ',
      isCredentialSet: true,
      isWebhookSigned: true,
      repository: REPO,
      closedStatus: 'COMPLETE',
    });
    expect(github.webhookUrl).toMatch(
      new RegExp(`^${APP_URL}/api/v1/integrations/github/[\\w-]{20,}$`),
    );
    const row = await server.deps.prisma.issueTrackerConnection.findFirstOrThrow({
      where: { companyId: company.owner.companyId, kind: 'GITHUB' },
    });
    expect(row.sealedToken).toMatch(/^box1\$/);
    expect(row.sealedWebhookSecret).toMatch(/^box1\$/);
    expect(openSecret(KEYS, row.sealedToken)).toBe(GITHUB_TOKEN);
    expect(openSecret(KEYS, row.sealedWebhookSecret!)).toBe(GITHUB_SECRET);
    // GitHub saw the token the way its REST API takes it.
    const seen = trackers.requests.at(-1)!;
    expect(seen.path).toBe(`/github/repos/${REPO}`);
    expect(seen.headers.authorization).toBe(`token ${GITHUB_TOKEN}`);

    const linear = await connectLinear(company.owner.token);
    expect(linear).toMatchObject({ kind: 'LINEAR', credentialLastFour: 'QRST', teamId: TEAM_ID });
    expect(trackers.requests.at(-1)!.headers.authorization).toBe(LINEAR_KEY);

    expect(await connectGithub(company.owner.token)).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'kind' }],
    });
    const listed = await call(LIST, {}, company.owner.token);
    expect(listed.issueTrackerConnections ?? listed).toBeTruthy();
    const { body } = await gql(server, LIST, {}, company.owner.token);
    expect(body.data.issueTrackers).toEqual(['GITHUB', 'LINEAR']);
    expect(body.data.issueTrackerConnections.map((c: any) => c.kind)).toEqual(['GITHUB', 'LINEAR']);
    // Members learn which trackers exist, not their settings.
    const asMember = await gql(server, '{ issueTrackers }', {}, member.token);
    expect(asMember.body.data.issueTrackers).toEqual(['GITHUB', 'LINEAR']);
    const asEndUser = await gql(server, '{ issueTrackers }', {}, endUser.token);
    expect(asEndUser.body.data.issueTrackers).toEqual([]);
  });
});

describe('issues from ideas', () => {
  it('creates a GitHub issue with the description, votes and a link back; members see the link, end users do not', async () => {
    const ideaId = await newIdea('Dark mode', 'A dark theme for the dashboard.');
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: endUser.token });
    const link = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    expect(link).toMatchObject({
      provider: 'GITHUB',
      identifier: expect.stringMatching(/^#\d+$/),
      url: expect.stringMatching(/^https:\/\/github\.com\/acme\/roadmap\/issues\/\d+$/),
      title: 'Dark mode',
      state: 'open',
    });
    const posted = trackers.requests.at(-1)!;
    expect(posted.method).toBe('POST');
    expect(posted.path).toBe(`/github/repos/${REPO}/issues`);
    expect(posted.json.title).toBe('Dark mode');
    expect(posted.json.body).toContain('A dark theme for the dashboard.');
    expect(posted.json.body).toContain('1 vote on Feedboard');
    expect(posted.json.body).toContain(
      `${APP_URL}/admin/boards/${company.boardId}/ideas/${ideaId}`,
    );

    const seen = await call(LINKS, { id: ideaGid(ideaId) }, member.token);
    expect(seen.issueLinks).toEqual([link]);
    const hidden = await call(LINKS, { id: ideaGid(ideaId) }, endUser.token);
    expect(hidden.issueLinks).toBeNull();
    // End users cannot create one.
    expect(
      await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, endUser.token),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('creates a Linear issue through issueCreate with the team', async () => {
    const ideaId = await newIdea('CSV export');
    const link = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'LINEAR' }, member.token);
    expect(link).toMatchObject({
      provider: 'LINEAR',
      identifier: expect.stringMatching(/^ENG-\d+$/),
    });
    const posted = trackers.requests.at(-1)!;
    expect(posted.path).toBe('/linear/graphql');
    expect(posted.json.query).toContain('issueCreate');
    expect(posted.json.variables.input).toMatchObject({ teamId: TEAM_ID, title: 'CSV export' });
    expect(posted.json.variables.input.description).toContain('0 votes on Feedboard');
  });

  it('links an existing issue by its address; a bad, foreign or unknown address is a field error; unlinking keeps the issue', async () => {
    const ideaId = await newIdea('Webhooks for votes');
    const token = member.token;
    const issue = trackers.githubIssues[0]!;
    for (const url of [
      'not a url',
      'https://example.com/somewhere',
      'ftp://github.com/acme/roadmap/issues/1',
    ]) {
      const refused = await call(LINK_URL, { ideaId: ideaGid(ideaId), url }, token);
      expect(refused).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'url' }] });
    }
    const foreign = await call(
      LINK_URL,
      { ideaId: ideaGid(ideaId), url: 'https://github.com/other/repo/issues/1' },
      token,
    );
    expect(foreign.fields[0].message).toContain(REPO);
    const unknown = await call(
      LINK_URL,
      { ideaId: ideaGid(ideaId), url: `https://github.com/${REPO}/issues/999` },
      token,
    );
    expect(unknown).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'url' }] });
    // The first GitHub issue is linked to another idea already.
    const taken = await call(LINK_URL, { ideaId: ideaGid(ideaId), url: issue.html_url }, token);
    expect(taken).toMatchObject({ code: 'CONFLICT', fields: [{ field: 'url' }] });

    const linearIssue = trackers.linearIssues[0]!;
    const other = await newIdea('Another CSV idea');
    await call(LINK_URL, { ideaId: ideaGid(other), url: linearIssue.url }, token).then((answer) =>
      expect(answer).toMatchObject({ code: 'CONFLICT' }),
    );
    // A new GitHub issue made in GitHub itself, linked by URL.
    trackers.githubIssues.push({
      number: 77,
      title: 'Made in GitHub',
      body: '',
      state: 'open',
      html_url: `https://github.com/${REPO}/issues/77`,
    });
    const linked = await call(
      LINK_URL,
      { ideaId: ideaGid(ideaId), url: `https://github.com/${REPO}/issues/77` },
      token,
    );
    expect(linked).toMatchObject({ identifier: '#77', title: 'Made in GitHub' });
    const unlinked = await call(UNLINK, { id: linked.id }, token);
    expect(unlinked).toMatchObject({
      unlinkedIssueLinkId: linked.id,
      idea: { id: ideaGid(ideaId) },
    });
    expect((await call(LINKS, { id: ideaGid(ideaId) }, token)).issueLinks).toEqual([]);
    expect(await call(UNLINK, { id: linked.id }, token)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a tracker answer without the issue’s address or title as a clear error, never a 500', async () => {
    const ideaId = await newIdea('Malformed answer idea');
    const token = member.token;
    const url = `https://github.com/${REPO}/issues/1`;
    for (const [json, missing] of [
      [{ number: 1, title: 'No address', state: 'open' }, 'html_url'],
      [{ number: 1, html_url: url, state: 'open' }, 'title'],
      [{ number: 1, html_url: 'javascript:alert(1)', title: 'Script', state: 'open' }, 'html_url'],
    ] as const) {
      trackers.answerNext({ status: 200, json });
      const refused = await call(LINK_URL, { ideaId: ideaGid(ideaId), url }, token);
      expect(refused, missing).toMatchObject({ code: 'UNAVAILABLE' });
      expect(refused.message, missing).toContain(
        `GitHub answered without a valid issue (${missing})`,
      );
    }
    trackers.answerNext({
      status: 200,
      json: { data: { issue: { id: 'x', identifier: 'ENG-1', url: 'https://linear.app/i/1' } } },
    });
    const linear = await call(
      LINK_URL,
      { ideaId: ideaGid(ideaId), url: 'https://linear.app/acme/issue/ENG-1/title' },
      token,
    );
    expect(linear).toMatchObject({ code: 'UNAVAILABLE' });
    expect(linear.message).toContain('Linear answered without a valid issue (title)');
    trackers.answerNext({ status: 200, json: { number: 9, title: 'Created', state: 'open' } });
    const created = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, token);
    expect(created).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await server.deps.prisma.ideaIssueLink.count({ where: { ideaId } })).toBe(0);
  });

  it('answers a rate limit or a revoked token as a clear error on the field, never a 500', async () => {
    const ideaId = await newIdea('Rate limited idea');
    trackers.answerNext(TRACKER_ANSWERS.githubRateLimited());
    const limited = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', fields: [{ field: 'kind' }] });
    expect(limited.message).toMatch(/GitHub is rate limiting this token\. Try again in \d+ s\./);
    trackers.answerNext(TRACKER_ANSWERS.githubSecondaryLimit(60));
    const secondary = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    expect(secondary).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('60 s'),
    });
    trackers.answerNext(TRACKER_ANSWERS.linearRateLimited());
    const linear = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'LINEAR' }, member.token);
    expect(linear).toMatchObject({ code: 'RATE_LIMITED', fields: [{ field: 'kind' }] });
    trackers.answerNext({ status: 401, json: { message: 'Bad credentials' } });
    const revoked = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    expect(revoked).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'kind' }] });
    expect(revoked.fields[0].message).toContain('401');
    trackers.answerNext({ status: 404, json: { message: 'Not Found' } });
    const gone = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    expect(gone.fields[0].message).toContain('404');
    trackers.answerNext({ status: 502, json: { message: 'Server Error' } });
    expect(
      await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token),
    ).toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(await server.deps.prisma.ideaIssueLink.count({ where: { ideaId } })).toBe(0);
  });

  it('keeps companies apart: another company’s idea, link and connection are not found', async () => {
    const ideaId = await newIdea('Private to company A');
    const link = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    const outsider = stranger.owner.token;
    expect(await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, outsider)).toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    expect(
      await call(
        LINK_URL,
        { ideaId: ideaGid(ideaId), url: `https://github.com/${REPO}/issues/1` },
        outsider,
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await call(UNLINK, { id: link.id }, outsider)).toMatchObject({ code: 'NOT_FOUND' });
    const connection = await server.deps.prisma.issueTrackerConnection.findFirstOrThrow({
      where: { companyId: company.owner.companyId, kind: 'GITHUB' },
    });
    const gid = globalId('IssueTrackerIntegration', connection.id);
    expect(await call(UPDATE, { id: gid, closedStatus: 'PLANNED' }, outsider)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await call(DISCONNECT, { id: gid }, outsider)).toMatchObject({ code: 'NOT_FOUND' });
    const node = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { id } }`,
      { id: gid },
      outsider,
    );
    expect(node.body.data.node).toBeNull();
    // The stranger's own company has no tracker: creating one there is a field error.
    const strangerIdea = ideaGid(stranger.ideaId);
    expect(await call(CREATE, { ideaId: strangerIdea, kind: 'GITHUB' }, outsider)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'kind' }],
    });
    expect(await call(UPDATE, { id: gid, closedStatus: 'PLANNED' }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('status sync by signed webhooks', () => {
  it('a signed GitHub closed event moves the idea to COMPLETE and mails its voters; unsigned, wrongly signed or unknown deliveries change nothing', async () => {
    const ideaId = await newIdea('Signed close');
    const voter = await addEndUser(server, company.owner.companyId, { name: 'Vera Voter' });
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: voter.token });
    const link = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'GITHUB' }, member.token);
    const { issueTrackerConnections } = (await gql(server, LIST, {}, company.owner.token)).body
      .data;
    const webhookUrl = issueTrackerConnections.find((c: any) => c.kind === 'GITHUB').webhookUrl;
    const number = Number(link.identifier.slice(1));
    const payload = {
      action: 'closed',
      issue: { number, state: 'closed', title: 'Signed close' },
      repository: { full_name: REPO },
    };
    const warn = vi.spyOn(server.deps.log, 'warn');
    const mark = smtp.messages.length;

    const unsigned = await deliver(webhookUrl, payload, { 'x-github-event': 'issues' });
    expect(unsigned.status).toBe(401);
    const forged = await deliver(webhookUrl, payload, {
      'x-github-event': 'issues',
      'x-hub-signature-256': githubSignature(payload, 'a-guessed-secret-0000'),
    });
    expect(forged.status).toBe(401);
    const garbled = await deliver(webhookUrl, payload, {
      'x-github-event': 'issues',
      'x-hub-signature-256': 'sha256=zz',
    });
    expect(garbled.status).toBe(401);
    // A body changed after signing.
    const tampered = await server.call('POST', new URL(webhookUrl).pathname, {
      rawBody: JSON.stringify({ ...payload, action: 'closed ' }),
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-hub-signature-256': githubSignature(payload),
      },
    });
    expect(tampered.status).toBe(401);
    const unknownKey = await deliver(`${APP_URL}/api/v1/integrations/github/nope`, payload, {
      'x-github-event': 'issues',
      'x-hub-signature-256': githubSignature(payload),
    });
    expect(unknownKey.status).toBe(404);
    expect((await call(LINKS, { id: ideaGid(ideaId) }, member.token)).status).toBe('OPEN');
    const warnings = warn.mock.calls.map((args) => JSON.stringify(args));
    expect(warnings.filter((line) => line.includes('GitHub webhook refused'))).toHaveLength(4);
    for (const line of warnings) for (const secret of SECRETS) expect(line).not.toContain(secret);
    warn.mockRestore();

    const signed = await deliver(webhookUrl, payload, {
      'x-github-event': 'issues',
      'x-hub-signature-256': githubSignature(payload),
    });
    expect(signed).toMatchObject({ status: 200, body: { received: true, movedIdeas: 1 } });
    const after = await call(LINKS, { id: ideaGid(ideaId) }, member.token);
    expect(after.status).toBe('COMPLETE');
    expect(after.issueLinks[0].state).toBe('closed');
    const mails = await mailsTo(voter.email, mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Signed close');
    const activity = await server.deps.prisma.ideaActivity.findMany({
      where: { ideaId, kind: 'STATUS_CHANGED' },
    });
    expect(activity).toHaveLength(1);
    // A repeat delivery changes nothing more and mails nobody again.
    const again = await deliver(webhookUrl, payload, {
      'x-github-event': 'issues',
      'x-hub-signature-256': githubSignature(payload),
    });
    expect(again.body.movedIdeas).toBe(0);
    expect(await mailsTo(voter.email, mark)).toHaveLength(1);

    // A signed body of deep brackets is refused before it is parsed (parsing takes seconds).
    const deep = '['.repeat(300_000) + ']'.repeat(300_000);
    const nested = await server.call('POST', new URL(webhookUrl).pathname, {
      rawBody: deep,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-hub-signature-256': `sha256=${signTrackerBody(GITHUB_SECRET, deep)}`,
      },
    });
    expect(nested).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
  });

  it('a signed Linear completed update applies the chosen custom status; a bad Linear-Signature changes nothing', async () => {
    const custom = await server.deps.prisma.boardStatus.create({
      data: {
        boardId: company.boardId,
        kind: 'COMPLETE',
        nameEn: 'Shipped',
        namePl: 'Wydane',
        color: '22aa55',
        position: 99,
      },
    });
    const connection = await server.deps.prisma.issueTrackerConnection.findFirstOrThrow({
      where: { companyId: company.owner.companyId, kind: 'LINEAR' },
    });
    const gid = globalId('IssueTrackerIntegration', connection.id);
    // A status of another kind is refused; the right one is kept.
    const wrongKind = await call(
      UPDATE,
      { id: gid, closedStatus: 'PLANNED', closedStatusId: globalId('BoardStatus', custom.id) },
      company.owner.token,
    );
    expect(wrongKind).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'closedStatusId' }] });
    const updated = await call(
      UPDATE,
      { id: gid, closedStatusId: globalId('BoardStatus', custom.id) },
      company.owner.token,
    );
    expect(updated.closedCustomStatus).toEqual({ id: globalId('BoardStatus', custom.id) });

    const ideaId = await newIdea('Linear sync');
    const link = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'LINEAR' }, member.token);
    const issue = trackers.linearIssues.find((i) => i.identifier === link.identifier)!;
    const webhookUrl = updated.webhookUrl as string;
    const payload = {
      action: 'update',
      type: 'Issue',
      data: {
        id: issue.id,
        identifier: issue.identifier,
        state: { type: 'completed', name: 'Done' },
      },
      updatedFrom: { stateId: 'x' },
      webhookTimestamp: Date.now(),
    };
    const wrong = await deliver(webhookUrl, payload, {
      'linear-event': 'Issue',
      'linear-signature': signTrackerBody('not-the-secret', JSON.stringify(payload)),
    });
    expect(wrong.status).toBe(401);
    expect((await call(LINKS, { id: ideaGid(ideaId) }, member.token)).status).toBe('OPEN');
    const signed = await deliver(webhookUrl, payload, {
      'linear-event': 'Issue',
      'linear-signature': signTrackerBody(LINEAR_SECRET, JSON.stringify(payload)),
    });
    expect(signed).toMatchObject({ status: 200, body: { movedIdeas: 1 } });
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
    expect(idea).toMatchObject({ status: 'COMPLETE', customStatusId: custom.id });
  });

  it('verifies signatures in the vendors’ formats only', () => {
    const body = new TextEncoder().encode('{"a":1}');
    const hex = signTrackerBody('s3cret-s3cret', body);
    expect(isTrackerSignatureValid('GITHUB', 's3cret-s3cret', body, `sha256=${hex}`)).toBe(true);
    expect(isTrackerSignatureValid('GITHUB', 's3cret-s3cret', body, hex)).toBe(false);
    expect(isTrackerSignatureValid('LINEAR', 's3cret-s3cret', body, hex)).toBe(true);
    expect(isTrackerSignatureValid('LINEAR', 's3cret-s3cret', body, hex.slice(2))).toBe(false);
    expect(isTrackerSignatureValid('LINEAR', 's3cret-s3cret', body, undefined)).toBe(false);
    expect(parseIssueUrl('https://linear.app/acme/issue/eng-12/some-title')).toEqual({
      kind: 'LINEAR',
      identifier: 'ENG-12',
    });
    expect(parseIssueUrl('https://github.com/acme/roadmap/issues/3')).toEqual({
      kind: 'GITHUB',
      owner: 'acme',
      repo: 'roadmap',
      number: '3',
    });
  });
});

describe('settings', () => {
  it('answers UNAVAILABLE, not a 500, when SECRETS_KEY no longer opens the stored token', async () => {
    const ideaId = await newIdea('Lost key idea');
    const config = server.deps.config as { secretKeys: typeof KEYS };
    config.secretKeys = parseSecretKeys('another-secrets-key-0123456789abcdef', undefined);
    try {
      const answer = await call(CREATE, { ideaId: ideaGid(ideaId), kind: 'LINEAR' }, member.token);
      expect(answer).toMatchObject({ code: 'UNAVAILABLE' });
      expect(answer.message).toContain('SECRETS_KEY');
    } finally {
      config.secretKeys = KEYS;
    }
  });

  it('updates the token (tried again), disconnects with the links, and audits each step without secrets', async () => {
    const connection = await server.deps.prisma.issueTrackerConnection.findFirstOrThrow({
      where: { companyId: company.owner.companyId, kind: 'GITHUB' },
    });
    const gid = globalId('IssueTrackerIntegration', connection.id);
    const refused = await call(UPDATE, { id: gid, token: 'ghp_wrong' }, company.owner.token);
    expect(refused).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'token' }] });
    const kept = await call(UPDATE, { id: gid, closedStatus: 'IN_PROGRESS' }, company.owner.token);
    expect(kept).toMatchObject({ closedStatus: 'IN_PROGRESS', credentialLastFour: 'WXYZ' });
    const gone = await call(DISCONNECT, { id: gid }, company.owner.token);
    expect(gone.disconnectedIssueTrackerConnectionId).toBe(gid);
    expect(
      await server.deps.prisma.ideaIssueLink.count({ where: { connectionId: connection.id } }),
    ).toBe(0);
    const audit = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: company.owner.companyId, action: { startsWith: 'ISSUE_TRACKER_' } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      'ISSUE_TRACKER_CONNECTED',
      'ISSUE_TRACKER_CONNECTED',
      'ISSUE_TRACKER_UPDATED',
      'ISSUE_TRACKER_UPDATED',
      'ISSUE_TRACKER_DISCONNECTED',
    ]);
    for (const secret of SECRETS) expect(JSON.stringify(audit)).not.toContain(secret);
  });
});
