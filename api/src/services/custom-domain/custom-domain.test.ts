import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import { startDnsStandIn } from '../../testing/dns-stand-in.ts';
import { getOnHost } from '../../testing/host-request.ts';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { claimDueDomainChecks, runDomainChecks } from './domain-check-worker.ts';

/**
 * A company's own domain is served only once a DNS TXT record proves the company holds it,
 * looked up with a real resolver (node:dns) against a DNS server this test runs on loopback
 * (DNS_SERVERS), and looked up again periodically: the first company to prove a name wins it,
 * and a name whose record goes away is unbound after the grace period.
 */

let server: TTestServer;
let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let counter = 0;

const GRACE_HOURS = 72;
const HOUR = 3_600_000;

const UPDATE = `mutation ($customDomain: String) { result: updateCompanyPortal(customDomain: $customDomain) {
  __typename ${APP_ERROR} ... on MutationUpdateCompanyPortalSuccess { data { customDomain
    customDomainProof { status recordName recordValue checkedAt missingSince unbindsAt } } } } }`;
const VERIFY = `mutation { result: verifyCustomDomain {
  __typename ${APP_ERROR} ... on MutationVerifyCustomDomainSuccess { data { outcome
    company { customDomain customDomainProof { status checkedAt missingSince unbindsAt } } } } } }`;

const newDomain = () => `feedback${(counter += 1)}-${process.pid}.acme.example`;

const claim = (company: TRestCompany, customDomain: string | null) =>
  mutate(server, 'result', UPDATE, { customDomain }, company.owner.token);
const check = (company: TRestCompany) => mutate(server, 'result', VERIFY, {}, company.owner.token);

/** Publishes the TXT record a company was told to create. */
function publish(proof: { recordName: string; recordValue: string }, ...others: string[]) {
  dns.records.set(proof.recordName, [proof.recordValue, ...others]);
}

/** The name of the company whose portal `domain` serves, or null when it serves none. */
async function servedBy(domain: string): Promise<string | null> {
  const home = await getOnHost(server, domain, '/');
  if (!home.body.includes('class="portal-header"')) return null;
  expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/" />`);
  return /<title>([^<]*)<\/title>/.exec(home.body)?.[1] ?? '';
}

const nameOf = async (company: TRestCompany) =>
  (
    await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: company.owner.companyId },
    })
  ).name;

/** Waits out the portal's per-process cache of Host lookups (a few seconds). */
const eventuallyServedBy = (domain: string, expected: string | null) =>
  expect
    .poll(
      async () => {
        const title = await servedBy(domain);
        return title === null ? null : expected !== null && title.includes(expected);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(expected === null ? null : true);

/** Makes every claim's periodic check due now (as time passing would). */
const makeChecksDue = () =>
  server.deps.prisma.company.updateMany({
    where: { customDomainNextCheckAt: { not: null } },
    data: { customDomainNextCheckAt: new Date(Date.now() - 1_000) },
  });

beforeAll(async () => {
  dns = await startDnsStandIn();
  server = await startTestServer({
    appUrl: 'https://app.feedboard.example',
    dnsServers: [dns.server],
    customDomainGraceHours: GRACE_HOURS,
  });
});
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

describe('proving a domain', () => {
  it('serves a claimed domain only once its TXT record proves it', async () => {
    const acme = await restCompany(server);
    const domain = newDomain();
    const claimed = await claim(acme, domain);
    const { recordName, recordValue, status } = claimed.customDomainProof;
    expect(status).toBe('PENDING');
    expect(recordName).toBe(`_feedboard-challenge.${domain}`);
    expect(recordValue).toMatch(/^feedboard-verification=[0-9a-f]{32}$/);
    expect(await servedBy(domain)).toBeNull();

    expect((await check(acme)).outcome).toBe('NO_RECORD');
    publish({ recordName, recordValue: 'feedboard-verification=someone-elses-token' });
    const wrong = await check(acme);
    expect(wrong.outcome).toBe('WRONG_VALUE');
    expect(wrong.company.customDomainProof).toMatchObject({
      status: 'PENDING',
      checkedAt: expect.any(String),
    });
    expect(await servedBy(domain)).toBeNull();

    publish({ recordName, recordValue }, 'v=spf1 -all');
    const found = await check(acme);
    expect(found.outcome).toBe('FOUND');
    expect(found.company.customDomainProof).toMatchObject({
      status: 'VERIFIED',
      missingSince: null,
      unbindsAt: null,
    });
    await eventuallyServedBy(domain, await nameOf(acme));
    // Setting the same name again keeps the proof; the record's value stays the same.
    const again = await claim(acme, domain);
    expect(again.customDomainProof).toMatchObject({ status: 'VERIFIED', recordValue });
  });

  it('lets several companies claim one name; the first to prove it wins and no one can take it', async () => {
    const [acme, squatter, late] = await Promise.all([
      restCompany(server),
      restCompany(server),
      restCompany(server),
    ]);
    const domain = newDomain();
    // The squatter claims first: a claim alone takes nothing from anyone.
    const squatted = await claim(squatter, domain);
    expect(squatted.customDomainProof.status).toBe('PENDING');
    const claimed = await claim(acme, domain);
    expect(claimed.customDomainProof.status).toBe('PENDING');
    expect(claimed.customDomainProof.recordValue).not.toBe(squatted.customDomainProof.recordValue);
    expect((await check(squatter)).outcome).toBe('NO_RECORD');
    // The domain's holder publishes acme's record.
    publish(claimed.customDomainProof);
    expect((await check(squatter)).outcome).toBe('WRONG_VALUE');
    expect((await check(acme)).outcome).toBe('FOUND');
    await eventuallyServedBy(domain, await nameOf(acme));

    // Once proved, no other company may claim it, nor bind it with a record of its own.
    publish(claimed.customDomainProof, squatted.customDomainProof.recordValue);
    expect(await check(squatter)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'customDomain', message: 'Another company uses this domain already.' }],
    });
    expect(await claim(late, domain.toUpperCase())).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'customDomain', message: 'Another company uses this domain already.' }],
    });
    expect(await servedBy(domain)).toContain(await nameOf(acme));
  });

  it('is for signed-in owners and admins, and needs a domain', async () => {
    const acme = await restCompany(server);
    expect(await check(acme)).toMatchObject({ code: 'CONFLICT' });
    const member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
    const refused = await mutate(server, 'result', VERIFY, {}, member.token);
    expect(refused.code).toBe('FORBIDDEN');
    const anonymous = await gql(server, VERIFY);
    expect(anonymous.body.errors?.[0]?.extensions?.code ?? anonymous.body.data?.result?.code).toBe(
      'UNAUTHENTICATED',
    );
    // Members do not see the record.
    const view = await gql(
      server,
      '{ viewer { company { customDomainProof { recordValue } } } }',
      {},
      member.token,
    );
    expect(view.body.data.viewer.company.customDomainProof).toBeNull();
  });
});

