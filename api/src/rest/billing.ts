import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { handleStripeWebhook } from '../services/billing/handle-stripe-webhook.ts';
import { jsonRoute } from './route.ts';
import type { TRestRoute } from './route.ts';

const ZStripeEvent = z
  .looseObject({
    id: z.string().meta({ description: 'The event id (`evt_…`).' }),
    type: z.string().meta({ description: 'e.g. `checkout.session.completed`.' }),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .meta({ description: 'A Stripe event, exactly as Stripe signed it.' });

/** Calls from the payment provider: identified by their signature, not a session. */
export function billingRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'post',
      path: '/billing/stripe-webhook',
      operationId: 'receiveStripeWebhook',
      tag: 'Billing',
      summary: 'Stripe webhook: grants paid Checkout Sessions, once per payment',
      description:
        'Verified with the `Stripe-Signature` header over the raw body (STRIPE_WEBHOOK_SECRET); a bad signature is a 400 and changes nothing. `checkout.session.completed` (paid) marks the Payment PAID, sets the plan and extends the expiry by the months bought from the later of now and the current expiry; a replayed or concurrent delivery of the same event changes nothing more. 503 when payments are not configured.',
      auth: 'none',
      request: { body: ZStripeEvent },
      errors: [503],
      response: z.object({ received: z.literal(true) }),
      handle: async (c) =>
        handleStripeWebhook(
          deps,
          new Uint8Array(await c.req.arrayBuffer()),
          c.req.header('stripe-signature'),
        ),
    }),
  ];
}
