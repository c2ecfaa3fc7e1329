import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_STRIPE_SECRET_KEY = 'sk_test_feedboard_stand_in';
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_feedboard_stand_in';

type TSession = Record<string, unknown> & {
  id: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
};

export type TStripeStandIn = {
  url: string;
  /** Checkout Sessions created so far, oldest first. */
  sessions: TSession[];
  /** Bodies of every create call, parsed from Stripe's form encoding. */
  createCalls: Record<string, unknown>[];
  /** Config overrides pointing a Feedboard server at this stand-in. */
  config: { stripeSecretKey: string; stripeWebhookSecret: string; stripeApiUrl: string };
  /** A `checkout.session.completed` event body for a session (paid), as Stripe would send it. */
  completedEvent: (
    sessionId: string,
    options?: { eventId?: string; amountTotal?: number },
  ) => string;
  /** The Stripe-Signature header for a body, signed with the webhook secret (or `secret`). */
  sign: (payload: string, secret?: string) => string;
  close: () => Promise<void>;
};

/** Parses Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: any = root;
    path.forEach((part, index) => {
      const isLast = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      if (isLast) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for the part of Stripe's API that Feedboard calls: `POST /v1/checkout/sessions`
 * and `GET /v1/checkout/sessions/{id}`, answering Checkout Session objects as Stripe's API
 * reference documents them (bearer secret key, form-encoded bodies, idempotency keys). Its
 * hosted "checkout page" is a plain page under `/c/pay/{id}`.
 */
export async function startStripeStandIn(): Promise<TStripeStandIn> {
  const sessions: TSession[] = [];
  const createCalls: Record<string, unknown>[] = [];
  const byIdempotencyKey = new Map<string, TSession>();
  let url = '';
  let counter = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method === 'GET' && path.startsWith('/c/pay/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        // An inline icon: the browser's own /favicon.ico request would meet the API's 401 and
        // show up, at random, among the page's console errors.
        res.end(
          '<!doctype html><link rel="icon" href="data:,"><title>Stripe Checkout (stand-in)</title><h1>Pay</h1>',
        );
        return;
      }
      if (req.headers.authorization !== `Bearer ${TEST_STRIPE_SECRET_KEY}`) {
        send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
        });
        return;
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const params = parseStripeForm(await readBody(req)) as any;
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (known) {
          send(res, 200, known);
          return;
        }
        createCalls.push(params);
        const items: any[] = params.line_items ?? [];
        const amountTotal = items.reduce(
          (sum, item) => sum + Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1),
          0,
        );
        if (params.mode !== 'payment' || !Number.isFinite(amountTotal) || !params.success_url) {
          send(res, 400, {
            error: { type: 'invalid_request_error', message: 'Missing required param.' },
          });
          return;
        }
        counter += 1;
        const id = `cs_test_${counter}_${Math.random().toString(36).slice(2, 10)}`;
        const session: TSession = {
          id,
          object: 'checkout.session',
          amount_subtotal: amountTotal,
          amount_total: amountTotal,
          cancel_url: params.cancel_url ?? null,
          client_reference_id: params.client_reference_id ?? null,
          created: Math.floor(Date.now() / 1000),
          currency: items[0]?.price_data?.currency ?? 'usd',
          livemode: false,
          metadata: params.metadata ?? {},
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: params.success_url,
          url: `${url}/c/pay/${id}`,
        };
        sessions.push(session);
        if (typeof key === 'string') byIdempotencyKey.set(key, session);
        send(res, 200, session);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      const found = match && sessions.find((s) => s.id === match[1]);
      if (req.method === 'GET' && found) {
        send(res, 200, found);
        return;
      }
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` },
      });
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stripe = new Stripe(TEST_STRIPE_SECRET_KEY);

  return {
    url,
    sessions,
    createCalls,
    config: {
      stripeSecretKey: TEST_STRIPE_SECRET_KEY,
      stripeWebhookSecret: TEST_STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: url,
    },
    completedEvent: (sessionId, options = {}) => {
      const session = sessions.find((s) => s.id === sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return JSON.stringify({
        id: options.eventId ?? `evt_test_${Math.random().toString(36).slice(2, 12)}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type: 'checkout.session.completed',
        data: {
          object: {
            ...session,
            amount_total: options.amountTotal ?? session.amount_total,
            payment_status: 'paid',
            status: 'complete',
            payment_intent: `pi_test_${session.id}`,
          },
        },
      });
    },
    sign: (payload, secret = TEST_STRIPE_WEBHOOK_SECRET) =>
      stripe.webhooks.generateTestHeaderString({ payload, secret }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