describe('the periodic check', () => {
  it('verifies a pending claim, keeps a domain through DNS trouble and the grace period, then unbinds it', async () => {
    const acme = await restCompany(server);
    const domain = newDomain();
    const claimed = await claim(acme, domain);
    publish(claimed.customDomainProof);
    await makeChecksDue();
    while ((await runDomainChecks(server.deps)) > 0);
    const company = () =>
      server.deps.prisma.company.findUniqueOrThrow({ where: { id: acme.owner.companyId } });
    expect(await company()).toMatchObject({
      customDomainStatus: 'VERIFIED',
      customDomainBound: domain,
    });
    const nextCheck = (await company()).customDomainNextCheckAt!.getTime();
    expect(nextCheck - Date.now()).toBeGreaterThan(5 * HOUR);
    await eventuallyServedBy(domain, await nameOf(acme));

    // DNS trouble, then the record gone: still served while the grace period runs.
    dns.setFailing(true);
    await makeChecksDue();
    while ((await runDomainChecks(server.deps)) > 0);
    dns.setFailing(false);
    dns.records.delete(claimed.customDomainProof.recordName);
    await makeChecksDue();
    while ((await runDomainChecks(server.deps)) > 0);
    const missing = await company();
    expect(missing).toMatchObject({ customDomainStatus: 'VERIFIED', customDomainBound: domain });
    expect(missing.customDomainMissingSince).not.toBeNull();
    const proof = (
      await gql(
        server,
        '{ viewer { company { customDomainProof { status unbindsAt } } } }',
        {},
        acme.owner.token,
      )
    ).body.data.viewer.company.customDomainProof;
    expect(new Date(proof.unbindsAt).getTime()).toBe(
      missing.customDomainMissingSince!.getTime() + GRACE_HOURS * HOUR,
    );
    expect(await servedBy(domain)).toContain(await nameOf(acme));

    // Past the grace period the next check unbinds it.
    await server.deps.prisma.company.update({
      where: { id: acme.owner.companyId },
      data: { customDomainMissingSince: new Date(Date.now() - (GRACE_HOURS + 1) * HOUR) },
    });
    await makeChecksDue();
    while ((await runDomainChecks(server.deps)) > 0);
    expect(await company()).toMatchObject({
      customDomainStatus: 'FAILED',
      customDomainBound: null,
      customDomainNextCheckAt: null,
    });
    await eventuallyServedBy(domain, null);

    // Released, the name goes to whoever proves it next, and to no one before.
    const next = await restCompany(server);
    const taken = await claim(next, domain);
    expect(taken.customDomainProof.status).toBe('PENDING');
    expect(await servedBy(domain)).toBeNull();
    publish(taken.customDomainProof);
    expect((await check(next)).outcome).toBe('FOUND');
    await eventuallyServedBy(domain, await nameOf(next));
    // The former holder's "Check now" finds only the new holder's record, and stays unbound.
    const former = await check(acme);
    expect(former.outcome).toBe('WRONG_VALUE');
    expect(former.company.customDomainProof.status).toBe('FAILED');
  });

  it('gives up a claim never proved within 7 days', async () => {
    const acme = await restCompany(server);
    await claim(acme, newDomain());
    await server.deps.prisma.company.update({
      where: { id: acme.owner.companyId },
      data: { customDomainMissingSince: new Date(Date.now() - 8 * 24 * HOUR) },
    });
    await makeChecksDue();
    while ((await runDomainChecks(server.deps)) > 0);
    expect(
      await server.deps.prisma.company.findUniqueOrThrow({ where: { id: acme.owner.companyId } }),
    ).toMatchObject({ customDomainStatus: 'FAILED', customDomainNextCheckAt: null });
  });

  it('hands each due check to one process: concurrent claims never share a company', async () => {
    const companies = await Promise.all([1, 2, 3, 4].map(() => restCompany(server)));
    for (const company of companies) await claim(company, newDomain());
    await makeChecksDue();
    const [first, second] = await Promise.all([
      claimDueDomainChecks(server.deps, 3),
      claimDueDomainChecks(server.deps, 3),
    ]);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(first.length + second.length).toBeGreaterThanOrEqual(4);
    // Claimed checks are leased: nothing is due again until the lease ends.
    const due = await server.deps.prisma.company.count({
      where: {
        id: { in: [...first, ...second] },
        customDomainNextCheckAt: { lte: new Date() },
      },
    });
    expect(due).toBe(0);
  });
});
