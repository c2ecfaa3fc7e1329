import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** Customer companies in the console: create, edit, members, CSV import; who may do what. */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let admin: TTestAccount;
let member: TTestAccount;
let endUser: TTestAccount;

const COMPANY = `id name externalId monthlySpend plan memberCount`;
const CREATE = `mutation ($name: String!, $externalId: String!, $monthlySpend: Float!, $plan: String) {
  result: createCustomerCompany(name: $name, externalId: $externalId, monthlySpend: $monthlySpend, plan: $plan) {
    __typename ... on MutationCreateCustomerCompanySuccess { data { ${COMPANY} } } ${APP_ERROR} } }`;
const UPDATE = `mutation ($customerCompanyId: ID!, $name: String!, $externalId: String!, $monthlySpend: Float!, $plan: String) {
  result: updateCustomerCompany(customerCompanyId: $customerCompanyId, name: $name, externalId: $externalId, monthlySpend: $monthlySpend, plan: $plan) {
    __typename ... on MutationUpdateCustomerCompanySuccess { data { ${COMPANY} } } ${APP_ERROR} } }`;
const ATTACH = `mutation ($customerCompanyId: ID!, $userId: ID!) {
  result: attachCustomerCompanyMember(customerCompanyId: $customerCompanyId, userId: $userId) {
    __typename ... on MutationAttachCustomerCompanyMemberSuccess { data { ${COMPANY} members { userId displayName } } } ${APP_ERROR} } }`;
const DETACH = `mutation ($customerCompanyId: ID!, $userId: ID!) {
  result: detachCustomerCompanyMember(customerCompanyId: $customerCompanyId, userId: $userId) {
    __typename ... on MutationDetachCustomerCompanyMemberSuccess { data { ${COMPANY} } } ${APP_ERROR} } }`;
const PREVIEW = `mutation ($csv: String!) { result: previewCustomerCompanyImport(csv: $csv) {
  __typename ... on MutationPreviewCustomerCompanyImportSuccess { data {
    createCount updateCount rows { row name externalId monthlySpend action }
    problems { row column message } } } ${APP_ERROR} } }`;
const IMPORT = `mutation ($csv: String!) { result: importCustomerCompanies(csv: $csv) {
  __typename ... on MutationImportCustomerCompaniesSuccess { data { createCount updateCount } } ${APP_ERROR} } }`;
const LIST = `{ customerCompanies { ${COMPANY} } }`;

const run = (query: string, vars: Record<string, unknown>, token: string) =>
  mutate(server, 'result', query, vars, token);

async function listed(token: string): Promise<any[]> {
  const { body } = await gql(server, LIST, {}, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.customerCompanies;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, a.owner.companyId, { name: 'Eve Voter' });
});
afterAll(async () => {
  await server?.close();
});

