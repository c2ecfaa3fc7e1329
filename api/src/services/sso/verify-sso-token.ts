import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

/** What a valid SSO token says about the customer's user. */
export type TSsoClaims = {
  externalId: string;
  displayName: string;
  email: string | null;
  avatarUrl: string | null;
};

/** SSO tokens are short JWTs; anything longer is refused before any work. */
const MAX_TOKEN_LENGTH = 4096;

/**
 * A refused token: 401 with the reason in `fields` (for the customer's developer), never the
 * token itself.
 */
export const refusedToken = (reason: string) =>
  new AppError('UNAUTHENTICATED', `The single sign-on token was refused: ${reason}`, [
    { field: 'token', message: reason },
  ]);

const ZClaims = z.object({
  id: z.union([z.string().trim().min(1).max(200), z.number().int().safe()]),
  name: z.string().trim().min(1).max(100),
});

/** An optional claim kept only when it is plausible (a bad avatar must not lock a user out). */
function optionalEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length <= 254 && z.email().safeParse(email).success ? email : null;
}

/** Only http(s) addresses: an avatar is shown on others' pages, so no `javascript:` or `data:`. */
function optionalAvatarUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Checks an SSO token (spec section 6, widget tab): a JWT signed HS256 with the company
 * secret, carrying `id` and `name` (optionally `email`, `avatarUrl` or `avatar`). Only HS256 is
 * accepted (`alg: none` and every other algorithm are refused); `exp` and `nbf` are honoured
 * when present. Throws `refusedToken` with the reason.
 */
export function verifySsoToken(token: unknown, secret: string): TSsoClaims {
  if (typeof token !== 'string' || !token.trim()) throw refusedToken('it is missing.');
  if (token.length > MAX_TOKEN_LENGTH) throw refusedToken('it is too long.');
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') {
    throw refusedToken('it is not a JSON Web Token.');
  }
  if (decoded.header.alg !== 'HS256') {
    throw refusedToken(`it is signed with ${String(decoded.header.alg)}; only HS256 is accepted.`);
  }
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secret, { algorithms: ['HS256'], clockTolerance: 30 });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw refusedToken('it has expired.');
    if (error instanceof jwt.NotBeforeError) throw refusedToken('it is not valid yet.');
    throw refusedToken('its signature does not match the company secret.');
  }
  if (typeof payload === 'string') throw refusedToken('its payload is not a JSON object.');
  const claims = ZClaims.safeParse(payload);
  if (!claims.success) {
    const missing = ['id', 'name'].filter((claim) =>
      claims.error.issues.some((issue) => issue.path[0] === claim),
    );
    throw refusedToken(`the claim ${missing.join(' and ')} is missing or not valid.`);
  }
  return {
    externalId: String(claims.data.id),
    displayName: claims.data.name,
    email: optionalEmail(payload.email),
    avatarUrl: optionalAvatarUrl(payload.avatarUrl ?? payload.avatar),
  };
}
