import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { globalId } from '../../schema/ids.ts';
import { schema } from '../../schema/index.ts';
import { settleCheckout } from '../billing/settle-checkout.ts';
import { AUDIT_ACTION_NAMES } from './audit-actions.ts';
import { createAuditRetention, deleteExpiredAuditEntries } from './delete-expired-audit-entries.ts';
import { findAuditPage } from './list-audit-entries.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;

// One proxy is trusted: the address an entry records is the one the proxy saw.
const ADDRESS = '198.51.100.9';
const from = (address = ADDRESS) => ({ 'x-forwarded-for': address });

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1 });
  a = await restCompany(server);
  b = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

/** Entries written since `afterId`, oldest first. */
const entriesAfter = (afterId: number) =>
  server.deps.prisma.auditEntry.findMany({
    where: { id: { gt: afterId } },
    orderBy: { id: 'asc' },
  });

const lastId = async () =>
  (await server.deps.prisma.auditEntry.findFirst({ orderBy: { id: 'desc' } }))?.id ?? 0;

/** Runs `act` and answers the one entry it wrote (fails if it wrote none or several). */
async function onlyEntryOf(act: () => Promise<unknown>) {
  const before = await lastId();
  await act();
  const written = await entriesAfter(before);
  expect(written.map((entry) => entry.action)).toHaveLength(1);
  return written[0]!;
}

const CREATE_KEY = `mutation ($name: String!) { createApiKey(name: $name) {
  __typename ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } ${APP_ERROR} } }`;
const REVOKE_KEY = `mutation ($id: ID!) { revokeApiKey(apiKeyId: $id) {
  __typename ... on MutationRevokeApiKeySuccess { data { id } } ${APP_ERROR} } }`;
const gqlFrom = (query: string, variables: Record<string, unknown>, token: string) =>
  server.call('POST', '/graphql', { body: { query, variables }, token, headers: from() });

