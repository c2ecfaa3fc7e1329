import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { hashPassword } from '../api/src/auth/password.ts';
import { addEndUser, signUpCompany } from '../api/src/testing/graphql-client.ts';
import {
  requireTwoFactorInSettings,
  saveScreenshot,
  startConsole,
  type TConsole,
  type TConsolePage,
} from './console.ts';

/**
 * The login screen's second step for an account with two-factor sign-in: a code computed here
 * with the same library an authenticator app follows (RFC 6238), then a recovery code.
 */
describe.skipIf(!hasChromium())('console: two-factor sign-in', () => {
  let console_: TConsole;
  let account: { email: string; password: string; token: string };
  let secret: string;
  let recoveryCodes: string[];

  const gql = async (query: string, variables: Record<string, unknown>, token?: string) =>
    (await console_.server.call('POST', '/graphql', { body: { query, variables }, token })).body
      .data;

  beforeAll(async () => {
    console_ = await startConsole();
    // Through the REST sign-up: the console's own sign-up flow has its tests elsewhere.
    const owner = await signUpCompany(console_.server);
    account = { email: owner.email, password: 'secret-password', token: owner.token };
    const started = await gql(
      `mutation { startTwoFactorEnrolment { ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } } }`,
      {},
      account.token,
    );
    secret = started.startTwoFactorEnrolment.data.secret;
    const confirmed = await gql(
      `mutation($code: String!, $password: String) { confirmTwoFactorEnrolment(code: $code, password: $password) {
        ... on MutationConfirmTwoFactorEnrolmentSuccess { data { recoveryCodes } } } }`,
      { code: await generate({ secret }), password: account.password },
      account.token,
    );
    recoveryCodes = confirmed.confirmTwoFactorEnrolment.data.recoveryCodes;
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function toSecondStep(locale: string, width: number, email = account.email) {
    const page = await console_.open({ locale, viewport: { width, height: 900 } });
    await page.goto(`${console_.server.url}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('#second-factor-heading').waitFor();
    return page;
  }

  it('asks for a code after the password, refuses a wrong one, and signs in with the current one', async () => {
    const page = await toSecondStep('en-US', 1440);
    expect(await page.locator('#second-factor-heading').textContent()).toBe('Two-factor sign-in');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The code field has the focus: the user types at once.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');

    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.locator('form').getByRole('alert').textContent())
      .toBe('The code is not correct. Type the current code, or an unused recovery code.');
    await saveScreenshot(page, 'two-factor-step-wrong-en-US-1440');

    // The enrolment used this step's code: a phone a little ahead shows the next one.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel('Code').fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    expect(page.errors).toEqual([]);
  });

  it('signs in with a recovery code', async () => {
    const page = await toSecondStep('en-US', 390);
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(page.errors).toEqual([]);
  });

  it('shows the step in both languages at 1440 and 390 px', async () => {
    for (const locale of ['en-US', 'pl-PL']) {
      for (const width of [1440, 390]) {
        const page = await toSecondStep(locale, width);
        if (locale === 'pl-PL') {
          expect(await page.locator('#second-factor-heading').textContent()).toBe(
            'Logowanie dwuetapowe',
          );
        }
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `two-factor-step-${locale}-${width}`);
        await page.context().close();
      }
    }
  });

  /** A signed-in console page on the profile settings. */
  async function openSettings(token: string, locale = 'en-US', width = 1440) {
    const page = await console_.open({ locale, viewport: { width, height: 900 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${console_.server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    await page.goto(`${console_.server.url}/admin/settings`);
    await page.locator('#two-factor-card-title').waitFor();
    return page;
  }

  /** The secret as the enrolment shows it, without its spaces. */
  const shownSecret = async (page: TConsolePage) => {
    const secretText = page.getByTestId('two-factor-secret');
    await secretText.waitFor();
    return ((await secretText.textContent()) ?? '').replace(/\s/g, '');
  };
  const codeAt = (key: string, steps = 0) =>
    generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  const isFocusedOn = (page: TConsolePage, id: string) =>
    page.evaluate((target) => document.activeElement?.id === target, id);

  it('turns on from the profile with a code computed here, then signs in with a code and with a recovery code', async () => {
    const owner = await signUpCompany(console_.server);
    const page = await openSettings(owner.token);
    const card = page.locator('section[aria-labelledby="two-factor-card-title"]');
    expect(await card.getByTestId('two-factor-state').textContent()).toMatch(/^Off\./);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const key = await shownSecret(page);
    expect(
      await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).count(),
    ).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-enrol-en-US-1440');

    // A wrong code and a wrong password land on their fields.
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByLabel('Your password').fill('secret-password');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() =>
        dialog.getByText('The code is not correct. Type the code the app shows now.').count(),
      )
      .toBe(1);
    await dialog.getByLabel('Code from the app').fill(await codeAt(key));
    await dialog.getByLabel('Your password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => dialog.getByText('The password is not correct.').count()).toBe(1);
    await dialog.getByLabel('Your password').fill('secret-password');
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    // The ten recovery codes, once; focus moves to them.
    const codes = dialog.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = await codes.allTextContents();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Save your recovery codes');
    const download = dialog.getByRole('link', { name: 'Download (.txt)' });
    expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toContain(recovery[9]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'two-factor-codes-en-US-1440');
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => card.getByTestId('two-factor-state').textContent())
      .toMatch(/On since .*10 recovery codes left\./);
    await expect.poll(() => isFocusedOn(page, 'two-factor-new-codes')).toBe(true);
    await page.context().close();

    // Signing in asks for the code: the app's next one, then (elsewhere) a recovery code.
    const login = async (code: string) => {
      const step = await toSecondStep('en-US', 1440, owner.email);
      await step.getByLabel('Code').fill(code);
      await step.getByRole('button', { name: 'Verify' }).click();
      await step.waitForURL('**/admin/dashboard');
      expect(step.errors).toEqual([]);
      return step;
    };
    await (await login(await codeAt(key, 1))).context().close();
    const viaRecovery = await login(recovery[4]!);
    await viaRecovery.goto(`${console_.server.url}/admin/settings`);
    await expect
      .poll(() => viaRecovery.getByTestId('two-factor-state').textContent())
      .toContain('9 recovery codes left.');
    await viaRecovery.context().close();
  });

  it('makes new recovery codes (the old ones stop working) and turns off with the password and a code', async () => {
    const owner = await signUpCompany(console_.server);
    const started = await gql(
      `mutation { startTwoFactorEnrolment { ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } } }`,
      {},
      owner.token,
    );
    const key = started.startTwoFactorEnrolment.data.secret as string;
    const confirmed = await gql(
      `mutation($code: String!, $password: String) { confirmTwoFactorEnrolment(code: $code, password: $password) {
        ... on MutationConfirmTwoFactorEnrolmentSuccess { data { recoveryCodes } } } }`,
      { code: await codeAt(key), password: 'secret-password' },
      owner.token,
    );
    const oldCodes = confirmed.confirmTwoFactorEnrolment.data.recoveryCodes as string[];

    const page = await openSettings(owner.token);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'New recovery codes' });
    await dialog.getByLabel('Your password').fill('secret-password');
    await dialog.getByLabel('Code from the app').fill(await codeAt(key, 1));
    await dialog.getByRole('button', { name: 'Make new codes' }).click();
    const codes = dialog.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const fresh = await codes.allTextContents();
    expect(fresh.some((code) => oldCodes.includes(code))).toBe(false);
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    const secondStep = async (code: string) => {
      const login = await console_.server.call('POST', '/api/v1/login', {
        body: { email: owner.email, password: 'secret-password' },
      });
      return console_.server.call('POST', '/api/v1/login/second-factor', {
        body: { challenge: login.body.secondFactor.challenge, code },
      });
    };
    expect((await secondStep(oldCodes[0]!)).status).toBe(401);
    expect((await secondStep(fresh[0]!)).status).toBe(200);

    // Turning off: the password and a code (here a recovery code), then the card offers turning
    // on again, with focus on it.
    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const offCode = off.getByLabel('Code from the app, or a recovery code');
    await off.getByLabel('Your password').fill('not-my-password');
    await offCode.fill(fresh[1]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => off.getByText('The password is not correct.').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await off.getByLabel('Your password').fill('secret-password');
    await offCode.fill('00000-00000');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect
      .poll(() =>
        off.getByText('The code is not correct. Type the code the app shows now.').count(),
      )
      .toBe(1);
    await offCode.fill(fresh[1]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => off.count()).toBe(0);
    await expect.poll(() => isFocusedOn(page, 'two-factor-turn-on')).toBe(true);
    const login = await console_.server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: 'secret-password' },
    });
    expect(login.body.token).toBeTruthy();
    expect(page.errors).toEqual([]);
  });

  it('lists the signed-in devices and signs out everywhere else', async () => {
    const owner = await signUpCompany(console_.server);
    const elsewhere = await console_.server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: 'secret-password' },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      },
    });
    const page = await openSettings(owner.token);
    const devices = page.getByTestId('devices').locator('li');
    await expect.poll(() => devices.count()).toBe(2);
    expect(await devices.nth(0).textContent()).toContain('This device');
    expect(await devices.nth(1).textContent()).toContain('Safari on iOS');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('1 other device was signed out.').count()).toBe(1);
    await expect.poll(() => devices.count()).toBe(1);
    const profile = await console_.server.call('GET', '/api/v1/profile', {
      token: elsewhere.body.token,
    });
    expect(profile.status).toBe(401);
    expect(page.errors).toEqual([]);
  });

  it('lets the owner require it of the team once their own is on', async () => {
    const owner = await signUpCompany(console_.server);
    const page = await openSettings(owner.token);
    await page.goto(`${console_.server.url}/admin/company`);
    const toggle = page.getByLabel('Require two-factor sign-in for the team');
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await page.getByText('Turn on your own two-factor sign-in first.').count()).toBe(1);
    await page.context().close();
    const started = await gql(
      `mutation { startTwoFactorEnrolment { ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } } }`,
      {},
      owner.token,
    );
    await gql(
      `mutation($code: String!, $password: String) { confirmTwoFactorEnrolment(code: $code, password: $password) { __typename } }`,
      {
        code: await codeAt(started.startTwoFactorEnrolment.data.secret),
        password: 'secret-password',
      },
      owner.token,
    );
    const again = await openSettings(owner.token);
    // The team's rule is a company setting; the owner's own two-factor is a personal one.
    await again.goto(`${console_.server.url}/admin/company`);
    await requireTwoFactorInSettings(again, console_.server, owner.companyId);
    // Required now: the owner's own cannot be turned off.
    await again.goto(`${console_.server.url}/admin/profile`);
    await expect
      .poll(() =>
        again
          .getByText(
            'Your company requires two-factor sign-in for its whole team, so it cannot be turned off.',
          )
          .count(),
      )
      .toBe(1);
    expect(await again.getByRole('button', { name: 'Turn off' }).count()).toBe(0);
    expect(again.errors).toEqual([]);
  });

  it('shows the profile cards in both languages at 1440 and 390 px', async () => {
    const owner = await signUpCompany(console_.server);
    await console_.server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: 'secret-password' },
    });
    for (const locale of ['en-US', 'pl-PL']) {
      await gql(
        `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`,
        { language: locale },
        owner.token,
      );
      for (const width of [1440, 390]) {
        const page = await openSettings(owner.token, locale, width);
        await page.getByTestId('devices').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `two-factor-settings-${locale}-${width}`);
        await page.locator('#two-factor-turn-on').click();
        await shownSecret(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `two-factor-enrol-dialog-${locale}-${width}`);
        await page.context().close();
      }
    }
  });

  it('walks an admin whose company requires it through setting it up at sign-in', async () => {
    const { server } = console_;
    const companyId = (
      await server.deps.prisma.user.findFirstOrThrow({
        where: { loginEmail: account.email, role: 'OWNER' },
      })
    ).companyId;
    await server.deps.prisma.company.update({
      where: { id: companyId },
      data: { requireTwoFactor: true },
    });
    const admin = await addEndUser(server, companyId, { role: 'ADMIN' });
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { passwordHash: await hashPassword(account.password) },
    });
    for (const locale of ['en-US', 'pl-PL']) {
      for (const width of [1440, 390]) {
        const page = await toSecondStep(locale, width, admin.email);
        expect(await page.locator('#second-factor-heading').textContent()).toBe(
          locale === 'en-US'
            ? 'Two-factor sign-in is required'
            : 'Wymagane jest logowanie dwuetapowe',
        );
        await shownSecret(page);
        expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `two-factor-required-${locale}-${width}`);
        await page.context().close();
      }
    }
    // Setting it up there signs in: the first code, the recovery codes, then the console.
    const page = await toSecondStep('en-US', 1440, admin.email);
    const key = await shownSecret(page);
    expect(await page.getByLabel('Your password').count()).toBe(0);
    await page.getByLabel('Code from the app').fill(await codeAt(key));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await saveScreenshot(page, 'two-factor-required-codes-en-US-1440');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    expect(page.errors).toEqual([]);
  });
});
