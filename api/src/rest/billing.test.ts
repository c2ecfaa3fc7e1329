import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../services/plan/plans.ts';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall } from '../testing/rest-fixtures.ts';
import { startStripeStandIn } from '../testing/stripe-stand-in.ts';
import type { TStripeStandIn } from '../testing/stripe-stand-in.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let stripe: TStripeStandIn;
let server: TTestServer;
let unconfigured: TTestServer;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  [server, unconfigured] = await Promise.all([
    startTestServer({
      ...stripe.config,
      appUrl: 'https://feedboard.example',
      billingEmail: 'invoices@feedboard.example',
    }),
    // FREE as before DEFAULT_PLAN: buying STARTUP is an upgrade, so the answer is the missing
    // provider (a company on ULTRA, the default without payments, would be told it is lower).
    startTestServer({ defaultPlan: 'FREE' }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), unconfigured?.close()]);
  await stripe?.close();
});

const DAY = 86_400_000;
const PRICES = { STARTUP: [19, 182.4], COMPANY: [49, 470.4], ULTRA: [199, 1910.4] } as const;
type TPaid = keyof typeof PRICES;

const order = (product: TPaid, months: 1 | 12 = 1) => ({
  product,
  months,
  channel: 'STRIPE',
  amount: PRICES[product][months === 1 ? 0 : 1],
});

/** Starts a checkout over REST; answers the link and the session the stand-in created. */
async function checkout(account: TTestAccount, product: TPaid, months: 1 | 12 = 1) {
  const { link } = await expectCall(
    server,
    'POST',
    `/companies/${account.companyId}/subscription/upgrade/`,
    200,
    { token: account.token, body: order(product, months) },
  );
  const session = stripe.sessions.at(-1);
  if (!session) throw new Error('no session');
  return { link: link as string, session };
}

const deliver = (payload: string, signature = stripe.sign(payload), to = server) =>
  to.call('POST', '/api/v1/billing/stripe-webhook', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });

const subscriptionOf = (companyId: number) =>
  server.deps.prisma.subscription.findUniqueOrThrow({ where: { companyId } });
const paymentOf = (sessionId: string) =>
  server.deps.prisma.payment.findUniqueOrThrow({ where: { providerSessionId: sessionId } });

describe('GET /companies/{id}/pricing from configuration', () => {
  it('serves the configured monthly prices, yearly 20% off', async () => {
    const priced = await startTestServer({
      monthlyPricesMinor: { STARTUP: 1_000, COMPANY: 2_500, ULTRA: 9_999 },
    });
    try {
      const owner = await signUpCompany(priced);
      const response = await priced.call('GET', `/api/v1/companies/${owner.companyId}/pricing`, {
        token: owner.token,
      });
      expect(response.body[2]).toEqual({
        product: 'ULTRA',
        options: [
          { months: 1, price: { amountMinor: 9_999, amount: 99.99 } },
          {
            months: 12,
            price: { amountMinor: 119_988, amount: 1199.88 },
            discountedPrice: { amountMinor: 95_990, amount: 959.9 },
          },
        ],
      });
      const { body } = await gql(
        priced,
        '{ pricing { product options { months price { amountMinor } } } }',
      );
      expect(body.data.pricing[0]).toEqual({
        product: 'STARTUP',
        options: [
          { months: 1, price: { amountMinor: 1_000 } },
          { months: 12, price: { amountMinor: 12_000 } },
        ],
      });
    } finally {
      await priced.close();
    }
  });
});

