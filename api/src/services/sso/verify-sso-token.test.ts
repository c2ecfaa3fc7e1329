import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { verifySsoToken } from './verify-sso-token.ts';
import type { TSsoPolicy } from './verify-sso-token.ts';

const secret = 'company-secret-for-tests';
/** The rules of a company that existed before expiry could be required. */
const LENIENT: TSsoPolicy = { requireExpiry: false, maxLifetimeMinutes: 1440 };
/** The rules a new company starts with. */
const STRICT: TSsoPolicy = { requireExpiry: true, maxLifetimeMinutes: 1440 };

const now = () => Math.floor(Date.now() / 1000);

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token made by hand, so headers jsonwebtoken would never write can be tested. */
function handMade(header: object, payload: object, signWith?: string): string {
  const head = `${base64url(header)}.${base64url(payload)}`;
  const signature = signWith ? createHmac('sha256', signWith).update(head).digest('base64url') : '';
  return `${head}.${signature}`;
}

function refusal(token: unknown, key = secret, policy: TSsoPolicy = LENIENT): string {
  try {
    verifySsoToken(token, key, policy);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNAUTHENTICATED');
    expect((error as AppError).status).toBe(401);
    // The reason, for the customer's developer: in the message and in the token's field.
    const reason = (error as AppError).fields?.[0]?.message ?? '';
    expect((error as AppError).message).toBe(`The single sign-on token was refused: ${reason}`);
    return reason;
  }
  throw new Error('the token was accepted');
}

