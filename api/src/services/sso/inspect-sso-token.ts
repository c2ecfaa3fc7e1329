import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { cleanName } from '../../validation.ts';
import { readCustomerClaims } from '../customer/customer-claims.ts';
import type { TCustomerClaims } from '../customer/customer-claims.ts';
import { SSO_CHECKS } from './sso-checks.ts';
import type {
  TSsoCheck,
  TSsoCheckName,
  TSsoCheckReason,
  TSsoCheckStatus,
  TSsoClaims,
  TSsoInspection,
  TSsoPolicy,
} from './sso-checks.ts';
import { SSO_LONG_LIFETIME_MINUTES } from './sso-rules.ts';

/** SSO tokens are short JWTs; anything longer is refused before any work. */
const MAX_TOKEN_LENGTH = 4096;

/** Clocks of the company's server and ours may differ a little. */
const CLOCK_TOLERANCE_SECONDS = 30;

const ZId = z.union([z.string().trim().min(1).max(200), z.number().int().safe()]);
/** The name others see: cleaned of invisible and control characters (cleanName), then 1-100. */
const ZName = z.string().transform(cleanName).pipe(z.string().min(1).max(100));

/** An optional claim kept only when it is plausible (a bad avatar must not lock a user out). */
function plausibleEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length <= 254 && z.email().safeParse(email).success ? email : null;
}

/** Only http(s) addresses: an avatar is shown on others' pages, so no `javascript:` or `data:`. */
function plausibleAvatarUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A claim's value as the checker shows it: short, and never more than the claim itself. */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

type TCheckInput = Partial<Omit<TSsoCheck, 'check' | 'status' | 'reason' | 'message'>>;

function result(
  check: TSsoCheckName,
  status: TSsoCheckStatus,
  reason: TSsoCheckReason,
  message: string,
  extra: TCheckInput = {},
): TSsoCheck {
  return {
    check,
    status,
    reason,
    message,
    value: extra.value ?? null,
    at: extra.at ?? null,
    lifetimeMinutes: extra.lifetimeMinutes ?? null,
    maxLifetimeMinutes: extra.maxLifetimeMinutes ?? null,
  };
}

const notChecked = (check: TSsoCheckName) =>
  result(check, 'SKIPPED', 'NOT_CHECKED', 'it could not be checked.');

/** Seconds since the epoch as a Date, or null when the claim is not a finite number. */
const instant = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

/**
 * Checks an SSO token (spec section 6, widget tab) against a company's secret and rules, and
 * says how each check went: a JWT signed HS256 with the company secret (`alg: none` and every
 * other algorithm are refused), `exp` (required when the company says so; a lifetime within the
 * company's maximum) and `nbf` honoured, `id` and `name` required, `email` and `avatarUrl` (or
 * `avatar`) kept when plausible. The widget's sign-in (verifySsoToken) refuses a token with any
 * failed check; the console's checker shows them all. The checks on the claims run even when
 * the signature fails, so the admin sees everything wrong at once; nothing is trusted then.
 */
export function inspectSsoToken(
  token: unknown,
  secret: string,
  policy: TSsoPolicy,
  now = new Date(),
): TSsoInspection {
  const checks = inspect(token, secret, policy, Math.floor(now.getTime() / 1000));
  const failure = checks.find((c) => c.status === 'FAILED') ?? null;
  let claims: TSsoClaims | null = null;
  if (!failure) {
    const payload = jwt.decode(token as string, { json: true }) ?? {};
    claims = {
      externalId: String(ZId.parse(payload.id)),
      displayName: ZName.parse(payload.name),
      email: plausibleEmail(payload.email),
      isEmailVerified: payload.email_verified === true,
      avatarUrl: plausibleAvatarUrl(payload.avatarUrl ?? payload.avatar),
      customer: customerClaimsOf(payload),
    };
  }
  return { checks, failure, claims };
}