describe('POST /companies/{id}/subscription/upgrade/ with Stripe', () => {
  it('opens a Stripe Checkout Session for the server price and answers its link', async () => {
    const owner = await signUpCompany(server);
    const { link, session } = await checkout(owner, 'COMPANY', 12);
    expect(link).toBe(`${stripe.url}/c/pay/${session.id}`);
    const call = stripe.createCalls.at(-1) as any;
    expect(call).toMatchObject({
      mode: 'payment',
      success_url: 'https://feedboard.example/admin/subscription?checkout=success',
      cancel_url: 'https://feedboard.example/admin/subscription?checkout=cancel',
      metadata: { companyId: String(owner.companyId), product: 'COMPANY', months: '12' },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '47040' } }],
    });
    const payment = await paymentOf(session.id);
    expect(payment).toMatchObject({
      companyId: owner.companyId,
      product: 'COMPANY',
      months: 12,
      amountMinor: 47_040,
      status: 'PENDING',
      paidAt: null,
    });
    // Nothing is granted before Stripe confirms the payment.
    expect((await subscriptionOf(owner.companyId)).product).toBe('FREE');
    // The audit log records who started it, from where (services/audit).
    const entries = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: owner.companyId, action: { startsWith: 'PLAN_' } },
    });
    expect(entries).toMatchObject([
      {
        action: 'PLAN_CHECKOUT_STARTED',
        actorUserId: owner.userId,
        address: '127.0.0.1',
        targetType: 'Payment',
        targetId: String(payment.id),
        details: { product: 'COMPANY', months: 12, amountMinor: 47_040 },
      },
    ]);
  });

  it('is also the GraphQL mutation upgradeSubscription', async () => {
    const owner = await signUpCompany(server);
    const UPGRADE = `mutation ($product: Product!, $months: Int!, $amount: Float!) {
      upgradeSubscription(product: $product, months: $months, amount: $amount) {
        __typename ... on MutationUpgradeSubscriptionSuccess { data { link } } ${APP_ERROR} } }`;
    const ok = await mutate(
      server,
      'upgradeSubscription',
      UPGRADE,
      { product: 'STARTUP', months: 1, amount: 19 },
      owner.token,
    );
    expect(ok.link).toBe(`${stripe.url}/c/pay/${stripe.sessions.at(-1)?.id}`);
    const tampered = await mutate(
      server,
      'upgradeSubscription',
      UPGRADE,
      { product: 'STARTUP', months: 1, amount: 1 },
      owner.token,
    );
    expect(tampered).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'amount', message: "It has to be the plan's current price: 19.00." }],
    });
    const member = await addEndUser(server, owner.companyId);
    const { body } = await gql(
      server,
      UPGRADE,
      { product: 'ULTRA', months: 1, amount: 199 },
      member.token,
    );
    expect(body.errors?.[0]?.extensions?.code ?? body.data?.upgradeSubscription?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('refuses a tampered amount without opening a session', async () => {
    const owner = await signUpCompany(server);
    const before = stripe.createCalls.length;
    for (const amount of [0.19, 18.99, 228, 19.01]) {
      const body = await expectCall(
        server,
        'POST',
        `/companies/${owner.companyId}/subscription/upgrade/`,
        400,
        { token: owner.token, body: { ...order('STARTUP'), amount } },
      );
      expect(body.error.fields).toEqual([
        { field: 'amount', message: "It has to be the plan's current price: 19.00." },
      ]);
    }
    expect(stripe.createCalls.length).toBe(before);
    expect(await server.deps.prisma.payment.count({ where: { companyId: owner.companyId } })).toBe(
      0,
    );
  });

  it('refuses a plan below the one in force, and allows the same plan (a top-up) or a higher one', async () => {
    const owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'COMPANY');
    const refused = await expectCall(
      server,
      'POST',
      `/companies/${owner.companyId}/subscription/upgrade/`,
      400,
      { token: owner.token, body: order('STARTUP') },
    );
    expect(refused.error.fields).toEqual([
      {
        field: 'product',
        message: 'Your plan is COMPANY: a lower plan cannot be bought while it lasts.',
      },
    ]);
    await checkout(owner, 'COMPANY');
    await checkout(owner, 'ULTRA', 12);
    // Once the plan has expired, FREE is in force and every plan is on sale again.
    await setPlan(server, owner.companyId, 'ULTRA', new Date(Date.now() - DAY));
    await checkout(owner, 'STARTUP');
  });

  it('answers 503 UNAVAILABLE when Stripe refuses the call, and leaves the payment FAILED', async () => {
    const refused = await startTestServer({ ...stripe.config, stripeSecretKey: 'sk_test_wrong' });
    try {
      const owner = await signUpCompany(refused);
      const response = await refused.call(
        'POST',
        `/api/v1/companies/${owner.companyId}/subscription/upgrade/`,
        { token: owner.token, body: order('STARTUP') },
      );
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('UNAVAILABLE');
      const payments = await refused.deps.prisma.payment.findMany();
      expect(payments.map((p) => [p.status, p.providerSessionId])).toEqual([['FAILED', null]]);
      expect((await refused.deps.prisma.subscription.findFirstOrThrow()).product).toBe('FREE');
    } finally {
      await refused.close();
    }
  });

  it('requires authentication (GraphQL)', async () => {
    const { body } = await gql(
      server,
      `mutation { upgradeSubscription(product: STARTUP, months: 1, amount: 19) {
        __typename ${APP_ERROR} } }`,
    );
    const code = body.errors?.[0]?.extensions?.code ?? body.data?.upgradeSubscription?.code;
    expect(code).toBe('UNAUTHENTICATED');
  });

  it('answers PAYMENTS_NOT_CONFIGURED without Stripe keys, and opens nothing', async () => {
    const owner = await signUpCompany(unconfigured);
    const response = await unconfigured.call(
      'POST',
      `/api/v1/companies/${owner.companyId}/subscription/upgrade/`,
      { token: owner.token, body: order('STARTUP') },
    );
    expect(response.status).toBe(503);
    expect(response.body.error).toEqual({
      code: 'PAYMENTS_NOT_CONFIGURED',
      message: 'Payments are not configured on this server.',
    });
    expect(await unconfigured.deps.prisma.payment.count()).toBe(0);
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: {} },
    });
    const webhook = await deliver(payload, stripe.sign(payload), unconfigured);
    expect(webhook.status).toBe(503);
  });
});

