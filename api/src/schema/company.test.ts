import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  // FREE's caps are what these tests check: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
});

/** The text of one mutation whose success and AppError are both selected. */
function mutationText(field: string, types: Record<string, string>, selection: string): string {
  const signature = Object.entries(types)
    .map(([name, type]) => `$${name}: ${type}`)
    .join(', ');
  const args = Object.keys(types)
    .map((name) => `${name}: $${name}`)
    .join(', ');
  const success = `Mutation${field[0]!.toUpperCase()}${field.slice(1)}Success`;
  return `mutation (${signature}) {
    ${field}(${args}) { __typename ... on ${success} { data { ${selection} } } ${APP_ERROR} }
  }`;
}

const CREATE_BOARD = mutationText('createBoard', { name: 'String!' }, 'id name');
const CREATE_IDEA = mutationText('createIdea', { boardId: 'ID!', title: 'String!' }, 'id');

describe('companyUsers', () => {
  let owner: TTestAccount;
  let member: TTestAccount;
  let sso: TTestAccount;
  const SORTED = [
    'Adam Admin',
    'Bella Member',
    'Carl Member',
    'Dora Sso',
    'Eve Sso',
    'Olivia Owner',
    'Zed Sso',
  ];

  beforeAll(async () => {
    owner = await signUpCompany(server);
    await server.deps.prisma.user.update({
      where: { id: owner.userId },
      data: { displayName: 'Olivia Owner' },
    });
    // Added out of name order, mixing kinds and roles.
    await addEndUser(server, owner.companyId, { kind: 'SSO', name: 'Zed Sso' });
    member = await addEndUser(server, owner.companyId, { name: 'Carl Member' });
    await addEndUser(server, owner.companyId, { role: 'ADMIN', name: 'Adam Admin' });
    sso = await addEndUser(server, owner.companyId, { kind: 'SSO', name: 'Eve Sso' });
    await addEndUser(server, owner.companyId, { name: 'Bella Member' });
    await addEndUser(server, owner.companyId, { kind: 'SSO', name: 'Dora Sso' });
    // Another company's users never count.
    const other = await signUpCompany(server);
    await addEndUser(server, other.companyId, { name: 'Aaron Elsewhere' });
    await addEndUser(server, other.companyId, { kind: 'SSO', name: 'Abby Elsewhere' });
  });

  const USERS = `query ($first: Int, $after: String) {
    companyUsers(first: $first, after: $after) {
      totalCount ssoCount regularCount
      edges { cursor node { id displayName email kind role photoUrl createdAt } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  it('lists every user of the company by display name with counts by kind', async () => {
    const { body } = await gql(server, USERS, {}, owner.token);
    expect(body.errors).toBeUndefined();
    const users = body.data.companyUsers;
    expect(users.edges.map((e: any) => e.node.displayName)).toEqual(SORTED);
    expect(users).toMatchObject({ totalCount: 7, ssoCount: 3, regularCount: 4 });
    expect(users.pageInfo.hasNextPage).toBe(false);
    const byName = new Map(users.edges.map((e: any) => [e.node.displayName, e.node]));
    expect(byName.get('Olivia Owner')).toMatchObject({
      kind: 'REGULAR',
      role: 'OWNER',
      email: owner.email,
    });
    expect(byName.get('Adam Admin')).toMatchObject({ kind: 'REGULAR', role: 'ADMIN' });
    expect(byName.get('Carl Member')).toMatchObject({
      kind: 'REGULAR',
      role: 'END_USER',
      email: member.email,
    });
    expect(byName.get('Eve Sso')).toMatchObject({ kind: 'SSO', role: 'END_USER' });
  });

  it('pages with first / after, counts staying over all users', async () => {
    const names: string[] = [];
    let after: string | null = null;
    const pages: number[] = [];
    for (let page = 0; page < 5; page += 1) {
      const { body } = await gql(server, USERS, { first: 3, after }, owner.token);
      expect(body.errors).toBeUndefined();
      const connection = body.data.companyUsers;
      expect(connection).toMatchObject({ totalCount: 7, ssoCount: 3, regularCount: 4 });
      names.push(...connection.edges.map((e: any) => e.node.displayName));
      pages.push(connection.edges.length);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(pages).toEqual([3, 3, 1]);
    expect(names).toEqual(SORTED);
  });

  it('pages backwards with last / before', async () => {
    const BACKWARDS = `query ($last: Int, $before: String) {
      companyUsers(last: $last, before: $before) {
        edges { cursor node { displayName } } pageInfo { hasPreviousPage startCursor }
      }
    }`;
    const { body: tail } = await gql(server, BACKWARDS, { last: 2 }, owner.token);
    expect(tail.errors).toBeUndefined();
    const last = tail.data.companyUsers;
    expect(last.edges.map((e: any) => e.node.displayName)).toEqual(['Olivia Owner', 'Zed Sso']);
    expect(last.pageInfo.hasPreviousPage).toBe(true);
    const { body: before } = await gql(
      server,
      BACKWARDS,
      { last: 2, before: last.pageInfo.startCursor },
      owner.token,
    );
    expect(before.data.companyUsers.edges.map((e: any) => e.node.displayName)).toEqual([
      'Dora Sso',
      'Eve Sso',
    ]);
  });

  it('is for admins: end users get no users, anonymous callers must sign in', async () => {
    for (const token of [member.token, sso.token]) {
      const { body } = await gql(server, USERS, {}, token);
      expect(body.data?.companyUsers ?? null).toBeNull();
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const { body } = await gql(server, USERS, {});
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('reads a company user by node id for admins only', async () => {
    const { body } = await gql(server, USERS, { first: 1 }, owner.token);
    const adam = body.data.companyUsers.edges[0].node;
    const NODE = `query ($id: ID!) { node(id: $id) { __typename ... on CompanyUser { displayName } } }`;
    const asOwner = await gql(server, NODE, { id: adam.id }, owner.token);
    expect(asOwner.body.data.node).toEqual({
      __typename: 'CompanyUser',
      displayName: 'Adam Admin',
    });
    const asMember = await gql(server, NODE, { id: adam.id }, member.token);
    expect(asMember.body.data.node).toBeNull();
  });
});

describe('subscription', () => {
  const SUBSCRIPTION = `{ viewer { company { subscription {
    product expiresAt usage { activeBoards { used cap } ideas { used cap } }
  } } } }`;

  async function subscription(token: string) {
    const { body } = await gql(server, SUBSCRIPTION, {}, token);
    expect(body.errors).toBeUndefined();
    return body.data.viewer.company.subscription;
  }

  let owner: TTestAccount;
  beforeAll(async () => {
    owner = await signUpCompany(server);
  });

  it('starts on FREE: 1 active board and 5 ideas, nothing used, no expiry', async () => {
    expect(await subscription(owner.token)).toEqual({
      product: 'FREE',
      expiresAt: null,
      usage: { activeBoards: { used: 0, cap: 1 }, ideas: { used: 0, cap: 5 } },
    });
  });

  it('counts boards and ideas as they are created', async () => {
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Usage board' },
      owner.token,
    );
    for (const title of ['First usage idea', 'Second usage idea']) {
      await mutate(server, 'createIdea', CREATE_IDEA, { boardId: board.id, title }, owner.token);
    }
    expect((await subscription(owner.token)).usage).toEqual({
      activeBoards: { used: 1, cap: 1 },
      ideas: { used: 2, cap: 5 },
    });
  });

  it.each([
    ['STARTUP', 2, 10],
    ['COMPANY', 10, 250],
    ['ULTRA', null, null],
  ] as const)('reads %s with caps %s boards and %s ideas', async (product, boards, ideas) => {
    const expiresAt = new Date(Date.now() + 40 * 86_400_000);
    await setPlan(server, owner.companyId, product, expiresAt);
    expect(await subscription(owner.token)).toEqual({
      product,
      expiresAt: expiresAt.toISOString(),
      usage: { activeBoards: { used: 1, cap: boards }, ideas: { used: 2, cap: ideas } },
    });
  });

  it('reads an expired paid plan as FREE without an expiry', async () => {
    await setPlan(server, owner.companyId, 'COMPANY', new Date(Date.now() - 60_000));
    expect(await subscription(owner.token)).toEqual({
      product: 'FREE',
      expiresAt: null,
      usage: { activeBoards: { used: 1, cap: 1 }, ideas: { used: 2, cap: 5 } },
    });
  });

  it('is for admins: end users read null, anonymous callers have no viewer', async () => {
    await setPlan(server, owner.companyId, 'ULTRA');
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    expect((await subscription(admin.token)).product).toBe('ULTRA');
    for (const kind of ['REGULAR', 'SSO'] as const) {
      const user = await addEndUser(server, owner.companyId, { kind });
      expect(await subscription(user.token)).toBeNull();
    }
    const { body } = await gql(server, SUBSCRIPTION, {});
    expect(body.data.viewer).toBeNull();
  });
});

describe('pricing', () => {
  it('offers STARTUP, COMPANY and ULTRA monthly and yearly, yearly 20% below twelve months', async () => {
    const owner = await signUpCompany(server);
    const { body } = await gql(
      server,
      `{ pricing { product options { months
        price { amountMinor amount } discountedPrice { amountMinor amount } } } }`,
      {},
      owner.token,
    );
    expect(body.errors).toBeUndefined();
    const pricing = body.data.pricing;
    expect(pricing.map((p: any) => p.product).sort()).toEqual(['COMPANY', 'STARTUP', 'ULTRA']);
    const monthlyOf: Record<string, number> = {};
    for (const entry of pricing) {
      expect(entry.options.map((o: any) => o.months)).toEqual([1, 12]);
      const [monthly, yearly] = entry.options;
      expect(monthly.price.amountMinor).toBeGreaterThan(0);
      expect(monthly.discountedPrice).toBeNull();
      expect(yearly.price.amountMinor).toBe(12 * monthly.price.amountMinor);
      expect(yearly.discountedPrice.amountMinor).toBe(
        Math.round(12 * monthly.price.amountMinor * 0.8),
      );
      for (const money of [monthly.price, yearly.price, yearly.discountedPrice]) {
        expect(money.amount).toBeCloseTo(money.amountMinor / 100, 10);
      }
      monthlyOf[entry.product] = monthly.price.amountMinor;
    }
    // A higher plan costs more.
    expect(monthlyOf.STARTUP).toBeLessThan(monthlyOf.COMPANY!);
    expect(monthlyOf.COMPANY).toBeLessThan(monthlyOf.ULTRA!);
  });
});

describe('API keys', () => {
  const API_KEY_FIELDS = 'id name prefix createdAt lastUsedAt revokedAt';
  const CREATE_KEY = mutationText(
    'createApiKey',
    { name: 'String!' },
    `key apiKey { ${API_KEY_FIELDS} }`,
  );
  const REVOKE_KEY = mutationText('revokeApiKey', { apiKeyId: 'ID!' }, API_KEY_FIELDS);
  const API_KEYS = `{ apiKeys { ${API_KEY_FIELDS} } }`;
  const VIEWER = `{ viewer { user { id role } company { id } } }`;

  let owner: TTestAccount;
  let member: TTestAccount;
  let ownerUserId: string;
  beforeAll(async () => {
    owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'ULTRA');
    member = await addEndUser(server, owner.companyId);
    const { body } = await gql(server, VIEWER, {}, owner.token);
    ownerUserId = body.data.viewer.user.id;
  });

  const createKey = (name: string, token = owner.token) =>
    mutate(server, 'createApiKey', CREATE_KEY, { name }, token);

  it('answers the key once; it starts with fbk_ and acts as its creator on /graphql', async () => {
    const created = await createKey('Zapier sync');
    expect(created.key).toMatch(/^fbk_\S{20,}$/);
    expect(created.apiKey).toMatchObject({
      name: 'Zapier sync',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    expect(created.apiKey.prefix.length).toBeLessThan(created.key.length - 10);

    const viewer = await gql(server, VIEWER, {}, created.key);
    expect(viewer.status).toBe(200);
    expect(viewer.body.data.viewer.user).toEqual({ id: ownerUserId, role: 'OWNER' });

    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Board made by a key' },
      created.key,
    );
    expect(board.name).toBe('Board made by a key');
    const boards = await gql(server, `{ boards { id } }`, {}, owner.token);
    expect(boards.body.data.boards.map((b: any) => b.id)).toContain(board.id);
  });

  it('cannot mint more keys or sign out', async () => {
    const created = await createKey('Leaky key');
    const minted = await createKey('Minted by a key', created.key);
    expect(minted).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    const logout = await gql(
      server,
      `mutation { logout { __typename ... on AppError { code message } } }`,
      {},
      created.key,
    );
    expect(logout.body.data.logout).toMatchObject({ __typename: 'AppError', code: 'BAD_REQUEST' });
    expect((await gql(server, VIEWER, {}, created.key)).status).toBe(200);
  });

  it("is managed by an admin's session only: a key cannot list, read or revoke keys", async () => {
    const leaked = await createKey('Leaked key');
    const target = await createKey('Target key');
    const list = await gql(server, API_KEYS, {}, leaked.key);
    expect(list.body.data?.apiKeys ?? null).toBeNull();
    expect(list.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const node = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { id ... on ApiKey { name prefix } } }`,
      { id: target.apiKey.id },
      leaked.key,
    );
    expect(node.body.data.node).toBeNull();
    for (const apiKeyId of [target.apiKey.id, leaked.apiKey.id]) {
      const revoked = await mutate(server, 'revokeApiKey', REVOKE_KEY, { apiKeyId }, leaked.key);
      expect(revoked).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    }
    expect((await gql(server, VIEWER, {}, target.key)).status).toBe(200);
    expect((await gql(server, VIEWER, {}, leaked.key)).status).toBe(200);
    const rows = await server.deps.prisma.apiKey.findMany({
      where: { companyId: owner.companyId, name: { in: ['Leaked key', 'Target key'] } },
    });
    expect(rows.map((row) => row.revokedAt)).toEqual([null, null]);
    // The owner's session still manages them.
    const ownerNode = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { id ... on ApiKey { name } } }`,
      { id: target.apiKey.id },
      owner.token,
    );
    expect(ownerNode.body.data.node).toEqual({ id: target.apiKey.id, name: 'Target key' });
  });

  it('records when a key was last used', async () => {
    const created = await createKey('Usage tracker');
    await gql(server, VIEWER, {}, created.key);
    let lastUsedAt: string | null = null;
    for (let attempt = 0; attempt < 20 && !lastUsedAt; attempt += 1) {
      const { body } = await gql(server, API_KEYS, {}, owner.token);
      lastUsedAt = body.data.apiKeys.find((k: any) => k.id === created.apiKey.id).lastUsedAt;
      if (!lastUsedAt) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lastUsedAt).not.toBeNull();
  });

  it('lists the keys newest first, never with the secret', async () => {
    const first = await createKey('Listed first');
    const second = await createKey('Listed second');
    const { body } = await gql(server, API_KEYS, {}, owner.token);
    expect(body.errors).toBeUndefined();
    const ids = body.data.apiKeys.map((k: any) => k.id);
    expect(ids.indexOf(second.apiKey.id)).toBeLessThan(ids.indexOf(first.apiKey.id));
    expect(body.data.apiKeys.find((k: any) => k.id === first.apiKey.id)).toMatchObject({
      name: 'Listed first',
      prefix: first.apiKey.prefix,
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(first.key);
    expect(text).not.toContain(second.key);

    const { body: schema } = await gql(
      server,
      `{ __type(name: "ApiKey") { fields { name } } }`,
      {},
      owner.token,
    );
    expect(schema.data.__type.fields.map((f: any) => f.name).sort()).toEqual([
      'createdAt',
      'id',
      'isReadOnly',
      'lastUsedAt',
      'name',
      'prefix',
      'revokedAt',
    ]);
  });

  it('stores only a hash of the key', async () => {
    const created = await createKey('Hash check');
    const secret = created.key.slice(created.apiKey.prefix.length);
    const rows = await server.deps.prisma.apiKey.findMany({
      where: { companyId: owner.companyId },
    });
    const row = rows.find((r) => r.name === 'Hash check');
    expect(row).toBeDefined();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(created.key);
    expect(stored).not.toContain(secret);
    expect(row!.keyHash).not.toBe(created.key);
  });

  it('revokes a key: it then gets HTTP 401 UNAUTHENTICATED, other keys keep working', async () => {
    const revoked = await createKey('To be revoked');
    const kept = await createKey('To be kept');
    expect((await gql(server, VIEWER, {}, revoked.key)).status).toBe(200);

    const result = await mutate(
      server,
      'revokeApiKey',
      REVOKE_KEY,
      { apiKeyId: revoked.apiKey.id },
      owner.token,
    );
    expect(result.id).toBe(revoked.apiKey.id);
    expect(result.revokedAt).not.toBeNull();

    const denied = await gql(server, VIEWER, {}, revoked.key);
    expect(denied.status).toBe(401);
    expect(denied.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const write = await gql(server, CREATE_BOARD, { name: 'Revoked key board' }, revoked.key);
    expect(write.status).toBe(401);
    expect(await server.deps.prisma.board.count({ where: { name: 'Revoked key board' } })).toBe(0);

    const { body } = await gql(server, API_KEYS, {}, owner.token);
    expect(body.data.apiKeys.find((k: any) => k.id === revoked.apiKey.id).revokedAt).not.toBeNull();
    expect((await gql(server, VIEWER, {}, kept.key)).body.data.viewer.user.id).toBe(ownerUserId);
  });

  it('answers 401 to a made-up key', async () => {
    const denied = await gql(server, VIEWER, {}, 'fbk_madeUpKeyThatWasNeverIssued000000');
    expect(denied.status).toBe(401);
    expect(denied.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("acts with its creator's current rights", async () => {
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const created = await createKey('Admin key', admin.token);
    expect(
      await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Admin key board' }, created.key),
    ).toMatchObject({ name: 'Admin key board' });
    await server.deps.prisma.user.update({ where: { id: admin.userId }, data: { role: 'MEMBER' } });
    expect(
      await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Demoted key board' }, created.key),
    ).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    ['k'.repeat(51), 'It has to be max 50 characters.'],
  ])('refuses the name %j with a field message', async (name, message) => {
    const before = await server.deps.prisma.apiKey.count();
    const result = await createKey(name);
    expect(result).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
    expect(result.fields).toEqual([{ field: 'name', message }]);
    expect(await server.deps.prisma.apiKey.count()).toBe(before);
  });

  it('is for admins: end users cannot create, list or revoke keys; anonymous must sign in', async () => {
    const existing = await createKey('Protected key');
    const before = await server.deps.prisma.apiKey.count();
    const sso = await addEndUser(server, owner.companyId, { kind: 'SSO' });
    for (const user of [member, sso]) {
      expect(await createKey('Member key', user.token)).toMatchObject({ code: 'FORBIDDEN' });
      const list = await gql(server, API_KEYS, {}, user.token);
      expect(list.body.data?.apiKeys ?? null).toBeNull();
      expect(list.body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(
        await mutate(
          server,
          'revokeApiKey',
          REVOKE_KEY,
          { apiKeyId: existing.apiKey.id },
          user.token,
        ),
      ).toMatchObject({ code: 'FORBIDDEN' });
    }
    const anonymous = await gql(server, CREATE_KEY, { name: 'Anonymous key' });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymousList = await gql(server, API_KEYS, {});
    expect(anonymousList.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await server.deps.prisma.apiKey.count()).toBe(before);
    expect((await gql(server, VIEWER, {}, existing.key)).status).toBe(200);
  });

  it("answers not found to another company's admin revoking a key, which keeps working", async () => {
    const existing = await createKey('Foreign target');
    const other = await signUpCompany(server);
    const result = await mutate(
      server,
      'revokeApiKey',
      REVOKE_KEY,
      { apiKeyId: existing.apiKey.id },
      other.token,
    );
    expect(result).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    expect((await gql(server, VIEWER, {}, existing.key)).status).toBe(200);
    const { body } = await gql(server, API_KEYS, {}, other.token);
    expect(body.data.apiKeys).toEqual([]);
  });
});

describe("the company's terms of use address (issue 34)", () => {
  const UPDATE = mutationText('updateCompanyPortal', { termsUrl: 'String' }, 'termsUrl');
  const READ = `{ viewer { company { termsUrl } } }`;

  it('keeps an https address, refuses others with the field named, and clears on blank', async () => {
    const owner = await signUpCompany(server);
    const read = async () => (await gql(server, READ, {}, owner.token)).body.data.viewer.company;
    expect(await read()).toEqual({ termsUrl: null });

    const kept = await mutate(
      server,
      'updateCompanyPortal',
      UPDATE,
      { termsUrl: ' https://acme.example/terms ' },
      owner.token,
    );
    expect(kept).toEqual({ termsUrl: 'https://acme.example/terms' });

    for (const refused of ['http://acme.example/terms', 'javascript:alert(1)', 'acme.example']) {
      const answer = await mutate(
        server,
        'updateCompanyPortal',
        UPDATE,
        { termsUrl: refused },
        owner.token,
      );
      expect(answer.__typename, refused).toBe('AppError');
      expect(answer.fields, refused).toEqual([
        { field: 'termsUrl', message: 'Enter an address that starts with https://.' },
      ]);
    }
    expect(await read()).toEqual({ termsUrl: 'https://acme.example/terms' });

    // Another setting of the card leaves it; blank clears it (the default terms again).
    const logo = mutationText('updateCompanyPortal', { logoUrl: 'String' }, 'termsUrl');
    await mutate(
      server,
      'updateCompanyPortal',
      logo,
      { logoUrl: 'https://acme.example/l.png' },
      owner.token,
    );
    expect(await read()).toEqual({ termsUrl: 'https://acme.example/terms' });
    await mutate(server, 'updateCompanyPortal', UPDATE, { termsUrl: '' }, owner.token);
    expect(await read()).toEqual({ termsUrl: null });
  });
});
