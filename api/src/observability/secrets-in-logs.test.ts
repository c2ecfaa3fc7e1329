import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt, startServerProcess } from '../testing/server-process.ts';
import type { TServerProcess } from '../testing/server-process.ts';
import { openTestDatabase } from '../testing/test-server.ts';
import { SLACK_ANSWERS, startSlackStandIn } from '../testing/slack-stand-in.ts';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';

/**
 * Issue 22.3 ("no secrets or tokens in logs"): a real server process at LOG_LEVEL=debug goes
 * through sign-up, password sign-in, widget SSO, an API key, a webhook with its signing secret,
 * two-factor enrolment and both second steps (a code and a recovery code), the metrics token,
 * and a stop; then everything it wrote (stdout and stderr) is searched for each secret it
 * handed out or was given. token-logging.test.ts does the same inside the test process.
 */

const PASSWORD = 'log-hidden-password-1';
const METRICS_TOKEN = 'metrics-token-never-logged-0123456789';
const SECRETS_KEY = 'secrets-key-never-logged-0123456789abcdef';
const APP_ERROR = '... on AppError { code message }';

let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
let dataDir = '';
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let server: TServerProcess;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-secrets-'));
  receiver = await startWebhookReceiver();
  slack = await startSlackStandIn();
  server = await startServerProcess({
    DATABASE_URL: database?.databaseUrl ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    METRICS_TOKEN,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_BASE_MS: '100',
    SECRETS_KEY,
    SLACK_ALLOW_STAND_IN_URLS: 'true',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await receiver?.close();
  await slack?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const rest = (method: string, route: string, body?: unknown, token?: string) =>
  attempt(`${server.url}/api/v1${route}`, method, { body, token });

async function gql(query: string, variables: Record<string, unknown>, token?: string) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) {
  __typename ... on MutationLoginSuccess { data { token secondFactor { challenge } } } ${APP_ERROR} } }`;
const SECOND = `mutation($challenge: String!, $code: String!) { loginSecondFactor(challenge: $challenge, code: $code) {
  __typename ... on MutationLoginSecondFactorSuccess { data { token } } ${APP_ERROR} } }`;

describe('secrets in a server process’s log', () => {
  it('never writes a password, session token, SSO token or secret, API key, webhook secret, Slack URL or SECRETS_KEY, 2FA secret, challenge or recovery code', async () => {
    const secrets: Record<string, string> = { PASSWORD, METRICS_TOKEN, SECRETS_KEY };
    const email = `secrets-${Date.now()}@example.com`;

    // Sign-up and password sign-in (and a wrong password).
    const signup = await rest('POST', '/registrations', {
      email,
      password: PASSWORD,
      company: 'Quiet Logs Ltd',
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    secrets.signupToken = signup.body.token;
    const login = await rest('POST', '/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const owner: string = login.body.token;
    secrets.loginToken = owner;
    expect((await rest('POST', '/login', { email, password: `${PASSWORD}-wrong` })).status).toBe(
      401,
    );

    // Widget SSO with the company secret (a good token, a forged one).
    const company = await rest('GET', '/company', undefined, owner);
    const companySecret: string = company.body.companySecret;
    secrets.companySecret = companySecret;
    const board = await rest(
      'POST',
      `/companies/${company.body.companyId}/boards`,
      { name: 'Quiet board' },
      owner,
    );
    expect(board.status, JSON.stringify(board.body)).toBe(201);
    await rest('PUT', `/boards/${board.body.id}/set-public`, { isPublic: true }, owner);
    const { boardHash } = (
      await rest('GET', `/boards/${board.body.id}/widget-setup`, undefined, owner)
    ).body;
    const ssoToken = jwt.sign({ id: 'quiet-1', name: 'Quiet User' }, companySecret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const forgedSso = jwt.sign({ id: 'quiet-2', name: 'Forged' }, 'not-the-company-secret', {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    secrets.ssoToken = ssoToken;
    secrets.forgedSso = forgedSso;
    const sso = await rest('POST', '/widget/sso', { boardHash, token: ssoToken });
    expect(sso.status).toBe(200);
    secrets.ssoSession = sso.body.token;
    expect((await rest('POST', '/widget/sso', { boardHash, token: forgedSso })).status).toBe(401);

    // An API key, used, and a wrong one.
    const created = await gql(
      `mutation { createApiKey(name: "logs") { ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`,
      {},
      owner,
    );
    const apiKey: string = created.data.createApiKey.data.key;
    secrets.apiKey = apiKey;
    const VIEWER = '{ viewer { company { name } } }';
    expect((await gql(VIEWER, {}, apiKey)).data?.viewer?.company.name).toBe('Quiet Logs Ltd');
    expect((await gql(VIEWER, {}, `${apiKey}0`)).data?.viewer?.company.name).toBeUndefined();

    // A webhook: its signing secret, a signed delivery, a rotated secret.
    const webhook = await rest(
      'POST',
      '/webhooks',
      { url: receiver.url, events: ['IDEA_CREATED'] },
      owner,
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    secrets.webhookSecret = webhook.body.secret;

    // A Slack connection: its URL is a secret (also its path alone), in the request and after;
    // its first message fails once (the retry is logged as a failure), then arrives.
    secrets.slackUrl = slack.url;
    secrets.slackPath = new URL(slack.url).pathname;
    const connected = await gql(
      `mutation($url: String!) { connectSlack(url: $url, events: [IDEA_CREATED], language: "en-US") {
        __typename ... on MutationConnectSlackSuccess { data { id urlHint } } ${APP_ERROR} } }`,
      { url: slack.url },
      owner,
    );
    expect(connected.data.connectSlack.__typename).toBe('MutationConnectSlackSuccess');
    slack.answerNext(SLACK_ANSWERS.serverError);
    const idea = await fetch(`${server.url}/api/v1/ideas/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${owner}`,
        'x-board-id': String(board.body.id),
      },
      body: JSON.stringify({ title: 'Quiet idea' }),
    });
    expect(idea.status).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => slack.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    const rotated = await rest(
      'POST',
      `/webhooks/${webhook.body.webhook.id}/rotate-secret`,
      {},
      owner,
    );
    expect(rotated.status).toBe(200);
    secrets.rotatedWebhookSecret = rotated.body.secret;

    // Two-factor: enrolment (secret, recovery codes), then a code and a recovery code.
    const started = await gql(
      `mutation { startTwoFactorEnrolment { ... on MutationStartTwoFactorEnrolmentSuccess { data { secret otpauthUri } } ${APP_ERROR} } }`,
      {},
      owner,
    );
    const totpSecret: string = started.data.startTwoFactorEnrolment.data.secret;
    secrets.totpSecret = totpSecret;
    const confirmed = await gql(
      `mutation($code: String!, $password: String) { confirmTwoFactorEnrolment(code: $code, password: $password) {
        ... on MutationConfirmTwoFactorEnrolmentSuccess { data { recoveryCodes } } ${APP_ERROR} } }`,
      { code: await generate({ secret: totpSecret }), password: PASSWORD },
      owner,
    );
    const recoveryCodes: string[] = confirmed.data.confirmTwoFactorEnrolment.data.recoveryCodes;
    expect(recoveryCodes.length).toBeGreaterThan(1);
    recoveryCodes.forEach((code, n) => (secrets[`recoveryCode${n}`] = code));
    const challengeOf = async () => {
      const answer = await gql(LOGIN, { email, password: PASSWORD });
      return answer.data.login.data.secondFactor.challenge as string;
    };
    // A code from the next 30-second step: the enrolment's own code cannot be used twice.
    const challenge = await challengeOf();
    secrets.challenge = challenge;
    const withCode = await gql(SECOND, {
      challenge,
      code: await generate({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expect(withCode.data.loginSecondFactor.__typename).toBe('MutationLoginSecondFactorSuccess');
    secrets.twoFactorToken = withCode.data.loginSecondFactor.data.token;
    const challenge2 = await challengeOf();
    secrets.challenge2 = challenge2;
    const withRecovery = await gql(SECOND, { challenge: challenge2, code: recoveryCodes[0] });
    expect(withRecovery.data.loginSecondFactor.__typename).toBe('MutationLoginSecondFactorSuccess');
    secrets.recoveryToken = withRecovery.data.loginSecondFactor.data.token;

    // The metrics scrape with its token.
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);

    await server.stop('SIGTERM');
    const output = server.output();
    // The log is there: a JSON line per request of each flow.
    for (const route of ['/api/v1/login', '/api/v1/widget/sso', '/graphql', '/api/v1/webhooks/']) {
      expect(output, route).toContain(`"route":"${route}`);
    }
    const leaked = Object.entries(secrets)
      .filter(([, value]) => value && output.includes(value))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
    // Nor the signature of a JWT on its own.
    expect(output.includes(ssoToken.split('.')[2]!)).toBe(false);
  }, 120_000);
});