describe('creating and editing customer companies', () => {
  it('creates and edits with field-level errors; the external id is unique per company', async () => {
    const created = await run(
      CREATE,
      { name: ' Initech ', externalId: 'ini-1', monthlySpend: 1234.567, plan: 'gold' },
      admin.token,
    );
    expect(created).toMatchObject({
      name: 'Initech',
      externalId: 'ini-1',
      monthlySpend: 1234.57,
      plan: 'gold',
      memberCount: 0,
    });
    const bad = await run(CREATE, { name: '', externalId: 'ini-1', monthlySpend: -1 }, admin.token);
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields).toEqual([
      { field: 'name', message: 'This field is required.' },
      { field: 'monthlySpend', message: 'It has to be a number from 0 to 1000000000.' },
    ]);
    const taken = await run(
      CREATE,
      { name: 'Copy', externalId: 'ini-1', monthlySpend: 1 },
      a.owner.token,
    );
    expect(taken.fields).toEqual([
      { field: 'externalId', message: 'Another customer company already has this external id.' },
    ]);
    // Another company may use the same external id for its own customer.
    const theirs = await run(
      CREATE,
      { name: 'Theirs', externalId: 'ini-1', monthlySpend: 5 },
      b.owner.token,
    );
    expect(theirs.externalId).toBe('ini-1');

    const other = await run(
      CREATE,
      { name: 'Hooli', externalId: 'hooli', monthlySpend: 10 },
      admin.token,
    );
    const edited = await run(
      UPDATE,
      {
        customerCompanyId: created.id,
        name: 'Initech Corp',
        externalId: 'ini-1',
        monthlySpend: 2000,
      },
      admin.token,
    );
    expect(edited).toMatchObject({ name: 'Initech Corp', monthlySpend: 2000, plan: null });
    const clash = await run(
      UPDATE,
      { customerCompanyId: other.id, name: 'Hooli', externalId: 'ini-1', monthlySpend: 10 },
      admin.token,
    );
    expect(clash.fields).toEqual([
      { field: 'externalId', message: 'Another customer company already has this external id.' },
    ]);

    // The whole team reads them, biggest spend first; another company sees only its own.
    const names = (await listed(member.token)).map((c) => c.name);
    expect(names.indexOf('Initech Corp')).toBeLessThan(names.indexOf('Hooli'));
    expect((await listed(b.owner.token)).map((c) => c.name)).toEqual(['Theirs']);
  });

  it('refuses members, end users and strangers; another company’s customer is not found', async () => {
    const vars = { name: 'Nope Inc', externalId: 'nope', monthlySpend: 1 };
    expect((await run(CREATE, vars, member.token)).code).toBe('FORBIDDEN');
    expect((await run(CREATE, vars, endUser.token)).code).toBe('FORBIDDEN');
    const { body } = await gql(server, LIST, {}, endUser.token);
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous = await gql(server, LIST, {});
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const ours = await run(
      CREATE,
      { name: 'Ours', externalId: 'ours', monthlySpend: 3 },
      admin.token,
    );
    const edit = {
      customerCompanyId: ours.id,
      name: 'Taken over',
      externalId: 'ours',
      monthlySpend: 0,
    };
    expect((await run(UPDATE, edit, member.token)).code).toBe('FORBIDDEN');
    for (const token of [b.owner.token]) {
      expect((await run(UPDATE, edit, token)).code).toBe('NOT_FOUND');
      expect(
        (
          await run(
            ATTACH,
            { customerCompanyId: ours.id, userId: globalId('CompanyUser', endUser.userId) },
            token,
          )
        ).code,
      ).toBe('NOT_FOUND');
    }
    // Node lookups: the team of the company only.
    const node = `query ($id: ID!) { node(id: $id) { ... on CustomerCompany { name } } }`;
    expect((await gql(server, node, { id: ours.id }, member.token)).body.data.node).toEqual({
      name: 'Ours',
    });
    expect((await gql(server, node, { id: ours.id }, b.owner.token)).body.data.node).toBeNull();
    expect((await gql(server, node, { id: ours.id }, endUser.token)).body.data.node).toBeNull();
  });
});

describe('attaching end users', () => {
  it('attaches and detaches end users of the company only; twice is once', async () => {
    const company = await run(
      CREATE,
      { name: 'Vandelay', externalId: 'vandelay', monthlySpend: 70 },
      admin.token,
    );
    const userId = globalId('CompanyUser', endUser.userId);
    const vars = { customerCompanyId: company.id, userId };
    await run(ATTACH, vars, admin.token);
    const twice = await run(ATTACH, vars, admin.token);
    expect(twice.memberCount).toBe(1);
    expect(twice.members).toEqual([{ userId, displayName: 'Eve Voter' }]);
    expect((await run(ATTACH, vars, member.token)).code).toBe('FORBIDDEN');
    // A team member, or another company's end user, is not an end user of this company.
    const stranger = await addEndUser(server, b.owner.companyId);
    for (const id of [member.userId, stranger.userId]) {
      const refused = await run(
        ATTACH,
        { ...vars, userId: globalId('CompanyUser', id) },
        admin.token,
      );
      expect(refused).toMatchObject({ code: 'NOT_FOUND', message: 'End user not found.' });
    }
    expect((await run(DETACH, vars, admin.token)).memberCount).toBe(0);
  });
});