describe('verifySsoToken', () => {
  it('accepts an HS256 token from jsonwebtoken with id and name', () => {
    const token = jwt.sign({ id: 'u-42', name: 'Ada Lovelace' }, secret, { algorithm: 'HS256' });
    expect(verifySsoToken(token, secret, LENIENT)).toEqual({
      externalId: 'u-42',
      displayName: 'Ada Lovelace',
      email: null,
      isEmailVerified: false,
      avatarUrl: null,
      customer: { attributes: null, companies: null },
    });
  });

  it('accepts a hand-signed HS256 token (what the Java, PHP, Python and C# samples produce)', () => {
    const token = handMade({ alg: 'HS256', typ: 'JWT' }, { id: 7, name: ' Grace ' }, secret);
    expect(verifySsoToken(token, secret, LENIENT)).toMatchObject({
      externalId: '7',
      displayName: 'Grace',
    });
  });

  it('shows a name without control, bidi or zero-width characters, and refuses one with nothing visible left', () => {
    const named = (name: string) =>
      verifySsoToken(jwt.sign({ id: 'n', name }, secret), secret, LENIENT).displayName;
    // A right-to-left override would show "Adam" as "madA…" to everyone reading a comment.
    expect(named('\u202Emad\u200BA\u0007 Lovelace\u2028')).toBe('madA Lovelace');
    expect(named('Cafe\u0301')).toBe('Caf\u00e9');
    // A zero-width joiner between two visible characters makes one emoji: it stays.
    expect(named('Ola \u{1F469}\u200D\u{1F4BB}')).toBe('Ola \u{1F469}\u200D\u{1F4BB}');
    expect(refusal(jwt.sign({ id: 'n', name: '\u200B\u3164\u202E ' }, secret))).toMatch(
      /claim name is missing or not valid/,
    );
  });

  it('keeps email and avatarUrl (or avatar), and drops implausible ones', () => {
    const good = jwt.sign(
      { id: 'a', name: 'A', email: 'a@example.com', avatar: 'https://cdn.example/a.png' },
      secret,
    );
    expect(verifySsoToken(good, secret, LENIENT)).toMatchObject({
      email: 'a@example.com',
      avatarUrl: 'https://cdn.example/a.png',
    });
    const bad = jwt.sign(
      { id: 'a', name: 'A', email: 'not an email', avatarUrl: 'javascript:alert(1)' },
      secret,
    );
    expect(verifySsoToken(bad, secret, LENIENT)).toMatchObject({ email: null, avatarUrl: null });
  });

  it('honours exp: an expired token is refused, one not yet expired is accepted', () => {
    const expired = jwt.sign({ id: 'a', name: 'A', exp: now() - 120 }, secret);
    expect(refusal(expired)).toMatch(/expired/);
    const fresh = jwt.sign({ id: 'a', name: 'A' }, secret, { expiresIn: 60 });
    expect(verifySsoToken(fresh, secret, LENIENT).externalId).toBe('a');
  });

  it('honours nbf', () => {
    const early = jwt.sign({ id: 'a', name: 'A', nbf: now() + 3600 }, secret);
    expect(refusal(early)).toMatch(/not valid yet/);
  });

  it('refuses an iat further in the future than the clock skew allows', () => {
    const at = now();
    const future = jwt.sign({ id: 'a', name: 'A', iat: at + 3600, exp: at + 3700 }, secret);
    expect(refusal(future)).toBe('it was issued in the future (iat).');
    // Within the 30 seconds of clock skew: accepted.
    const skewed = jwt.sign({ id: 'a', name: 'A', iat: at + 20, exp: at + 600 }, secret);
    expect(verifySsoToken(skewed, secret, LENIENT).externalId).toBe('a');
  });

  it('refuses a token signed with another secret', () => {
    const token = jwt.sign({ id: 'a', name: 'A' }, 'another-company-secret');
    expect(refusal(token)).toMatch(/signature does not match/);
  });

  it('refuses alg none, signed or not', () => {
    expect(refusal(handMade({ alg: 'none', typ: 'JWT' }, { id: 'a', name: 'A' }))).toMatch(
      /only HS256/,
    );
    expect(refusal(handMade({ alg: 'none' }, { id: 'a', name: 'A' }, secret))).toMatch(
      /only HS256/,
    );
    expect(refusal(handMade({ alg: 'NONE' }, { id: 'a', name: 'A' }))).toMatch(/only HS256/);
  });

  it('refuses other algorithms, even with a valid HMAC under that name', () => {
    const hs512 = jwt.sign({ id: 'a', name: 'A' }, secret, { algorithm: 'HS512' });
    expect(refusal(hs512)).toMatch(/HS512; only HS256/);
    // An RS256 header over an HS256 signature (the classic key-confusion attempt).
    expect(refusal(handMade({ alg: 'RS256' }, { id: 'a', name: 'A' }, secret))).toMatch(
      /RS256; only HS256/,
    );
  });

  it('requires id and name', () => {
    expect(refusal(jwt.sign({ name: 'A' }, secret))).toMatch(/claim id is missing/);
    expect(refusal(jwt.sign({ id: 'a' }, secret))).toMatch(/claim name is missing/);
    expect(refusal(jwt.sign({ id: '', name: '  ' }, secret))).toMatch(/claim id and name/);
    expect(refusal(jwt.sign({ id: { nested: true }, name: 'A' }, secret))).toMatch(/claim id/);
  });

  it('refuses garbage, a missing token and a string payload', () => {
    expect(refusal('not-a-jwt')).toMatch(/not a JSON Web Token/);
    expect(refusal('')).toMatch(/missing/);
    expect(refusal(undefined)).toMatch(/missing/);
    expect(refusal('a'.repeat(5000))).toMatch(/too long/);
    expect(refusal(jwt.sign('just text', secret))).toMatch(
      /not a JSON Web Token|not a JSON object/,
    );
  });

  it('never repeats the token in its message', () => {
    const token = jwt.sign({ id: 'a', name: 'A' }, 'wrong');
    expect(refusal(token)).not.toContain(token);
  });

  it('requires exp when the company says so, and accepts tokens without it otherwise', () => {
    const forever = jwt.sign({ id: 'a', name: 'A' }, secret);
    expect(verifySsoToken(forever, secret, LENIENT).externalId).toBe('a');
    expect(refusal(forever, secret, STRICT)).toBe(
      'it has no expiry (exp), and the company requires one.',
    );
    const fresh = jwt.sign({ id: 'a', name: 'A' }, secret, { expiresIn: 600 });
    expect(verifySsoToken(fresh, secret, STRICT).externalId).toBe('a');
    // A signature that does not match is still the reason given first.
    expect(refusal(jwt.sign({ id: 'a', name: 'A' }, 'other'), secret, STRICT)).toMatch(
      /signature does not match/,
    );
  });

  it('refuses an exp that is not a number, whatever the company requires', () => {
    const token = handMade({ alg: 'HS256' }, { id: 'a', name: 'A', exp: 'tomorrow' }, secret);
    expect(refusal(token)).toBe('its exp claim is not a number of seconds.');
  });

  it('accepts a lifetime up to the maximum, counted from iat or else from now', () => {
    const policy: TSsoPolicy = { requireExpiry: true, maxLifetimeMinutes: 60 };
    const at = now();
    const sign = (claims: object) => jwt.sign({ id: 'a', name: 'A', ...claims }, secret);
    // Exactly the maximum, from iat: accepted; a minute more: refused with both figures.
    expect(verifySsoToken(sign({ iat: at, exp: at + 3600 }), secret, policy).externalId).toBe('a');
    expect(refusal(sign({ iat: at, exp: at + 3660 }), secret, policy)).toBe(
      'it is valid for 61 minutes; the company accepts at most 60.',
    );
    // Without iat the lifetime is what is left from now.
    const noIat = handMade({ alg: 'HS256' }, { id: 'a', name: 'A', exp: at + 7200 }, secret);
    expect(refusal(noIat, secret, policy)).toMatch(/valid for 120 minutes/);
    // An iat in the future cannot shorten it: such a token is refused outright.
    expect(refusal(sign({ iat: at + 7000, exp: at + 7200 }), secret, policy)).toBe(
      'it was issued in the future (iat).',
    );
    // A token issued two hours ago for three hours lived three hours: refused though an hour is left.
    expect(refusal(sign({ iat: at - 7200, exp: at + 3600 }), secret, policy)).toMatch(
      /valid for 180 minutes/,
    );
    // The default maximum is a day.
    expect(refusal(sign({ iat: at, exp: at + 25 * 3600 }), secret, STRICT)).toMatch(/at most 1440/);
    expect(verifySsoToken(sign({ iat: at, exp: at + 24 * 3600 }), secret, STRICT).externalId).toBe(
      'a',
    );
  });
});
