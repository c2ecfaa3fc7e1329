import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';

/**
 * The header of Feedboard's own signature, `t=<unix seconds>,v1=<hex HMAC-SHA256>`: kept beside
 * the Standard Webhooks headers for one more release (README, "Webhooks"), then dropped.
 */
export const SIGNATURE_HEADER = 'Feedboard-Signature';

/** Every secret starts with this (Standard Webhooks' prefix), so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** How long the secret before a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

/** HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret, as lower-case hex. */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Feedboard-Signature header value of one attempt. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signWebhookBody(secret, timestamp, body)}`;
}

/**
 * A secret's Standard Webhooks key: the bytes its base64 part stands for. Secrets are made in
 * standard base64; ones made before Standard Webhooks were base64url, which Node's decoder reads
 * too (a receiver's library wants `-` and `_` written as `+` and `/`: README, "Webhooks").
 */
function standardKey(secret: string): Uint8Array {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  return new Uint8Array(Buffer.from(encoded, 'base64'));
}

/** What one delivery attempt is signed with: the secret, and the one before it while valid. */
export type TSigningSecrets = {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/**
 * The Standard Webhooks headers of one attempt (https://www.standardwebhooks.com): the message
 * id (the delivery's, the same on every retry, so receivers drop repeats), the attempt's time
 * (receivers refuse one outside their replay window, five minutes in the libraries) and a `v1,`
 * signature per valid secret, space-separated: during a rotation's window both verify.
 */
export function standardWebhookHeaders(
  secrets: TSigningSecrets,
  deliveryId: number,
  timestamp: number,
  body: string,
): Record<string, string> {
  const messageId = `msg_${deliveryId}`;
  const at = new Date(timestamp * 1000);
  const keys = [secrets.secret];
  if (
    secrets.previousSecret &&
    secrets.previousSecretExpiresAt &&
    secrets.previousSecretExpiresAt.getTime() > timestamp * 1000
  ) {
    keys.push(secrets.previousSecret);
  }
  const signature = keys
    .map((key) =>
      new StandardWebhook(standardKey(key), { format: 'raw' }).sign(messageId, at, body),
    )
    .join(' ');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  };
}