describe('importing customers from CSV', () => {
  const GOOD = 'Name,External ID,Monthly spend\nUmbrella,umb,500\n"Soylent, Ltd",soy,99.5\n';

  it('previews creates, updates and per-row problems; commits all rows or none; re-importing updates', async () => {
    const fresh = await restCompany(server);
    const token = fresh.owner.token;
    await run(
      CREATE,
      { name: 'Umbrella old', externalId: 'umb', monthlySpend: 1, plan: 'pro' },
      token,
    );
    const withBad = `${GOOD}Bad Spend,bad,lots\n,noname,5\nDup,umb,7\n`;
    const preview = await run(PREVIEW, { csv: withBad }, token);
    expect(preview).toEqual({
      createCount: 1,
      updateCount: 1,
      rows: [
        { row: 2, name: 'Umbrella', externalId: 'umb', monthlySpend: 500, action: 'UPDATE' },
        { row: 3, name: 'Soylent, Ltd', externalId: 'soy', monthlySpend: 99.5, action: 'CREATE' },
      ],
      problems: [
        { row: 4, column: 'MONTHLY_SPEND', message: 'It has to be a number from 0 to 1000000000.' },
        { row: 5, column: 'NAME', message: 'This field is required.' },
        { row: 6, column: 'EXTERNAL_ID', message: 'Row 2 already has this external id.' },
      ],
    });
    // Nothing was written by the preview, and a file with problems is refused whole.
    const refused = await run(IMPORT, { csv: withBad }, token);
    expect(refused.code).toBe('VALIDATION');
    expect(refused.fields[0]).toEqual({
      field: 'row 4: monthly spend',
      message: 'It has to be a number from 0 to 1000000000.',
    });
    expect((await listed(token)).map((c) => [c.name, c.monthlySpend])).toEqual([
      ['Umbrella old', 1],
    ]);

    expect(await run(IMPORT, { csv: GOOD }, token)).toEqual({ createCount: 1, updateCount: 1 });
    expect(await run(IMPORT, { csv: GOOD }, token)).toEqual({ createCount: 0, updateCount: 2 });
    const after = await listed(token);
    expect(after.map((c) => [c.name, c.externalId, c.monthlySpend, c.plan])).toEqual([
      ['Umbrella', 'umb', 500, 'pro'],
      ['Soylent, Ltd', 'soy', 99.5, null],
    ]);
    // The same external ids in another company stay apart.
    expect(await listed(a.owner.token)).not.toContainEqual(
      expect.objectContaining({ externalId: 'soy' }),
    );
  });

  it('names the file’s own problems: missing columns, no rows', async () => {
    const missing = await run(PREVIEW, { csv: 'name,spend\nA,1\n' }, admin.token);
    expect(missing.problems).toEqual([
      {
        row: 1,
        column: null,
        message:
          'The header row has to name the columns name, external id, monthly spend; missing: external id, monthly spend.',
      },
    ]);
    const empty = await run(PREVIEW, { csv: 'name,external id,monthly spend\n' }, admin.token);
    expect(empty.problems[0].message).toBe('The file has no customer rows under its header.');
    expect((await run(PREVIEW, { csv: GOOD }, member.token)).code).toBe('FORBIDDEN');
    expect((await run(IMPORT, { csv: GOOD }, member.token)).code).toBe('FORBIDDEN');
  });
});

describe('customerCompaniesConnection', () => {
  const PAGE = `query ($after: String) { customerCompaniesConnection(first: 2, after: $after) {
    totalCount edges { cursor node { id name memberCount } } pageInfo { hasNextPage endCursor } } }`;

  it('pages biggest spend first (then name), without duplicates or gaps, with member counts', async () => {
    const c = await restCompany(server);
    const { prisma } = server.deps;
    const spends: [string, number][] = [
      ['Beta', 500],
      ['Alpha', 500],
      ['Gamma', 900],
      ['Delta', 10],
      ['Epsilon', 0],
    ];
    const made = [];
    for (const [name, monthlySpend] of spends) {
      made.push(
        await prisma.customerCompany.create({
          data: { companyId: c.owner.companyId, externalId: name, name, monthlySpend },
        }),
      );
    }
    const worker = await addEndUser(server, c.owner.companyId, { name: 'Walt Worker' });
    await prisma.customerCompanyMember.create({
      data: { customerCompanyId: made[1]!.id, userId: worker.userId },
    });
    const rows: any[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const { body } = await gql(server, PAGE, { after }, c.owner.token);
      const connection = body.data.customerCompaniesConnection;
      expect(connection.totalCount).toBe(5);
      rows.push(...connection.edges.map((edge: any) => edge.node));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(rows.map((row) => [row.name, row.memberCount])).toEqual([
      ['Gamma', 0],
      ['Alpha', 1],
      ['Beta', 0],
      ['Delta', 0],
      ['Epsilon', 0],
    ]);
  });

  it('refuses a cursor of another company’s customer, and anyone outside the team', async () => {
    const { prisma } = server.deps;
    const theirs = await prisma.customerCompany.create({
      data: {
        companyId: b.owner.companyId,
        externalId: 'theirs-1',
        name: 'Theirs',
        monthlySpend: 1,
      },
    });
    const foreign = Buffer.from(`GPC:N:${theirs.id}`).toString('base64');
    for (const cursor of [foreign, 'not a cursor']) {
      const { body } = await gql(server, PAGE, { after: cursor }, a.owner.token);
      expect(body.data.customerCompaniesConnection, cursor).toBeNull();
      expect(body.errors[0].extensions, cursor).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
      });
    }
    // An end user learns nothing, not even the count alone.
    for (const query of [PAGE, '{ customerCompaniesConnection { totalCount } }']) {
      const { body } = await gql(server, query, {}, endUser.token);
      expect(body.data.customerCompaniesConnection, query).toBeNull();
      expect(body.errors[0].extensions.code, query).toBe('FORBIDDEN');
    }
  });
});