describe('POST /billing/stripe-webhook', () => {
  it('grants a completed checkout: payment PAID, plan set, expiry a month from now', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'STARTUP');
    const started = Date.now();
    const response = await deliver(stripe.completedEvent(session.id, { eventId: 'evt_grant_1' }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });
    const subscription = await subscriptionOf(owner.companyId);
    expect(subscription.product).toBe('STARTUP');
    const expected = addMonths(new Date(started), 1).getTime();
    expect(Math.abs((subscription.expiresAt?.getTime() ?? 0) - expected)).toBeLessThan(60_000);
    expect(await paymentOf(session.id)).toMatchObject({
      status: 'PAID',
      providerEventId: 'evt_grant_1',
      paidAt: expect.any(Date),
    });
    const view = await expectCall(
      server,
      'GET',
      `/companies/${owner.companyId}/subscription`,
      200,
      {
        token: owner.token,
      },
    );
    expect(view).toMatchObject({ product: 'STARTUP', usage: { activeBoards: { cap: 2 } } });
  });

  it('applies a replayed event once: no second extension', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'COMPANY');
    const payload = stripe.completedEvent(session.id);
    expect((await deliver(payload)).status).toBe(200);
    const first = await subscriptionOf(owner.companyId);
    for (let i = 0; i < 3; i += 1) expect((await deliver(payload)).status).toBe(200);
    // Stripe may also send a new event id for the same session (e.g. async_payment_succeeded).
    expect((await deliver(stripe.completedEvent(session.id))).status).toBe(200);
    const after = await subscriptionOf(owner.companyId);
    expect(after.expiresAt).toEqual(first.expiresAt);
    expect(after.product).toBe('COMPANY');
  });

  it('applies concurrent deliveries of the same event once', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'ULTRA', 12);
    const started = Date.now();
    const payload = stripe.completedEvent(session.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const subscription = await subscriptionOf(owner.companyId);
    const expected = addMonths(new Date(started), 12).getTime();
    expect(Math.abs((subscription.expiresAt?.getTime() ?? 0) - expected)).toBeLessThan(60_000);
    expect(
      await server.deps.prisma.payment.count({
        where: { companyId: owner.companyId, status: 'PAID' },
      }),
    ).toBe(1);
  });

  it('extends from the current expiry when the plan is still running, whatever order events arrive in', async () => {
    const owner = await signUpCompany(server);
    const until = new Date(Date.now() + 10 * DAY);
    await setPlan(server, owner.companyId, 'STARTUP', until);
    const older = await checkout(owner, 'STARTUP');
    const newer = await checkout(owner, 'COMPANY', 12);
    // The later purchase is confirmed first; the plan never drops back to the lower one.
    await deliver(stripe.completedEvent(newer.session.id));
    await deliver(stripe.completedEvent(older.session.id));
    const subscription = await subscriptionOf(owner.companyId);
    expect(subscription.product).toBe('COMPANY');
    expect(subscription.expiresAt).toEqual(addMonths(addMonths(until, 12), 1));
  });

  it('keeps a plan without an end date without one, and lifts it to the higher plan bought', async () => {
    const owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'STARTUP', null);
    const { session } = await checkout(owner, 'ULTRA');
    await deliver(stripe.completedEvent(session.id));
    expect(await subscriptionOf(owner.companyId)).toMatchObject({
      product: 'ULTRA',
      expiresAt: null,
    });
    expect((await paymentOf(session.id)).status).toBe('PAID');
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'ULTRA');
    const payload = stripe.completedEvent(session.id);
    const tampered = payload.replace('"paid"', '"paid" ');
    for (const [body, signature] of [
      [payload, stripe.sign(payload, 'whsec_someone_else')],
      [payload, 't=1,v1=deadbeef'],
      [payload, ''],
      [tampered, stripe.sign(payload)],
      [payload, stripe.sign(payload).replace(/t=\d+/, 't=1000')],
    ] as const) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
    }
    expect((await subscriptionOf(owner.companyId)).product).toBe('FREE');
    expect((await paymentOf(session.id)).status).toBe('PENDING');
  });

  it('does not grant a session whose paid amount differs from the payment', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'ULTRA');
    const response = await deliver(stripe.completedEvent(session.id, { amountTotal: 100 }));
    expect(response.status).toBe(200);
    expect((await subscriptionOf(owner.companyId)).product).toBe('FREE');
    expect((await paymentOf(session.id)).status).toBe('PENDING');
  });

  it('keeps a paid payment paid when an expiry event arrives late', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'STARTUP');
    await deliver(stripe.completedEvent(session.id));
    const expired = JSON.stringify({
      id: 'evt_expired_late',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { ...session, status: 'expired' } },
    });
    expect((await deliver(expired)).status).toBe(200);
    expect((await paymentOf(session.id)).status).toBe('PAID');
    const abandoned = await checkout(owner, 'STARTUP');
    const expiredToo = JSON.stringify({
      id: 'evt_expired_abandoned',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { ...abandoned.session, status: 'expired' } },
    });
    await deliver(expiredToo);
    expect((await paymentOf(abandoned.session.id)).status).toBe('FAILED');
  });
});

