import type Stripe from 'stripe';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { paymentsNotConfigured } from '../company/upgrade-subscription.ts';
import { failCheckout, settleCheckout } from './settle-checkout.ts';

/**
 * A Stripe webhook delivery: the signature is checked on the raw body with
 * STRIPE_WEBHOOK_SECRET before anything is read (a bad one is a 400 and changes nothing), then
 * paid Checkout Sessions are granted once (settle-checkout.ts). Other events are acknowledged.
 */
export async function handleStripeWebhook(
  deps: TDeps,
  rawBody: Uint8Array,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (!signature) {
    throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  }
  const secret = deps.config.stripeWebhookSecret;
  if (!deps.stripe || !secret) throw paymentsNotConfigured();
  const stripe = await deps.stripe.client();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe signature of this request is not valid.');
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const result = await settleCheckout(deps, event.id, event.data.object);
      deps.log.info(`Stripe ${event.type} ${event.id}: ${result}`);
      break;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      await failCheckout(deps, event.data.object);
      break;
    default:
      break;
  }
  return { received: true };
}
