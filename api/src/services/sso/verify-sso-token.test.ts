import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { verifySsoToken } from './verify-sso-token.ts';

const secret = 'company-secret-for-tests';
const now = () => Math.floor(Date.now() / 1000);

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token made by hand, so headers jsonwebtoken would never write can be tested. */
function handMade(header: object, payload: object, signWith?: string): string {
  const head = `${base64url(header)}.${base64url(payload)}`;
  const signature = signWith ? createHmac('sha256', signWith).update(head).digest('base64url') : '';
  return `${head}.${signature}`;
}

function refusal(token: unknown, key = secret): string {
  try {
    verifySsoToken(token, key);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('UNAUTHENTICATED');
    expect((error as AppError).status).toBe(401);
    return (error as AppError).message;
  }
  throw new Error('the token was accepted');
}

describe('verifySsoToken', () => {
  it('accepts an HS256 token from jsonwebtoken with id and name', () => {
    const token = jwt.sign({ id: 'u-42', name: 'Ada Lovelace' }, secret, { algorithm: 'HS256' });
    expect(verifySsoToken(token, secret)).toEqual({
      externalId: 'u-42',
      displayName: 'Ada Lovelace',
      email: null,
      avatarUrl: null,
    });
  });

  it('accepts a hand-signed HS256 token (what the Java, PHP, Python and C# samples produce)', () => {
    const token = handMade({ alg: 'HS256', typ: 'JWT' }, { id: 7, name: ' Grace ' }, secret);
    expect(verifySsoToken(token, secret)).toMatchObject({ externalId: '7', displayName: 'Grace' });
  });

  it('keeps email and avatarUrl (or avatar), and drops implausible ones', () => {
    const good = jwt.sign(
      { id: 'a', name: 'A', email: 'a@example.com', avatar: 'https://cdn.example/a.png' },
      secret,
    );
    expect(verifySsoToken(good, secret)).toMatchObject({
      email: 'a@example.com',
      avatarUrl: 'https://cdn.example/a.png',
    });
    const bad = jwt.sign(
      { id: 'a', name: 'A', email: 'not an email', avatarUrl: 'javascript:alert(1)' },
      secret,
    );
    expect(verifySsoToken(bad, secret)).toMatchObject({ email: null, avatarUrl: null });
  });

  it('honours exp: an expired token is refused, one not yet expired is accepted', () => {
    const expired = jwt.sign({ id: 'a', name: 'A', exp: now() - 120 }, secret);
    expect(refusal(expired)).toMatch(/expired/);
    const fresh = jwt.sign({ id: 'a', name: 'A' }, secret, { expiresIn: 60 });
    expect(verifySsoToken(fresh, secret).externalId).toBe('a');
  });

  it('honours nbf', () => {
    const early = jwt.sign({ id: 'a', name: 'A', nbf: now() + 3600 }, secret);
    expect(refusal(early)).toMatch(/not valid yet/);
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
});