describe('expiry', () => {
  it('falls back to FREE caps once expiresAt passes (boards view-only, ideas hidden), and a payment brings them back', async () => {
    const owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'STARTUP');
    const boards: number[] = [];
    for (const name of ['First board', 'Second board']) {
      const { id } = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
        token: owner.token,
        body: { name },
      });
      boards.push(id);
    }
    for (let i = 1; i <= 7; i += 1) {
      await expectCall(server, 'POST', '/ideas/', 201, {
        token: owner.token,
        headers: { 'x-board-id': String(boards[0]) },
        body: { title: `Idea number ${i}`, description: 'An idea for the expiry test.' },
      });
    }
    await server.deps.prisma.idea.updateMany({
      where: { board: { companyId: owner.companyId } },
      data: { status: 'OPEN' },
    });
    await setPlan(server, owner.companyId, 'STARTUP', new Date(Date.now() - 1000));

    const view = await expectCall(
      server,
      'GET',
      `/companies/${owner.companyId}/subscription`,
      200,
      {
        token: owner.token,
      },
    );
    expect(view).toEqual({
      product: 'FREE',
      expiresAt: null,
      usage: { activeBoards: { used: 2, cap: 1 }, ideas: { used: 7, cap: 5 } },
    });
    const list = await expectCall(server, 'GET', `/companies/${owner.companyId}/boards`, 200, {
      token: owner.token,
    });
    expect(list.map((b: any) => [b.id, b.active])).toEqual([
      [boards[0], true],
      [boards[1], false],
    ]);
    const limits = await expectCall(server, 'GET', `/boards/${boards[0]}/limits`, 200, {
      token: owner.token,
    });
    expect(limits.cappedIdeas).toBe(2);

    const { session } = await checkout(owner, 'STARTUP');
    await deliver(stripe.completedEvent(session.id));
    const restored = await expectCall(server, 'GET', `/companies/${owner.companyId}/boards`, 200, {
      token: owner.token,
    });
    expect(restored.every((b: any) => b.active)).toBe(true);
    const after = await expectCall(server, 'GET', `/boards/${boards[0]}/limits`, 200, {
      token: owner.token,
    });
    expect(after.cappedIdeas).toBe(0);
  });
});

