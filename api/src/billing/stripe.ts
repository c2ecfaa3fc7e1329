import Stripe from 'stripe';
import type { TConfig } from '../config.ts';

/**
 * The Stripe client, or null when payments are not configured. Both keys are needed: without
 * the webhook secret a payment could be taken but never granted.
 */
export function createStripe(
  config: Pick<TConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'>,
): Stripe | null {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return null;
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  return new Stripe(config.stripeSecretKey, {
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
}
