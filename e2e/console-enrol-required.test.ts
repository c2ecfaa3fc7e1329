import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../api/src/auth/password.ts';
import { addEndUser, createBoardId, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  requireTwoFactorInSettings,
  saveScreenshot,
  startConsole,
  type TConsole,
  type TConsolePage,
} from './console.ts';

const PASSWORD = 'secret-password';

/**
 * A console session opened before the company required two-factor sign-in, by a team member
 * without it: every console page asks them to set it up (the server treats the session as an
 * end user's until then), and once it is on, the same session has its team pages back.
 */
describe.skipIf(!hasChromium())('console: two-factor sign-in required of an open session', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown>, token: string) => {
    const { body } = await console_.server.call('POST', '/graphql', {
      body: { query, variables },
      token,
    });
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

  /** An owner with two-factor sign-in on (what requiring it of the team needs first). */
  async function ownerWithTwoFactor(company: string): Promise<TTestAccount> {
    const owner = await signUpCompany(console_.server, company);
    const started = await gql(
      `mutation { startTwoFactorEnrolment { ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } } }`,
      {},
      owner.token,
    );
    const confirmed = await gql(
      `mutation($code: String!) { confirmTwoFactorEnrolment(code: $code, password: "${PASSWORD}") { __typename } }`,
      { code: await codeOf(started.startTwoFactorEnrolment.data.secret) },
      owner.token,
    );
    expect(confirmed.confirmTwoFactorEnrolment.__typename).toBe(
      'MutationConfirmTwoFactorEnrolmentSuccess',
    );
    return owner;
  }

  /** A team member with a password and a console session (addEndUser's), without a second factor. */
  async function teamMember(companyId: number, role: 'ADMIN' | 'MEMBER'): Promise<TTestAccount> {
    const account = await addEndUser(console_.server, companyId, { role });
    await console_.server.deps.prisma.user.update({
      where: { id: account.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    return account;
  }

  /** A console page signed in with `token` (as a browser that signed in before), at `path`. */
  async function openConsole(token: string, path: string, locale = 'en-US', width = 1440) {
    const page = await console_.open({ locale, viewport: { width, height: 900 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${console_.server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    await page.goto(`${console_.server.url}${path}`);
    return page;
  }

  const promptHeading = (page: TConsolePage) => page.locator('#enrolment-required-heading');
  const isHeadingFocused = (page: TConsolePage) =>
    page.evaluate(() => document.activeElement?.id === 'enrolment-required-heading');

  it('asks an admin whose open session lost its team role to set it up, then shows the admin screens again', async () => {
    const owner = await ownerWithTwoFactor('Northwind Feedback');
    await createBoardId(console_.server, owner.token, 'Team-only roadmap', {
      grantsEndUsers: false,
    });
    const admin = await teamMember(owner.companyId, 'ADMIN');

    // The admin works in the console: the private board is there.
    const page = await openConsole(admin.token, '/admin/boards');
    await page.getByRole('link', { name: 'Team-only roadmap' }).waitFor();

    // The owner requires two-factor sign-in of the team, from their settings.
    const ownerPage = await openConsole(owner.token, '/admin/company');
    await requireTwoFactorInSettings(ownerPage, console_.server, owner.companyId);
    await ownerPage.context().close();

    // The admin's page, loaded again: the prompt, not an end user's view of the console.
    await page.reload();
    await promptHeading(page).waitFor();
    expect(await promptHeading(page).textContent()).toBe(
      'Northwind Feedback requires two-factor sign-in',
    );
    expect(await page.getByText('Set it up to continue.', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Team-only roadmap' }).count()).toBe(0);
    await expect.poll(() => isHeadingFocused(page)).toBe(true);
    const secretText = page.getByTestId('two-factor-secret');
    await secretText.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'enrol-required-en-US-1440');

    // By keyboard: from the heading to the code, the password, Enter.
    const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await page.keyboard.type(await codeOf(secret));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'password',
    );
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I have saved them' }).press('Enter');

    // The same session, its role back: the boards list with the team's private board.
    await page.getByRole('link', { name: 'Team-only roadmap' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Your boards' }).count()).toBe(1);
    expect(
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Users' })
        .count(),
    ).toBe(1);
    expect(await promptHeading(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(admin.token);
    expect(page.errors).toEqual([]);
  });

  it('shows the prompt on every console page, in Polish on a phone too, and logs out from it', async () => {
    const owner = await ownerWithTwoFactor('Kawiarnia Pomysłów');
    const member = await teamMember(owner.companyId, 'MEMBER');
    const admin = await teamMember(owner.companyId, 'ADMIN');
    await gql(`mutation { setRequireTwoFactor(required: true) { __typename } }`, {}, owner.token);

    // An admin page a MEMBER could not open, and a page of theirs: the prompt on both.
    const page = await openConsole(member.token, '/admin/users');
    await promptHeading(page).waitFor();
    expect(await page.getByText('Not for your role').count()).toBe(0);
    await page.goto(`${console_.server.url}/admin/boards`);
    await promptHeading(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Your boards' }).count()).toBe(0);
    await page.context().close();

    // The console speaks the account's language (a Polish admin's, here).
    await console_.server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { language: 'pl-PL' },
    });
    const phone = await openConsole(admin.token, '/admin/settings', 'pl-PL', 390);
    await promptHeading(phone).waitFor();
    await expect
      .poll(() => promptHeading(phone).textContent())
      .toBe('Kawiarnia Pomysłów wymaga logowania dwuetapowego');
    await phone.getByTestId('two-factor-secret').waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await saveScreenshot(phone, 'enrol-required-pl-PL-390');

    await phone.getByRole('button', { name: 'Wyloguj' }).click();
    await phone.waitForURL('**/login');
    expect(await phone.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    const revoked = await console_.server.call('POST', '/graphql', {
      body: { query: '{ viewer { twoFactorEnrolmentRequired } }' },
      token: admin.token,
    });
    expect(revoked.status).toBe(401);
    expect(phone.errors).toEqual([]);
  });
});
