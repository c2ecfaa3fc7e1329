import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../api/src/testing/graphql-client.ts';
import { startStripeStandIn } from '../api/src/testing/stripe-stand-in.ts';
import type { TStripeStandIn } from '../api/src/testing/stripe-stand-in.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  expectToast,
  logIn,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
  type TConsolePage,
} from './console.ts';

describe.skipIf(!hasChromium())('console: plan and billing (/admin/subscription)', () => {
  let console_: TConsole;
  let stripe: TStripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    console_ = await startConsole(stripe.config);
  });
  afterAll(async () => {
    await console_?.close();
    await stripe?.close();
  });

  const companyIdOf = async (email: string) =>
    (
      await console_.server.deps.prisma.user.findFirstOrThrow({
        where: { loginEmail: email.toLowerCase(), role: 'OWNER' },
      })
    ).companyId;

  async function openSubscription(query = ''): Promise<{ page: TConsolePage; email: string }> {
    const account = await registerAccount(console_.server);
    const page = await console_.open();
    await logIn(page, console_.server, account);
    await page.goto(`${console_.server.url}/admin/subscription${query}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Plan and billing', level: 1 }).isVisible())
      .toBe(true);
    return { page, email: account.email };
  }

  const stat = (page: TConsolePage, label: string) =>
    page
      .getByTestId('current-plan')
      .locator('div', { has: page.getByText(label, { exact: true }) });

  it('shows the plan and usage, picks a yearly plan and sends the browser to Stripe Checkout', async () => {
    const { page, email } = await openSubscription();
    await expect.poll(() => stat(page, 'Current plan').innerText()).toContain('Free');
    await expect.poll(() => stat(page, 'Active boards').innerText()).toContain('0 of 1');
    await expect.poll(() => stat(page, 'Visible ideas').innerText()).toContain('0 of 5');
    await expect.poll(() => page.getByText('Valid until').count()).toBe(0);

    // Monthly view: every plan, the save alert, Continue disabled until a plan is picked.
    for (const name of ['Startup', 'Company', 'Enterprise']) {
      await expect
        .poll(() => page.getByRole('radio', { name: new RegExp(name) }).isVisible())
        .toBe(true);
    }
    await expect.poll(() => page.getByText('Save 20% with a yearly plan.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('$19 / month').isVisible()).toBe(true);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect.poll(() => continueButton.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-monthly');

    // Yearly view: the Save badge, per-month price from the yearly amount, no save alert.
    await page.getByRole('button', { name: 'Switch to yearly' }).click();
    await expect.poll(() => page.getByText('Save 20%', { exact: true }).count()).toBe(3);
    await expect.poll(() => page.getByText('Save 20% with a yearly plan.').count()).toBe(0);
    await expect.poll(() => page.getByText('$39 / month').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('$470 billed yearly').isVisible()).toBe(true);
    await page.getByRole('radio', { name: /Company/ }).check();
    await expect.poll(() => continueButton.isEnabled()).toBe(true);
    await continueButton.click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.innerText()).toContain('$470.40');
    await expect.poll(() => dialog.innerText()).toContain('1 year');
    // The dialog fades in: its colours are checked once it has settled.
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'subscription-checkout-modal');
    const before = stripe.sessions.length;
    await dialog.getByRole('button', { name: 'Pay with Stripe' }).click();

    await page.waitForURL(`${stripe.url}/c/pay/**`);
    expect(stripe.sessions.length).toBe(before + 1);
    const session = stripe.sessions.at(-1);
    expect(page.url()).toBe(`${stripe.url}/c/pay/${session?.id}`);
    expect(session).toMatchObject({
      amount_total: 47_040,
      metadata: { companyId: String(await companyIdOf(email)), product: 'COMPANY', months: '12' },
    });
    expect(page.errors).toEqual([]);
  });

  it('back from Stripe, waits for the webhook, then shows the new plan with a success toast', async () => {
    const account = await registerAccount(console_.server);
    const companyId = await companyIdOf(account.email);
    const { body } = await console_.server.call(
      'POST',
      `/api/v1/companies/${companyId}/subscription/upgrade/`,
      {
        token: account.token,
        body: { product: 'STARTUP', months: 1, channel: 'STRIPE', amount: 19 },
      },
    );
    const session = stripe.sessions.find((s) => body.link.endsWith(s.id));
    if (!session) throw new Error('no session');

    const page = await console_.open();
    await logIn(page, console_.server, account);
    await page.goto(`${console_.server.url}/admin/subscription?checkout=success`);
    await expect
      .poll(() => page.getByText('We are confirming your payment with Stripe').isVisible())
      .toBe(true);
    await expect.poll(() => stat(page, 'Current plan').innerText()).toContain('Free');
    await expect.poll(() => page.getByRole('cell', { name: 'Pending' }).isVisible()).toBe(true);

    const payload = stripe.completedEvent(session.id);
    const delivered = await console_.server.call('POST', '/api/v1/billing/stripe-webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    });
    expect(delivered.status).toBe(200);

    await expectToast(page, 'Payment received');
    await expect.poll(() => stat(page, 'Current plan').innerText()).toContain('Startup');
    await expect.poll(() => stat(page, 'Valid until').isVisible()).toBe(true);
    await expect.poll(() => stat(page, 'Active boards').innerText()).toContain('0 of 2');
    await expect.poll(() => page.getByRole('cell', { name: 'Paid' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('We are confirming your payment with Stripe').count())
      .toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await saveScreenshot(page, 'subscription-paid');
    expect(page.errors).toEqual([]);
  });

  it('hides lower tiers, shows unlimited caps, and sends an invoice request', async () => {
    const { page, email } = await openSubscription();
    await setPlan(console_.server, await companyIdOf(email), 'ULTRA');
    await page.reload();
    await expect.poll(() => stat(page, 'Current plan').innerText()).toContain('Enterprise');
    await expect.poll(() => stat(page, 'Active boards').innerText()).toContain('0 of unlimited');
    await expect.poll(() => page.getByRole('radio', { name: /Enterprise/ }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('input[name=plan]').count()).toBe(1);

    await page.getByLabel('Invoice details').fill('ACME Ltd, 1 Main St, VAT PL1234567890');
    await page.getByRole('button', { name: 'Request invoice' }).click();
    await expectToast(page, 'Invoice requested');
    await expect
      .poll(
        async () =>
          (
            await console_.server.deps.prisma.mail.findFirst({
              where: { to: console_.server.deps.config.billingEmail },
              orderBy: { id: 'desc' },
            })
          )?.text ?? '',
      )
      .toContain('ACME Ltd, 1 Main St, VAT PL1234567890');
  });

  it('speaks Polish to a Polish account', async () => {
    const account = await registerAccount(console_.server);
    const saved = await console_.server.call('PUT', '/api/v1/profile/language', {
      token: account.token,
      body: { language: 'pl-PL' },
    });
    expect(saved.status).toBe(200);
    const page = await console_.open();
    await logIn(page, console_.server, account);
    await page.goto(`${console_.server.url}/admin/subscription`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Plan i płatności', level: 1 }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText('Oszczędź 20% z planem rocznym.').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Przełącz na roczny' }).click();
    await expect.poll(() => page.getByText('Oszczędzasz 20%', { exact: true }).count()).toBe(3);
    await expect.poll(() => page.getByText('Do 2 aktywnych tablic').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Dalej' }).isDisabled()).toBe(true);
  });

  it('explains that payments are not configured and offers no checkout', async () => {
    const { deps } = console_.server;
    const stripeClient = deps.stripe;
    // The same server without a payment provider, as when STRIPE_SECRET_KEY is unset.
    deps.stripe = null;
    try {
      const { page } = await openSubscription();
      await expect
        .poll(() => page.getByText('Payments are not configured on this server.').isVisible())
        .toBe(true);
      // Nothing is for sale: no plan to pick, no Continue.
      expect(await page.getByRole('radio', { name: /Startup/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
      await saveScreenshot(page, 'subscription-not-configured');
    } finally {
      deps.stripe = stripeClient;
    }
  });
});
