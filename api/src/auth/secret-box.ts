import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Integration secrets at rest (Slack webhook URLs, GitHub tokens, Linear keys, their webhook
 * signing secrets): sealed with AES-256-GCM under SECRETS_KEY, never stored or answered in
 * clear. A sealed value reads `box1$<key id>$<iv>$<tag>$<ciphertext>` (base64url), where the key
 * id is the first 8 hex digits of the key's SHA-256, so a value names the key that opens it.
 *
 * Rotation: put the new key in SECRETS_KEY and the old one(s) in SECRETS_KEYS_PREVIOUS
 * (comma-separated); values sealed under an old key still open, `needsReseal` tells which to
 * seal again, and `npm run secrets:reseal` re-seals every stored one under the new key, after
 * which the old key can be dropped.
 */
export type TSecretKey = { id: string; key: Buffer };
export type TSecretKeys = { current: TSecretKey; previous: TSecretKey[] };

const SEALED = /^box1\$([0-9a-f]{8})\$([\w-]+)\$([\w-]+)\$([\w-]+)$/;

/** Thrown when no key is configured, or the key a value was sealed with is not configured. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

function secretKey(material: string): TSecretKey {
  const key = createHash('sha256').update(material, 'utf8').digest();
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** The key ring from SECRETS_KEY and SECRETS_KEYS_PREVIOUS; null when SECRETS_KEY is unset. */
export function parseSecretKeys(
  current: string | undefined,
  previous: string | undefined,
): TSecretKeys | null {
  if (!current) return null;
  const old = (previous ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(secretKey);
  return { current: secretKey(current), previous: old };
}

function required(keys: TSecretKeys | null): TSecretKeys {
  if (!keys) throw new SecretKeyError('SECRETS_KEY is not set, so secrets cannot be stored.');
  return keys;
}

/** Seals `plain` under the current key. */
export function sealSecret(keys: TSecretKeys | null, plain: string): string {
  const { current } = required(keys);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return ['box1', current.id, ...parts].join('$');
}

/** Opens what `sealSecret` made, under the current or a previous key. */
export function openSecret(keys: TSecretKeys | null, sealed: string): string {
  const ring = required(keys);
  const match = SEALED.exec(sealed);
  if (!match) throw new SecretKeyError('The stored value is not a sealed secret.');
  const [, id, iv, tag, data] = match as unknown as [string, string, string, string, string];
  const key = [ring.current, ...ring.previous].find((k) => k.id === id);
  if (!key) {
    throw new SecretKeyError(
      `The secret was sealed with key ${id}, which is neither SECRETS_KEY nor in SECRETS_KEYS_PREVIOUS.`,
    );
  }
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** Whether a sealed value was sealed under an older key (re-seal it under the current one). */
export function needsReseal(keys: TSecretKeys | null, sealed: string): boolean {
  const match = SEALED.exec(sealed);
  return keys !== null && match !== null && match[1] !== keys.current.id;
}
