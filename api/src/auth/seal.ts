import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Sealed values read `gcm1$iv$tag$ciphertext` (base64url); anything else is stored as it is.
const SEALED = /^gcm1\$([\w-]+)\$([\w-]+)\$([\w-]+)$/;

const keyOf = (key: string) => createHash('sha256').update(key).digest();

/**
 * Seals a secret the server must read back (a TOTP secret) with AES-256-GCM under `key`
 * (TWO_FACTOR_KEY), so a database dump alone does not give the second factor away. Without a
 * key the value is kept as it is (the README says to set one in production).
 */
export function seal(value: string, key: string | undefined): string {
  if (!key) return value;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return ['gcm1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('$');
}

/** Opens what `seal` made; a value stored before a key was set is answered as it is. */
export function unseal(stored: string, key: string | undefined): string {
  const match = SEALED.exec(stored);
  if (!match) return stored;
  if (!key) throw new Error('A TOTP secret is sealed but TWO_FACTOR_KEY is not set.');
  const [, iv, tag, data] = match as unknown as [string, string, string, string];
  const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