describe('what is recorded', () => {
  it('sign-ins: success with the user, failure with the email tried (company null when unknown)', async () => {
    const owner = await signUpCompany(server);
    const ok = await onlyEntryOf(() =>
      expectCall(server, 'POST', '/login', 200, {
        body: { email: owner.email, password: 'secret-password' },
        headers: from('203.0.113.7'),
      }),
    );
    expect(ok).toMatchObject({
      action: 'SIGN_IN_SUCCEEDED',
      companyId: owner.companyId,
      actorUserId: owner.userId,
      actorApiKeyId: null,
      address: '203.0.113.7',
    });
    expect(ok.actorLabel).toContain(owner.email);

    const wrong = await onlyEntryOf(() =>
      expectCall(server, 'POST', '/login', 401, {
        body: { email: owner.email, password: 'not-the-password' },
        headers: from('2001:db8:1:2::7'),
      }),
    );
    expect(wrong).toMatchObject({
      action: 'SIGN_IN_FAILED',
      companyId: owner.companyId,
      actorUserId: null,
      actorLabel: owner.email,
      targetType: 'User',
      targetId: String(owner.userId),
      // The full address, not the /64 rate limits count by.
      address: '2001:db8:1:2::7',
      details: { email: owner.email },
    });
    expect(JSON.stringify(wrong)).not.toContain('not-the-password');

    const unknown = await onlyEntryOf(() =>
      expectCall(server, 'POST', '/login', 401, {
        body: { email: 'nobody-here@example.com', password: 'whatever-password' },
        headers: from(),
      }),
    );
    expect(unknown).toMatchObject({
      action: 'SIGN_IN_FAILED',
      companyId: null,
      actorUserId: null,
      actorLabel: 'nobody-here@example.com',
      address: ADDRESS,
      details: { email: 'nobody-here@example.com' },
    });
  });

  it("an owner's secret, key, webhook, board and export actions: one entry each, never a secret", async () => {
    const token = a.owner.token;
    const seen: string[] = [];
    const expectByOwner = (entry: Awaited<ReturnType<typeof onlyEntryOf>>, action: string) => {
      expect(entry).toMatchObject({
        action,
        companyId: a.owner.companyId,
        actorUserId: a.owner.userId,
        actorApiKeyId: null,
        address: ADDRESS,
      });
      expect(entry.actorLabel).toContain(a.owner.email);
    };

    const rotated = await onlyEntryOf(async () => {
      const body = await expectCall(server, 'POST', '/company/rotate-secret', 200, {
        token,
        headers: from(),
      });
      seen.push(body.companySecret);
    });
    expectByOwner(rotated, 'COMPANY_SECRET_ROTATED');

    let keyId = '';
    const created = await onlyEntryOf(async () => {
      const response = await gqlFrom(CREATE_KEY, { name: 'CI' }, token);
      const data = response.body.data.createApiKey.data;
      seen.push(data.key);
      keyId = data.apiKey.id;
    });
    expectByOwner(created, 'API_KEY_CREATED');
    expect(created.details).toEqual({
      name: 'CI',
      prefix: expect.stringMatching(/^fbk_/),
      isReadOnly: false,
    });

    const revoked = await onlyEntryOf(() => gqlFrom(REVOKE_KEY, { id: keyId }, token));
    expectByOwner(revoked, 'API_KEY_REVOKED');

    let webhookId = 0;
    const hooked = await onlyEntryOf(async () => {
      const body = await expectCall(server, 'POST', '/webhooks', 201, {
        token,
        headers: from(),
        body: { url: 'https://hooks.example.com/in', events: ['IDEA_CREATED'] },
      });
      seen.push(body.secret);
      webhookId = body.webhook.id;
    });
    expectByOwner(hooked, 'WEBHOOK_CREATED');
    expect(hooked.targetId).toBe(String(webhookId));

    const updated = await onlyEntryOf(() =>
      expectCall(server, 'PUT', `/webhooks/${webhookId}`, 200, {
        token,
        headers: from(),
        body: { isEnabled: false },
      }),
    );
    expectByOwner(updated, 'WEBHOOK_UPDATED');
    expect(updated.details).toEqual({ isEnabled: false });

    const rotatedHook = await onlyEntryOf(async () => {
      const body = await expectCall(server, 'POST', `/webhooks/${webhookId}/rotate-secret`, 200, {
        token,
        headers: from(),
      });
      seen.push(body.secret);
    });
    expectByOwner(rotatedHook, 'WEBHOOK_SECRET_ROTATED');

    const deleted = await onlyEntryOf(() =>
      expectCall(server, 'DELETE', `/webhooks/${webhookId}`, 204, { token, headers: from() }),
    );
    expectByOwner(deleted, 'WEBHOOK_DELETED');

    const rules = await onlyEntryOf(() =>
      gqlFrom(
        `mutation { updateSsoSettings(requireExpiry: false, maxLifetimeMinutes: 60) { __typename } }`,
        {},
        token,
      ),
    );
    expectByOwner(rules, 'SSO_SETTINGS_CHANGED');
    expect(rules.details).toEqual({ requireExpiry: false, maxLifetimeMinutes: 60 });

    const hidden = await onlyEntryOf(() =>
      expectCall(server, 'PUT', `/boards/${a.boardId}/set-public`, 200, {
        token,
        headers: from(),
        body: { isPublic: false },
      }),
    );
    expectByOwner(hidden, 'BOARD_VISIBILITY_CHANGED');
    let createdId = 0;
    const boardMade = await onlyEntryOf(async () => {
      const board = await expectCall(
        server,
        'POST',
        `/companies/${a.owner.companyId}/boards`,
        201,
        {
          token,
          headers: from(),
          body: {
            name: 'Partners only',
            ssoAccess: true,
            allowedEmailDomains: ['partner.example'],
          },
        },
      );
      createdId = board.id;
    });
    expectByOwner(boardMade, 'BOARD_CREATED');
    expect(boardMade).toMatchObject({
      targetType: 'Board',
      targetId: String(createdId),
      details: {
        board: 'Partners only',
        isPublic: false,
        ssoAccess: true,
        allowedEmailDomains: ['partner.example'],
        allowedCustomerCompanyIds: [],
      },
    });
    expect(hidden).toMatchObject({
      targetType: 'Board',
      targetId: String(a.boardId),
      details: { wasPublic: true, isPublic: false },
    });

    for (const [file, action] of [
      ['ideas', 'IDEAS_EXPORTED'],
      ['voters', 'VOTERS_EXPORTED'],
    ] as const) {
      const exported = await onlyEntryOf(async () => {
        const response = await server.call(
          'GET',
          `/api/v1/boards/${a.boardId}/export/${file}.csv`,
          {
            token,
            headers: from(),
          },
        );
        expect(response.status).toBe(200);
      });
      expectByOwner(exported, action);
    }

    const all = JSON.stringify(
      await server.deps.prisma.auditEntry.findMany({ where: { companyId: a.owner.companyId } }),
    );
    expect(seen.filter(Boolean)).toHaveLength(4);
    for (const secret of seen) expect(all).not.toContain(secret);
    expect(all).not.toContain(token);
    expect(all).not.toMatch(/"(token|secret|key|password)"/i);
  });

  it('an API key is recorded as the actor, with the person behind it', async () => {
    const owner = a.owner.token;
    const key = (await mutate(server, 'createApiKey', CREATE_KEY, { name: 'Deploy bot' }, owner))
      .key as string;
    const apiKey = await server.deps.prisma.apiKey.findFirstOrThrow({
      where: { companyId: a.owner.companyId, name: 'Deploy bot' },
    });
    // (A key may not delete webhooks since attack 9, F11: it changes a board's visibility.)
    const deleted = await onlyEntryOf(() =>
      expectCall(server, 'PUT', `/boards/${a.boardId}/set-public`, 200, {
        token: key,
        headers: from(),
        body: { isPublic: true },
      }),
    );
    await expectCall(server, 'PUT', `/boards/${a.boardId}/set-public`, 200, {
      token: owner,
      body: { isPublic: false },
    });
    expect(deleted).toMatchObject({
      action: 'BOARD_VISIBILITY_CHANGED',
      actorUserId: a.owner.userId,
      actorApiKeyId: apiKey.id,
      address: ADDRESS,
    });
    expect(deleted.actorLabel).toContain(`API key "Deploy bot" (${apiKey.prefix}…) of `);
    expect(deleted.actorLabel).toContain(a.owner.email);
    expect(JSON.stringify(deleted)).not.toContain(key);
  });

  it('a settled payment records the plan change, by Stripe, in its transaction', async () => {
    const companyId = b.owner.companyId;
    const payment = await server.deps.prisma.payment.create({
      data: {
        companyId,
        product: 'COMPANY',
        months: 1,
        amountMinor: 4900,
        currency: 'usd',
        providerSessionId: `cs_audit_${Date.now()}`,
      },
    });
    const session = {
      id: payment.providerSessionId,
      payment_status: 'paid',
      amount_total: 4900,
      currency: 'usd',
      metadata: {},
    } as unknown as Stripe.Checkout.Session;
    const changed = await onlyEntryOf(async () => {
      expect(await settleCheckout(server.deps, 'evt_audit_1', session)).toBe('applied');
    });
    expect(changed).toMatchObject({
      action: 'PLAN_CHANGED',
      companyId,
      actorUserId: null,
      actorLabel: 'Stripe',
      address: null,
      targetType: 'Payment',
      targetId: String(payment.id),
      details: { to: 'ULTRA', months: 1, event: 'evt_audit_1' },
    });
    // A second delivery of the event grants nothing and records nothing.
    const before = await lastId();
    expect(await settleCheckout(server.deps, 'evt_audit_1', session)).toBe('duplicate');
    expect(await entriesAfter(before)).toEqual([]);
  });
});

