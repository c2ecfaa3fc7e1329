import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;
let owner: TTestAccount;
let other: TTestAccount;

const RENAME = `mutation ($name: String!) { updateCompanyName(name: $name) {
  __typename ... on MutationUpdateCompanyNameSuccess { data { name slug } } ${APP_ERROR} } }`;

const rename = (name: unknown, token: string) =>
  mutate(server, 'updateCompanyName', RENAME, { name }, token);

const auditOf = async (companyId: number) =>
  server.deps.prisma.auditEntry.findMany({
    where: { companyId, action: 'COMPANY_RENAMED' },
    orderBy: { id: 'asc' },
  });

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server, 'Acme Widgets');
  other = await signUpCompany(server, 'Other Company');
});
afterAll(async () => {
  await server?.close();
});

describe('renaming the company', () => {
  it('renames it for owners and admins; the slug and so the public addresses stay; audited', async () => {
    const before = await expectCall(server, 'GET', '/company', 200, { token: owner.token });
    const renamed = await rename('  Acme Robotics  ', owner.token);
    expect(renamed).toEqual({ name: 'Acme Robotics', slug: before.slug });
    // The spec's REST answer carries the new name beside the unchanged fields.
    expect(await expectCall(server, 'GET', '/company', 200, { token: owner.token })).toEqual({
      ...before,
      companyName: 'Acme Robotics',
    });

    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN', name: 'Ada Admin' });
    expect(await rename('Acme Robotics Ltd', admin.token)).toMatchObject({
      name: 'Acme Robotics Ltd',
    });
    // Saving the same name again writes no entry.
    await rename('Acme Robotics Ltd', admin.token);

    const entries = await auditOf(owner.companyId);
    expect(entries.map((entry) => entry.details)).toEqual([
      { from: 'Acme Widgets', to: 'Acme Robotics' },
      { from: 'Acme Robotics', to: 'Acme Robotics Ltd' },
    ]);
    expect(entries[1]!.actorLabel).toMatch(/^Ada Admin </);
    const { body } = await gql(
      server,
      `{ viewer { company { auditLog(first: 5) { edges { node { action } } } } } }`,
      {},
      owner.token,
    );
    expect(JSON.stringify(body)).toContain('COMPANY_RENAMED');
  });

  it('keeps the sign-up rule: 6 to 50 characters, required', async () => {
    for (const [name, message] of [
      ['Acme', 'It has to be 6 characters at least.'],
      ['n'.repeat(51), 'It has to be max 50 characters.'],
      ['   ', 'This field is required.'],
    ]) {
      const refused = await rename(name, owner.token);
      expect(refused).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
      expect(refused.fields).toEqual([{ field: 'name', message }]);
    }
    expect((await rename('n'.repeat(50), owner.token)).name).toBe('n'.repeat(50));
  });

  it('is refused to members, end users, API keys and anonymous callers; another company is untouched', async () => {
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    const endUser = await addEndUser(server, owner.companyId);
    const current = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    for (const token of [member.token, endUser.token]) {
      expect(await rename('Taken over by a member', token)).toMatchObject({
        __typename: 'AppError',
        code: 'FORBIDDEN',
      });
    }
    const anonymous = await gql(server, RENAME, { name: 'Anonymous rename' });
    expect(JSON.stringify(anonymous.body)).not.toContain('Anonymous rename');

    const { body } = await gql(
      server,
      `mutation { createApiKey(name: "CI") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
      {},
      owner.token,
    );
    const key: string = body.data.createApiKey.data.key;
    expect(await rename('Renamed by a key', key)).toMatchObject({ code: 'FORBIDDEN' });

    await rename('Other Company Renamed', other.token);
    const after = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    expect(after.name).toBe(current.name);
    expect(
      (await server.deps.prisma.company.findUniqueOrThrow({ where: { id: other.companyId } })).name,
    ).toBe('Other Company Renamed');
  });
});
