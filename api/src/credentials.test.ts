import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql } from './testing/graphql-client.ts';
import type { TTestAccount } from './testing/graphql-client.ts';
import { expectCall, restCompany } from './testing/rest-fixtures.ts';
import type { TRestCompany } from './testing/rest-fixtures.ts';
import { startTestServer } from './testing/test-server.ts';
import type { TTestServer } from './testing/test-server.ts';
import { globalId } from './schema/ids.ts';

/**
 * Every GraphQL field and REST route that answers a credential (the company's SSO secret, a
 * webhook's signing secret, a new API key), walked with every kind of caller. Only an owner or
 * an admin of the company signed in with a session may see one (canReadCredentials); an API
 * key, a member, an end user, an anonymous caller and another company's owner see none, and
 * nothing they do changes a credential of the company.
 */

type TCaller =
  | 'owner session'
  | 'admin session'
  | 'member'
  | 'API key'
  | 'end user'
  | 'anonymous'
  | 'another company';

const CALLERS: readonly TCaller[] = [
  'owner session',
  'admin session',
  'member',
  'API key',
  'end user',
  'anonymous',
  'another company',
];
const MAY_READ: ReadonlySet<TCaller> = new Set(['owner session', 'admin session']);

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let admin: TTestAccount;
let member: TTestAccount;
let endUser: TTestAccount;
let apiKey = '';
let webhookRowId = 0;

const tokenOf = (caller: TCaller): string | undefined =>
  ({
    'owner session': a.owner.token,
    'admin session': admin.token,
    member: member.token,
    'API key': apiKey,
    'end user': endUser.token,
    anonymous: undefined,
    'another company': b.owner.token,
  })[caller];

/** Company A's credentials as stored now. */
async function credentialsOfA(): Promise<string[]> {
  const company = await server.deps.prisma.company.findUniqueOrThrow({
    where: { id: a.owner.companyId },
  });
  const hooks = await server.deps.prisma.webhook.findMany({
    where: { companyId: a.owner.companyId },
  });
  return [company.secret, ...hooks.map((hook) => hook.secret)];
}

type TCase = {
  name: string;
  /** Sends the call; answers the raw answer text and the credential it carried, if any. */
  send: (token: string | undefined) => Promise<{ text: string; credential: string | null }>;
};

function graphqlCase(
  name: string,
  query: string,
  pick: (data: any) => string | null | undefined,
  variables: () => Record<string, unknown> = () => ({}),
): TCase {
  return {
    name: `GraphQL ${name}`,
    send: async (token) => {
      const { body } = await gql(server, query, variables(), token);
      let credential: string | null;
      try {
        credential = pick(body?.data) ?? null;
      } catch {
        // The path to it is not in the answer (null parent, an error result).
        credential = null;
      }
      return { text: JSON.stringify(body), credential };
    },
  };
}

function restCase(
  method: string,
  path: () => string,
  pick: (body: any) => string | undefined,
  body?: unknown,
): TCase {
  return {
    name: `REST ${method} ${path().replace(/\d+/g, '{id}')}`,
    send: async (token) => {
      const response = await server.call(method, `/api/v1${path()}`, { token, body });
      const credential = response.status < 300 ? (pick(response.body) ?? null) : null;
      return { text: JSON.stringify(response.body), credential };
    },
  };
}

const HOOK = { url: 'https://hooks.example.com/feedboard', events: ['IDEA_CREATED'] };

const CASES: TCase[] = [
  graphqlCase(
    'viewer { company { secret } }',
    '{ viewer { company { secret } } }',
    (data) => data.viewer.company.secret,
  ),
  graphqlCase(
    "node(id: A's company) { secret }",
    'query ($id: ID!) { node(id: $id) { ... on Company { secret } } }',
    (data) => data.node.secret,
    () => ({ id: globalId('Company', a.owner.companyId) }),
  ),
  graphqlCase(
    'rotateCompanySecret',
    `mutation { rotateCompanySecret { __typename
      ... on MutationRotateCompanySecretSuccess { data { secret } } ${APP_ERROR} } }`,
    (data) => data.rotateCompanySecret.data.secret,
  ),
  graphqlCase(
    'createApiKey',
    `mutation { createApiKey(name: "Walk") { __typename
      ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`,
    (data) => data.createApiKey.data.key,
  ),
  graphqlCase(
    'createWebhook',
    `mutation ($url: String!) { createWebhook(url: $url, events: [IDEA_CREATED]) { __typename
      ... on MutationCreateWebhookSuccess { data { secret } } ${APP_ERROR} } }`,
    (data) => data.createWebhook.data.secret,
    () => ({ url: HOOK.url }),
  ),
  graphqlCase(
    "rotateWebhookSecret(A's webhook)",
    `mutation ($id: ID!) { rotateWebhookSecret(webhookId: $id) { __typename
      ... on MutationRotateWebhookSecretSuccess { data { secret } } ${APP_ERROR} } }`,
    (data) => data.rotateWebhookSecret.data.secret,
    () => ({ id: globalId('Webhook', webhookRowId) }),
  ),
  restCase(
    'GET',
    () => '/company',
    (body) => body.companySecret,
  ),
  restCase(
    'POST',
    () => '/company/rotate-secret',
    (body) => body.companySecret,
  ),
  restCase(
    'POST',
    () => '/webhooks',
    (body) => body.secret,
    HOOK,
  ),
  restCase(
    'POST',
    () => `/webhooks/${webhookRowId}/rotate-secret`,
    (body) => body.secret,
  ),
];

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, a.owner.companyId);
  endUser = await addEndUser(server, a.owner.companyId, { kind: 'SSO' });
  const { body } = await gql(
    server,
    `mutation { createApiKey(name: "Integrator") {
      ... on MutationCreateApiKeySuccess { data { key } } } }`,
    {},
    a.owner.token,
  );
  apiKey = body.data.createApiKey.data.key;
  const hook = await expectCall(server, 'POST', '/webhooks', 201, {
    token: a.owner.token,
    body: HOOK,
  });
  webhookRowId = hook.webhook.id;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A field that may hold a credential by its name (a time about one, `…ExpiresAt`, does not). */