const LOG = `query ($first: Int, $after: String, $actorId: ID, $action: AuditAction, $from: DateTime, $to: DateTime) {
  viewer { company { auditLog(first: $first, after: $after, actorId: $actorId, action: $action, from: $from, to: $to) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id action createdAt actorLabel actorId actorApiKeyId address targetType targetId details { name value } } }
  } } } }`;

describe('reading the log', () => {
  let owner: TTestAccount;
  let otherOwner: TTestAccount;
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

  beforeAll(async () => {
    owner = await signUpCompany(server);
    otherOwner = await signUpCompany(server);
    const base = {
      companyId: owner.companyId,
      actorLabel: 'Owner',
      address: '192.0.2.1',
    };
    // Ten entries over ten days; odd days by the owner, even days by someone else.
    await server.deps.prisma.auditEntry.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({
        ...base,
        actorUserId: i % 2 === 0 ? owner.userId : owner.userId + 100_000,
        action: i < 5 ? 'API_KEY_CREATED' : 'BOARD_VISIBILITY_CHANGED',
        createdAt: day(i + 1),
        details: { n: i + 1 },
      })),
    });
    await server.deps.prisma.auditEntry.create({
      data: { ...base, companyId: otherOwner.companyId, action: 'API_KEY_CREATED' },
    });
  });

  const read = async (token: string, variables: Record<string, unknown> = {}) =>
    (await gql(server, LOG, variables, token)).body;

  it('owners page through it newest first, with filters', async () => {
    const first = await read(owner.token, { first: 4 });
    const log = first.data.viewer.company.auditLog;
    expect(log.totalCount).toBe(10);
    const days = (page: any) =>
      page.edges.map((edge: any) => edge.node.details.find((d: any) => d.name === 'n').value);
    expect(days(log)).toEqual(['10', '9', '8', '7']);
    expect(log.pageInfo.hasNextPage).toBe(true);
    expect(log.edges[0].node).toMatchObject({
      action: 'BOARD_VISIBILITY_CHANGED',
      actorLabel: 'Owner',
      address: '192.0.2.1',
      actorApiKeyId: null,
    });

    const second = (await read(owner.token, { first: 4, after: log.pageInfo.endCursor })).data
      .viewer.company.auditLog;
    expect(days(second)).toEqual(['6', '5', '4', '3']);
    const third = (await read(owner.token, { first: 4, after: second.pageInfo.endCursor })).data
      .viewer.company.auditLog;
    expect(days(third)).toEqual(['2', '1']);
    expect(third.pageInfo.hasNextPage).toBe(false);

    const byAction = (await read(owner.token, { action: 'API_KEY_CREATED' })).data.viewer.company
      .auditLog;
    expect(days(byAction)).toEqual(['5', '4', '3', '2', '1']);

    const byActor = (await read(owner.token, { actorId: globalId('CompanyUser', owner.userId) }))
      .data.viewer.company.auditLog;
    expect(days(byActor)).toEqual(['9', '7', '5', '3', '1']);
    expect(byActor.edges[0].node.actorId).toBe(globalId('CompanyUser', owner.userId));

    const byDates = (
      await read(owner.token, { from: day(3).toISOString(), to: day(6).toISOString() })
    ).data.viewer.company.auditLog;
    expect(days(byDates)).toEqual(['5', '4', '3']);
    expect(byDates.totalCount).toBe(3);

    const combined = (
      await read(owner.token, {
        action: 'BOARD_VISIBILITY_CHANGED',
        actorId: globalId('User', owner.userId),
        from: day(8).toISOString(),
      })
    ).data.viewer.company.auditLog;
    expect(days(combined)).toEqual(['9']);
  });

  it('refuses a bad cursor and from after to with a field error', async () => {
    const cursor = await read(owner.token, { after: 'not-a-cursor' });
    expect(cursor.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
    });
    const dates = await read(owner.token, {
      from: day(5).toISOString(),
      to: day(2).toISOString(),
    });
    expect(dates.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'to', message: 'It has to be later than from.' }],
    });
  });

  it('is for owners only: admins, members, end users and API keys are refused', async () => {
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, owner.companyId);
    const endUser = await addEndUser(server, owner.companyId, { kind: 'SSO' });
    const key = (await mutate(server, 'createApiKey', CREATE_KEY, { name: 'k' }, owner.token))
      .key as string;
    for (const token of [admin.token, member.token, endUser.token]) {
      const body = await read(token);
      expect(body.errors[0]).toMatchObject({
        message: 'You are not allowed to do this.',
        extensions: { code: 'FORBIDDEN' },
      });
      // The rest of the company still answers.
      expect(body.data.viewer.company).toEqual({ auditLog: null });
    }
    const byKey = await read(key);
    expect(byKey.errors[0]).toMatchObject({
      message: 'API keys cannot read the audit log: sign in to read it.',
      extensions: { code: 'FORBIDDEN' },
    });
    const anonymous = await gql(server, LOG);
    expect(anonymous.body.data.viewer).toBeNull();
  });

  it("another company's log is not found, and only its own entries are listed", async () => {
    const viewer = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: owner.userId },
    });
    const asOwner = {
      userId: viewer.id,
      companyId: viewer.companyId,
      role: viewer.role,
      kind: viewer.kind,
      sessionId: 1,
    };
    await expect(
      findAuditPage(server.deps, asOwner, otherOwner.companyId, {}, { limit: 10 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Company not found.' });
    const other = (await read(otherOwner.token)).data.viewer.company.auditLog;
    expect(other.totalCount).toBe(1);
    const node = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { ... on Company { auditLog { totalCount } } } }`,
      { id: globalId('Company', otherOwner.companyId) },
      owner.token,
    );
    expect(node.body.data.node).toBeNull();
  });

  it('exports the filtered log as CSV to owners only, records the export, and lists the actors', async () => {
    const c = await restCompany(server);
    // A name a spreadsheet would run as a formula: the export must keep it text.
    await server.deps.prisma.user.update({
      where: { id: c.owner.userId },
      data: { displayName: '=SUM(1+1)' },
    });
    const key = await mutate(
      server,
      'createApiKey',
      CREATE_KEY,
      { name: '=HYPERLINK("x")' },
      c.owner.token,
    );
    await gqlFrom(REVOKE_KEY, { id: key.apiKey.id }, c.owner.token);
    const download = (query: string, token?: string) =>
      server.call('GET', `/api/v1/companies/${c.owner.companyId}/audit.csv${query}`, { token });

    const all = await download('', c.owner.token);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = String(all.body).trim().split('\r\n');
    expect(rows[0]).toBe('time,action,actor,actor user id,actor API key id,address,target,details');
    // Newest first, the export itself on top (recorded before the rows are read); the API
    // key's formula-like name stays text in a spreadsheet.
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual([
      'AUDIT_LOG_EXPORTED',
      'API_KEY_REVOKED',
      'API_KEY_CREATED',
      'BOARD_VISIBILITY_CHANGED',
      'BOARD_CREATED',
    ]);
    expect(rows[2]).toContain(`,'=SUM(1+1) <`);
    expect(rows.slice(2).every((row) => !row.includes(',=SUM'))).toBe(true);

    const filtered = await download('?action=API_KEY_CREATED', c.owner.token);
    expect(String(filtered.body).trim().split('\r\n')).toHaveLength(2);
    const empty = await download(
      `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      c.owner.token,
    );
    expect(String(empty.body).trim().split('\r\n')).toHaveLength(1);
    const exports = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: c.owner.companyId, action: 'AUDIT_LOG_EXPORTED' },
    });
    expect(exports).toHaveLength(3);
    expect(exports.some((entry) => JSON.stringify(entry.details).includes('API_KEY_CREATED'))).toBe(
      true,
    );

    const bad = await download('?action=NOPE&from=yesterday', c.owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'action',
      'from',
    ]);
    const admin = await addEndUser(server, c.owner.companyId, { role: 'ADMIN' });
    expect((await download('', admin.token)).status).toBe(403);
    expect((await download('', key.key as string)).status).toBe(401);
    expect((await download('', a.owner.token)).status).toBe(404);
    expect((await download('')).status).toBe(401);

    const actors = await gql(
      server,
      `{ viewer { company { auditActors { id label userId apiKeyId } } } }`,
      {},
      c.owner.token,
    );
    const list = actors.body.data.viewer.company.auditActors as {
      label: string;
      userId: number | null;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(
      list.every((actor) => actor.userId === c.owner.userId || actor.label.includes('API key')),
    ).toBe(true);
    const refused = await gql(
      server,
      `{ viewer { company { auditActors { id } } } }`,
      {},
      admin.token,
    );
    expect(refused.body.data.viewer.company.auditActors).toBeNull();
  });

  it('no mutation changes or deletes entries', () => {
    const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(mutations.filter((name) => /audit/i.test(name))).toEqual([]);
    expect(AUDIT_ACTION_NAMES).toContain('SIGN_IN_FAILED');
  });
});

describe('retention', () => {
  it('deletes only entries older than the retention, in the background job', async () => {
    const { companyId } = await signUpCompany(server);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await server.deps.prisma.auditEntry.createMany({
      data: [400, 366, 364, 10].map((days) => ({
        companyId,
        actorLabel: `${days} days`,
        action: 'SIGN_IN_SUCCEEDED',
        createdAt: ago(days),
      })),
    });
    const labels = async () =>
      (
        await server.deps.prisma.auditEntry.findMany({
          where: { companyId },
          orderBy: { createdAt: 'asc' },
        })
      ).map((entry) => entry.actorLabel);

    const job = createAuditRetention(server.deps, 365);
    job.start(60_000);
    await job.drain();
    await job.stop();
    expect(await labels()).toEqual(['364 days', '10 days']);

    expect(await deleteExpiredAuditEntries(server.deps, 30, now)).toBeGreaterThanOrEqual(1);
    expect(await labels()).toEqual(['10 days']);
  });
});