function inspect(token: unknown, secret: string, policy: TSsoPolicy, now: number): TSsoCheck[] {
  const rest = (from: TSsoCheckName) => SSO_CHECKS.slice(SSO_CHECKS.indexOf(from)).map(notChecked);
  if (typeof token !== 'string' || !token.trim()) {
    return [result('TOKEN', 'FAILED', 'MISSING', 'it is missing.'), ...rest('ALGORITHM')];
  }
  if (token.length > MAX_TOKEN_LENGTH) {
    return [result('TOKEN', 'FAILED', 'TOO_LONG', 'it is too long.'), ...rest('ALGORITHM')];
  }
  const decoded = jwt.decode(token.trim(), { complete: true });
  if (!decoded || typeof decoded.payload === 'string') {
    const reason = decoded ? 'NOT_AN_OBJECT' : 'NOT_A_JWT';
    const message = decoded ? 'its payload is not a JSON object.' : 'it is not a JSON Web Token.';
    return [result('TOKEN', 'FAILED', reason, message), ...rest('ALGORITHM')];
  }
  // RFC 7515, 4.1.11: a token whose header lists critical extensions (crit) must be refused by
  // a reader that does not understand them, and Feedboard understands none. jsonwebtoken does
  // not look at crit, so a token made for a reader with stricter rules would pass here.
  if (decoded.header.crit !== undefined) {
    return [
      result(
        'TOKEN',
        'FAILED',
        'CRITICAL_HEADER',
        'its header lists critical extensions (crit), which Feedboard does not support.',
      ),
      ...rest('ALGORITHM'),
    ];
  }
  const checks = [result('TOKEN', 'PASSED', 'OK', 'it is a JSON Web Token.')];
  const payload = decoded.payload;
  const alg = String(decoded.header.alg);

  if (alg !== 'HS256') {
    checks.push(
      result(
        'ALGORITHM',
        'FAILED',
        'WRONG_ALGORITHM',
        `it is signed with ${alg}; only HS256 is accepted.`,
        { value: shown(alg) },
      ),
      notChecked('SIGNATURE'),
    );
  } else {
    checks.push(result('ALGORITHM', 'PASSED', 'OK', 'it is signed with HS256.', { value: alg }));
    // jsonwebtoken compares the signature in constant time; the time claims are checked below,
    // each on its own, so that the checker can report them all.
    let isGenuine = true;
    try {
      jwt.verify(token.trim(), secret, {
        algorithms: ['HS256'],
        ignoreExpiration: true,
        ignoreNotBefore: true,
      });
    } catch {
      isGenuine = false;
    }
    checks.push(
      isGenuine
        ? result('SIGNATURE', 'PASSED', 'OK', 'its signature matches the company secret.')
        : result(
            'SIGNATURE',
            'FAILED',
            'MISMATCH',
            'its signature does not match the company secret.',
          ),
    );
  }

  checks.push(...timeChecks(payload, policy, now));
  checks.push(...claimChecks(payload, policy));
  return checks;
}

/** EXPIRY, NOT_BEFORE and LIFETIME. */
function timeChecks(payload: jwt.JwtPayload, policy: TSsoPolicy, now: number): TSsoCheck[] {
  const checks: TSsoCheck[] = [];
  const { exp, nbf, iat } = payload as Record<string, unknown>;
  const expiresAt = instant(exp);
  if (exp === undefined) {
    checks.push(
      policy.requireExpiry
        ? result(
            'EXPIRY',
            'FAILED',
            'REQUIRED',
            'it has no expiry (exp), and the company requires one.',
          )
        : result(
            'EXPIRY',
            'WARNING',
            'ABSENT',
            'it has no expiry (exp), so it stays valid forever.',
          ),
    );
  } else if (!expiresAt) {
    checks.push(
      result('EXPIRY', 'FAILED', 'NOT_A_NUMBER', 'its exp claim is not a number of seconds.', {
        value: shown(exp),
      }),
    );
  } else if ((exp as number) + CLOCK_TOLERANCE_SECONDS <= now) {
    checks.push(result('EXPIRY', 'FAILED', 'EXPIRED', 'it has expired.', { at: expiresAt }));
  } else {
    checks.push(result('EXPIRY', 'PASSED', 'OK', 'it has not expired.', { at: expiresAt }));
  }

  const notBefore = instant(nbf);
  const issuedAt = instant(iat);
  if (issuedAt && (iat as number) > now + CLOCK_TOLERANCE_SECONDS) {
    // A token cannot be valid before it was made: an iat past the clock skew was accepted.
    checks.push(
      result('NOT_BEFORE', 'FAILED', 'NOT_YET_VALID', 'it was issued in the future (iat).', {
        at: issuedAt,
      }),
    );
  } else if (nbf === undefined) {
    checks.push(result('NOT_BEFORE', 'PASSED', 'ABSENT', 'it has no nbf claim.'));
  } else if (!notBefore) {
    checks.push(
      result('NOT_BEFORE', 'FAILED', 'NOT_A_NUMBER', 'its nbf claim is not a number of seconds.', {
        value: shown(nbf),
      }),
    );
  } else if ((nbf as number) > now + CLOCK_TOLERANCE_SECONDS) {
    checks.push(
      result('NOT_BEFORE', 'FAILED', 'NOT_YET_VALID', 'it is not valid yet.', { at: notBefore }),
    );
  } else {
    checks.push(result('NOT_BEFORE', 'PASSED', 'OK', 'it is valid already.', { at: notBefore }));
  }

  if (!expiresAt) {
    checks.push(notChecked('LIFETIME'));
    return checks;
  }
  // From when it was issued, if it says so and that is past; else from now. Either way a token
  // cannot live longer than the company allows, whether it says when it was made or not.
  const issued = typeof iat === 'number' && Number.isFinite(iat) ? Math.min(iat, now) : now;
  const lifetimeMinutes = Math.max(0, Math.ceil(((exp as number) - issued) / 60));
  const { maxLifetimeMinutes } = policy;
  const figures = { lifetimeMinutes, maxLifetimeMinutes };
  if ((exp as number) - issued > maxLifetimeMinutes * 60 + CLOCK_TOLERANCE_SECONDS) {
    checks.push(
      result(
        'LIFETIME',
        'FAILED',
        'OVER_MAXIMUM',
        `it is valid for ${lifetimeMinutes} minutes; the company accepts at most ${maxLifetimeMinutes}.`,
        figures,
      ),
    );
  } else if (lifetimeMinutes > SSO_LONG_LIFETIME_MINUTES) {
    checks.push(
      result(
        'LIFETIME',
        'WARNING',
        'LONG',
        `it is valid for ${lifetimeMinutes} minutes; a few minutes are enough.`,
        figures,
      ),
    );
  } else {
    checks.push(
      result('LIFETIME', 'PASSED', 'OK', `it is valid for ${lifetimeMinutes} minutes.`, figures),
    );
  }
  return checks;
}

