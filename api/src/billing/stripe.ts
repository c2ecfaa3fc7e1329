import type Stripe from 'stripe';
import type { TConfig } from '../config.ts';

/**
 * The Stripe client, created with the first payment call: the SDK is about 300 KB of code that
 * a start would parse and run for nothing (most starts take no payment).
 */
export type TStripe = { client: () => Promise<Stripe> };

/**
 * The Stripe client, or null when payments are not configured. Both keys are needed: without
 * the webhook secret a payment could be taken but never granted.
 */
export function createStripe(
  config: Pick<TConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'>,
): TStripe | null {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return null;
  const { stripeSecretKey } = config;
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  let ready: Promise<Stripe> | undefined;
  const create = (StripeClient: typeof Stripe) =>
    new StripeClient(stripeSecretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  return {
    client: () =>
      (ready ??= import('stripe').then(({ default: StripeClient }) => create(StripeClient))),
  };
}
