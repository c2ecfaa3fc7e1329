import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Prisma } from '../../generated/prisma/client.ts';

/**
 * Unsubscribe links carry `<userId>.<HMAC-SHA256(company mail key, "unsubscribe:<userId>")>`,
 * so they work without signing in and cannot be made up for another user. The same HMAC is
 * computed in SQL when notifications are queued for many recipients in one statement.
 */
const payload = (userId: number, purpose: string) => `${purpose}:${userId}`;

/**
 * What a token unsubscribes from: a user's notification mails, or (`changelog-unsubscribe`) a
 * changelog subscriber's release mails. The purpose is signed in, so one never opens the other.
 */
export type TUnsubscribePurpose = 'unsubscribe' | 'changelog-unsubscribe';

export function signUnsubscribeToken(
  mailKey: string,
  userId: number,
  purpose: TUnsubscribePurpose = 'unsubscribe',
): string {
  const mac = createHmac('sha256', mailKey).update(payload(userId, purpose)).digest('hex');
  return `${userId}.${mac}`;
}

/** The user id a well-formed token names (its signature is checked by `isUnsubscribeTokenValid`). */
export function unsubscribeTokenUserId(token: string): number | null {
  const match = /^(\d{1,10})\.[0-9a-f]{64}$/.exec(token);
  const userId = match ? Number(match[1]) : 0;
  return userId > 0 && userId <= 2_147_483_647 ? userId : null;
}

export function isUnsubscribeTokenValid(
  mailKey: string,
  token: string,
  purpose: TUnsubscribePurpose = 'unsubscribe',
): boolean {
  const userId = unsubscribeTokenUserId(token);
  if (userId === null) return false;
  const expected = Buffer.from(signUnsubscribeToken(mailKey, userId, purpose));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * HMAC-SHA256 written with PostgreSQL's built-in sha256(): H((K^opad) || H((K^ipad) || m)),
 * with the padded keys computed here. `userIdSql` is the SQL expression of the user id.
 */
export function unsubscribeTokenSql(
  mailKey: string,
  userIdSql: Prisma.Sql,
  purpose: TUnsubscribePurpose = 'unsubscribe',
): Prisma.Sql {
  let key = Buffer.from(mailKey, 'utf8');
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  const inner = Buffer.from(block.map((b) => b ^ 0x36)).toString('hex');
  const outer = Buffer.from(block.map((b) => b ^ 0x5c)).toString('hex');
  const message = Prisma.sql`convert_to(${`${purpose}:`}::text || (${userIdSql})::text, 'UTF8')`;
  return Prisma.sql`((${userIdSql})::text || '.' || encode(sha256(decode(${outer}, 'hex') || sha256(decode(${inner}, 'hex') || ${message})), 'hex'))`;
}