describe('payments history and invoice requests (GraphQL)', () => {
  it('lists the company’s payments newest first and mails an invoice request to the billing address', async () => {
    const owner = await signUpCompany(server);
    const { session } = await checkout(owner, 'STARTUP');
    await deliver(stripe.completedEvent(session.id));
    await checkout(owner, 'COMPANY', 12);
    const { body } = await gql(
      server,
      `{ viewer { company { payments { edges { node { product months status amount { amount } paidAt } } } } } }`,
      {},
      owner.token,
    );
    expect(body.data.viewer.company.payments.edges.map((edge: any) => edge.node)).toEqual([
      {
        product: 'COMPANY',
        months: 12,
        status: 'PENDING',
        amount: { amount: 470.4 },
        paidAt: null,
      },
      {
        product: 'STARTUP',
        months: 1,
        status: 'PAID',
        amount: { amount: 19 },
        paidAt: expect.any(String),
      },
    ]);

    // The same history over REST, as the spec's JSON.
    const history = await expectCall(server, 'GET', `/companies/${owner.companyId}/payments`, 200, {
      token: owner.token,
    });
    expect(history).toEqual([
      {
        id: expect.any(Number),
        product: 'COMPANY',
        months: 12,
        amount: { amountMinor: 47_040, amount: 470.4 },
        currency: 'usd',
        status: 'PENDING',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        paidAt: null,
      },
      {
        id: expect.any(Number),
        product: 'STARTUP',
        months: 1,
        amount: { amountMinor: 1_900, amount: 19 },
        currency: 'usd',
        status: 'PAID',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(history[1].id).toBeLessThan(history[0].id);
    const other = await signUpCompany(server);
    await expectCall(server, 'GET', `/companies/${other.companyId}/payments`, 200, {
      token: other.token,
    }).then((list) => expect(list).toEqual([]));
    await expectCall(server, 'GET', `/companies/${owner.companyId}/payments`, 404, {
      token: other.token,
    });

    const REQUEST = `mutation ($details: String!) { requestInvoice(details: $details) {
      __typename ... on MutationRequestInvoiceSuccess { data } ${APP_ERROR} } }`;
    const short = await mutate(server, 'requestInvoice', REQUEST, { details: 'ACME' }, owner.token);
    expect(short.fields).toEqual([
      { field: 'details', message: 'It has to be 6 characters at least.' },
    ]);
    const sent = await mutate(
      server,
      'requestInvoice',
      REQUEST,
      { details: 'ACME Ltd, 1 Main St, VAT PL1234567890' },
      owner.token,
    );
    expect(sent).toBe(true);
    const mail = await server.deps.prisma.mail.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(mail.to).toBe('invoices@feedboard.example');
    expect(mail.subject).toContain(`company ${owner.companyId}`);
    expect(mail.text).toContain('ACME Ltd, 1 Main St, VAT PL1234567890');
    expect(mail.text).toContain('STARTUP 1 month(s), 19.00 USD');

    const member = await addEndUser(server, owner.companyId);
    const memberView = await gql(
      server,
      '{ viewer { company { payments { edges { node { id } } } } } }',
      {},
      member.token,
    );
    expect(memberView.body.data.viewer.company.payments).toBeNull();
  });
  it('pages through the payments newest first, and refuses a cursor of another company’s', async () => {
    const owner = await signUpCompany(server);
    const stranger = await signUpCompany(server);
    const { prisma } = server.deps;
    // Five purchases, two of them in the same second (the id orders them, newest first).
    const at = (n: number) => new Date(Date.UTC(2026, 5, 1, 10, n === 2 ? 1 : n));
    const made = [];
    for (let n = 0; n < 5; n++) {
      made.push(
        await prisma.payment.create({
          data: {
            companyId: owner.companyId,
            product: 'STARTUP',
            months: 1,
            amountMinor: 1900 + n,
            createdAt: at(n),
          },
        }),
      );
    }
    const theirs = await prisma.payment.create({
      data: { companyId: stranger.companyId, product: 'COMPANY', months: 1, amountMinor: 4900 },
    });
    const PAGE = `query ($after: String) { viewer { company { payments(first: 2, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } } }`;
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const { body } = await gql(server, PAGE, { after }, owner.token);
      const payments = body.data.viewer.company.payments;
      ids.push(...payments.edges.map((edge: any) => edge.node.id));
      if (!payments.pageInfo.hasNextPage) break;
      after = payments.pageInfo.endCursor;
    }
    const newestFirst = [...made].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    );
    expect(ids).toEqual(newestFirst.map((payment) => String(payment.id)));

    const foreign = Buffer.from(`GPC:N:${theirs.id}`).toString('base64');
    for (const cursor of [foreign, 'not a cursor']) {
      const { body } = await gql(server, PAGE, { after: cursor }, owner.token);
      expect(body.data.viewer.company.payments, cursor).toBeNull();
      expect(body.errors[0].extensions, cursor).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
      });
    }
  });
});
