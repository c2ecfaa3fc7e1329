import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hashPassword } from '../api/src/auth/password.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_KEY = `mutation ($name: String!) { createApiKey(name: $name) {
  __typename ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } } }`;
const REVOKE_KEY = `mutation ($id: ID!) { revokeApiKey(apiKeyId: $id) { __typename } }`;
const ROTATE = `mutation { rotateCompanySecret { __typename } }`;

/**
 * The owner reads the audit log in the console: the entries in plain words, filtered by what,
 * who and dates (kept in the address), and downloaded as CSV; nobody else can.
 */
describe.skipIf(!hasChromium())('console: the audit log', () => {
  let console_: TConsole;
  let owner: TTestAccount;

  beforeAll(async () => {
    console_ = await startConsole();
    const { server } = console_;
    owner = await signUpCompany(server, 'Audited Company');
    // A refused and a good sign-in, an API key made and revoked, the SSO secret replaced.
    await server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: 'not-the-password' },
    });
    await server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: PASSWORD },
    });
    const key = await mutate(
      server,
      'createApiKey',
      CREATE_KEY,
      { name: 'Nightly sync' },
      owner.token,
    );
    await gql(server, REVOKE_KEY, { id: key.apiKey.id }, owner.token);
    await gql(server, ROTATE, {}, owner.token);
    // Another actor: an admin replaces the secret again.
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN', name: 'Ada Admin' });
    await gql(server, ROTATE, {}, admin.token);
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function openAudit(token: string, query = '', locale = 'en-US', width = 1440) {
    const page = await console_.open({ locale, viewport: { width, height: 900 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${console_.server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    await page.goto(`${console_.server.url}/admin/audit${query}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page;
  }
  const rows = (page: TConsolePage) => page.getByTestId('audit-entries').locator('tbody tr');
  const actions = (page: TConsolePage) =>
    rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-action')));

  it('lists what happened in plain words, newest first, from the side menu', async () => {
    const page = await openAudit(owner.token);
    await page.goto(`${console_.server.url}/admin/boards`);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/admin/audit');
    await expect
      .poll(() => actions(page))
      .toEqual([
        'COMPANY_SECRET_ROTATED',
        'COMPANY_SECRET_ROTATED',
        'API_KEY_REVOKED',
        'API_KEY_CREATED',
        'SIGN_IN_SUCCEEDED',
        'SIGN_IN_FAILED',
      ]);
    const text = await page.getByTestId('audit-entries').textContent();
    for (const words of [
      'Replaced the SSO secret',
      'Revoked an API key',
      'Created an API key',
      'Signed in',
      'Sign-in refused',
      'Nightly sync',
    ]) {
      expect(text).toContain(words);
    }
    expect(await page.getByText('6 entries').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'audit-en-US-1440');
    expect(page.errors).toEqual([]);
  });

  it('filters by what, who and dates; the filter survives a reload', async () => {
    const page = await openAudit(owner.token);
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Created an API key' });
    await expect.poll(() => actions(page)).toEqual(['API_KEY_CREATED']);
    expect(page.url()).toContain('action=API_KEY_CREATED');
    await page.reload();
    await expect.poll(() => actions(page)).toEqual(['API_KEY_CREATED']);
    expect(await page.getByLabel('What', { exact: true }).inputValue()).toBe('API_KEY_CREATED');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(6);
    const who = page.getByLabel('Who', { exact: true });
    const adminOption = await who
      .locator('option')
      .filter({ hasText: 'Ada Admin' })
      .first()
      .getAttribute('value');
    await who.selectOption(adminOption ?? '');
    await expect.poll(() => actions(page)).toEqual(['COMPANY_SECRET_ROTATED']);
    expect(page.url()).toContain('actor=');
    const ownerOption = await who
      .locator('option')
      .filter({ hasText: owner.email })
      .first()
      .getAttribute('value');
    await who.selectOption(ownerOption ?? '');
    // The owner's four: the refused sign-in was nobody's doing (it names the email tried).
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await actions(page)).not.toContain('SIGN_IN_FAILED');

    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From', { exact: true }).fill(day);
    await expect.poll(() => page.getByText('No entries match these filters.').count()).toBe(1);
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The end date has to be on or after the start date.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(6);
    expect(page.errors).toEqual([]);
  });

  it('downloads the filtered log as CSV, and the export is recorded', async () => {
    const page = await openAudit(owner.token, '?action=API_KEY_REVOKED');
    await expect.poll(() => actions(page)).toEqual(['API_KEY_REVOKED']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,action,actor,actor user id,actor API key id,address,target,details',
    );
    // The export's own entry is written first; the filter keeps only the revocation.
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['API_KEY_REVOKED']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => actions(page)).toContain('AUDIT_LOG_EXPORTED');
    expect(page.errors).toEqual([]);
  });

  it('is the owner’s: an admin sees no menu item and a plain refusal', async () => {
    const admin = await addEndUser(console_.server, owner.companyId, { role: 'ADMIN' });
    await console_.server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    const page = await openAudit(admin.token);
    await expect
      .poll(() => page.getByText('Only the owner of the company can read the audit log.').count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    expect(await page.getByTestId('audit-entries').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Billing is the owner's too: no Plan item, and the page says who may open it.
    expect(await page.getByRole('link', { name: 'Plan' }).count()).toBe(0);
    await page.goto(`${console_.server.url}/admin/subscription`);
    await expect
      .poll(() => page.getByText('Only the owner of the company can open this page.').count())
      .toBe(1);
  });

  it('speaks Polish, at both widths', async () => {
    await gql(
      console_.server,
      `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`,
      { language: 'pl-PL' },
      owner.token,
    );
    for (const width of [1440, 390]) {
      const page = await openAudit(owner.token, '', 'pl-PL', width);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Dziennik zdarzeń');
      await expect
        .poll(() => page.getByTestId('audit-entries').textContent())
        .toContain('Wymieniono sekret SSO');
      expect(await seriousAxeViolations(page)).toEqual([]);
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
      );
      expect(wide).toBe(false);
      await saveScreenshot(page, `audit-pl-PL-${width}`);
      await page.context().close();
    }
    const english = await openAudit(owner.token, '', 'en-US', 390);
    await saveScreenshot(english, 'audit-en-US-390');
  });
});
