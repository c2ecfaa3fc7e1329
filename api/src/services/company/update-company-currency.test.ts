import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** The currency customer values are in (issue 34.7): USD until an admin picks another. */

let server: TTestServer;
let owner: TTestAccount;
let other: TTestAccount;

const SET = `mutation ($currency: String!) { updateCompanyCurrency(currency: $currency) {
  __typename ... on MutationUpdateCompanyCurrencySuccess { data { currency } } ${APP_ERROR} } }`;
const set = (currency: unknown, token: string) =>
  mutate(server, 'updateCompanyCurrency', SET, { currency }, token);
const READ = `{ viewer { company { currency } } }`;
const read = async (token: string) =>
  (await gql(server, READ, {}, token)).body.data.viewer.company.currency;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server, 'Currency Company');
  other = await signUpCompany(server, 'Other Currency Co');
});
afterAll(async () => {
  await server?.close();
});

describe('the currency of customer values', () => {
  it('is USD at first; an admin sets another (any case), audited once per change', async () => {
    expect(await read(owner.token)).toBe('USD');
    expect(await set(' eur ', owner.token)).toEqual({ currency: 'EUR' });
    expect(await set('EUR', owner.token)).toEqual({ currency: 'EUR' });
    expect(await read(owner.token)).toBe('EUR');
    // Another company's stays.
    expect(await read(other.token)).toBe('USD');
    const audit = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: owner.companyId, action: 'COMPANY_CURRENCY_CHANGED' },
    });
    expect(audit.map((entry) => entry.details)).toEqual([{ from: 'USD', to: 'EUR' }]);
  });

  it('refuses what is not a currency code, saying so', async () => {
    for (const bad of ['EURO', 'XYZ', '', 'dollars']) {
      const answer = await set(bad, owner.token);
      expect(answer).toMatchObject({ code: 'VALIDATION' });
      expect(answer.fields).toEqual([
        { field: 'currency', message: expect.stringMatching(/currency code|required/) },
      ]);
    }
    expect(await read(owner.token)).toBe('EUR');
  });

  it('is not a member’s to change', async () => {
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    expect(await set('PLN', member.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await read(member.token)).toBe('EUR');
  });
});