/** The customer claims of a payload whose checks all passed. */
function customerClaimsOf(payload: Record<string, unknown>): TCustomerClaims {
  const reading = readCustomerClaims(payload);
  if (!reading.ok) throw new Error(`customer claims passed their check: ${reading.message}`);
  return reading.claims;
}

/**
 * ATTRIBUTES and COMPANIES (optional): a claim of the wrong shape fails the token, with the
 * place in the claim and what is wrong (customer-claims.ts has the limits).
 */
function customerClaimChecks(payload: Record<string, unknown>): TSsoCheck[] {
  return (['attributes', 'companies'] as const).map((claim) => {
    const check = claim === 'attributes' ? 'ATTRIBUTES' : 'COMPANIES';
    const value = payload[claim];
    if (value === undefined || value === null) {
      return result(check, 'PASSED', 'ABSENT', `it has no ${claim} claim (optional).`);
    }
    const reading = readCustomerClaims({ [claim]: value });
    if (!reading.ok) {
      return result(check, 'FAILED', 'INVALID', reading.message, {
        value: reading.message.replace(/^the claim /, ''),
      });
    }
    const count =
      claim === 'attributes'
        ? Object.keys(reading.claims.attributes ?? {}).length
        : (reading.claims.companies ?? []).length;
    return result(check, 'PASSED', 'OK', `its ${claim} claim is valid.`, { value: String(count) });
  });
}

/**
 * ID and NAME (required), EMAIL and AVATAR (optional, ignored when implausible). An address
 * the token does not vouch for (`email_verified: true`) while the company does not trust its
 * tokens' addresses (policy.trustEmails) is a warning: the user gets no notification mail at it
 * until they confirm it (exchange-sso-token.ts).
 */
function claimChecks(payload: jwt.JwtPayload, policy: TSsoPolicy): TSsoCheck[] {
  const checks: TSsoCheck[] = [];
  for (const [check, schema] of [
    ['ID', ZId],
    ['NAME', ZName],
  ] as const) {
    const claim = check === 'ID' ? 'id' : 'name';
    const value = (payload as Record<string, unknown>)[claim];
    checks.push(
      schema.safeParse(value).success
        ? result(check, 'PASSED', 'OK', `the claim ${claim} is present.`, { value: shown(value) })
        : result(
            check,
            'FAILED',
            value === undefined ? 'MISSING' : 'INVALID',
            `the claim ${claim} is missing or not valid.`,
            { value: shown(value) },
          ),
    );
  }

  const { email } = payload as Record<string, unknown>;
  if (email === undefined || email === null || email === '') {
    checks.push(
      result('EMAIL', 'WARNING', 'ABSENT', 'it has no email claim, so no mail reaches the user.'),
    );
  } else if (!plausibleEmail(email)) {
    checks.push(
      result(
        'EMAIL',
        'WARNING',
        'INVALID',
        'its email claim is not an email address; it is ignored.',
        {
          value: shown(email),
        },
      ),
    );
  } else if (payload.email_verified !== true && !policy.trustEmails) {
    checks.push(
      result(
        'EMAIL',
        'WARNING',
        'UNCONFIRMED',
        'its email claim is not marked email_verified: true, so no mail reaches the user until they confirm the address.',
        { value: shown(email) },
      ),
    );
  } else {
    checks.push(
      result('EMAIL', 'PASSED', 'OK', 'its email claim is an address.', { value: shown(email) }),
    );
  }

  const avatar = (payload as Record<string, unknown>).avatarUrl ?? payload.avatar;
  if (avatar === undefined || avatar === null || avatar === '') {
    checks.push(result('AVATAR', 'PASSED', 'ABSENT', 'it has no avatar (optional).'));
  } else if (!plausibleAvatarUrl(avatar)) {
    checks.push(
      result(
        'AVATAR',
        'WARNING',
        'INVALID',
        'its avatar is not an http(s) address; it is ignored.',
        {
          value: shown(avatar),
        },
      ),
    );
  } else {
    checks.push(
      result('AVATAR', 'PASSED', 'OK', 'its avatar is an http(s) address.', {
        value: shown(avatar),
      }),
    );
  }
  return [...checks, ...customerClaimChecks(payload as Record<string, unknown>)];
}