const isCredentialName = (name: string) => /secret|key$|token/i.test(name) && !/At$/.test(name);

describe('credentials (company secret, webhook secrets, API keys)', () => {
  for (const { name, send } of CASES) {
    it.each(CALLERS)(
      `${name}: answered to %s only if an owner or admin session`,
      async (caller) => {
        const before = await credentialsOfA();
        const { text, credential } = await send(tokenOf(caller));
        if (MAY_READ.has(caller)) {
          expect(credential, text).toEqual(expect.any(String));
          expect(credential?.length ?? 0).toBeGreaterThanOrEqual(32);
          return;
        }
        if (caller !== 'another company') expect(credential, text).toBeNull();
        // Nobody else learns or changes one of company A's credentials.
        for (const secret of before) expect(text).not.toContain(secret);
        expect(await credentialsOfA()).toEqual(before);
      },
    );
  }

  it('an API key is told why, on both transports’ rules', async () => {
    const { body } = await gql(
      server,
      `mutation { rotateCompanySecret { __typename ${APP_ERROR} } }`,
      {},
      apiKey,
    );
    expect(body.data.rotateCompanySecret).toMatchObject({
      code: 'FORBIDDEN',
      message: 'API keys cannot rotate the company secret: sign in to rotate it.',
    });
    // REST takes keys, and refuses them the company secret alike.
    const rest = await server.call('POST', '/api/v1/company/rotate-secret', { token: apiKey });
    expect(rest.status).toBe(403);
    expect(rest.body.error.message).toBe(
      'API keys cannot rotate the company secret: sign in to rotate it.',
    );
  });

  it('walks every field of the schema that answers a credential', async () => {
    const { body } = await gql(server, getIntrospectionQuery(), {}, a.owner.token);
    const schema = buildClientSchema(body.data);
    const found: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const isText = isScalarType(getNamedType(field.type));
        if (isText && isCredentialName(field.name)) found.push(`${type.name}.${field.name}`);
      }
    }
    // A new credential field must join CASES above (and go through canReadCredentials). The
    // caller's own session (a sign-up's too) and password-reset tokens are theirs, not the
    // company's, and so is the TOTP secret shown once to the person enrolling (two-factor.test.ts
    // covers it).
    expect(found.sort()).toEqual([
      'Company.secret',
      'CreatedApiKey.key',
      'LoginResult.token',
      'NewPasswordToken.newPasswordToken',
      'Registration.token',
      'SecondFactorSession.token',
      'TwoFactorEnabled.token',
      'TwoFactorEnrolment.secret',
      'WebhookWithSecret.secret',
    ]);
  });

  it('walks every REST route whose answer holds a credential', async () => {
    const document = await expectCall(server, 'GET', '/openapi.json', 200);
    const resolve = (ref: string): any =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, key) => node?.[key], document);
    const holdsCredential = (schema: any, depth = 0): boolean => {
      if (!schema || depth > 6) return false;
      if (schema.$ref) return holdsCredential(resolve(schema.$ref), depth + 1);
      const nested = [
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
        ...(schema.allOf ?? []),
        ...(schema.items ? [schema.items] : []),
      ];
      return (
        Object.entries(schema.properties ?? {}).some(
          ([name, value]) => isCredentialName(name) || holdsCredential(value, depth + 1),
        ) || nested.some((value) => holdsCredential(value, depth + 1))
      );
    };
    const routes: string[] = [];
    for (const [path, methods] of Object.entries(document.paths as Record<string, any>)) {
      for (const [method, operation] of Object.entries(methods as Record<string, any>)) {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        const schemas = success.map(
          ([, response]: [string, any]) => response.content?.['application/json']?.schema,
        );
        if (schemas.some((schema) => holdsCredential(schema))) {
          routes.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    // Sign-in, sign-up, SSO and password reset answer the caller's own session or reset token.
    const own = routes.filter((route) => !/company|webhooks/.test(route));
    expect(routes.filter((route) => !own.includes(route)).sort()).toEqual([
      'GET /company',
      'POST /company/rotate-secret',
      'POST /webhooks',
      'POST /webhooks/{id}/rotate-secret',
    ]);
    for (const route of own) expect(route).toMatch(/login|registrations|sso|signup|password|reset/);
  });
});
