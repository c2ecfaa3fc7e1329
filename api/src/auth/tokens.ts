import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of 32 bytes (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token, as stored: a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
