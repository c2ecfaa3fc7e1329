import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gql } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { readSse } from '../testing/sse-reader.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * Issue 7 ("tokens never written to logs"): with the most talkative log level, everything the
 * server writes while widgets sign in (good and bad SSO tokens), vote, read live events and call
 * with stale sessions is captured, and no SSO token, session token or company secret is in it.
 */

const written: string[] = [];
const record = (...args: unknown[]) => {
  written.push(
    args
      .map((arg) =>
        arg instanceof Error ? `${arg.message}\n${arg.stack ?? ''}` : JSON.stringify(arg),
      )
      .join(' '),
  );
};

let server: TTestServer;
let company: TRestCompany;
let hash = '';
let secret = '';
beforeAll(async () => {
  for (const method of ['debug', 'log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation(record);
  }
  const writeOut = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    written.push(String(chunk));
    return writeOut(chunk, ...(rest as []));
  });
  server = await startTestServer({ logLevel: 'debug' });
  company = await restCompany(server);
  hash = (
    await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
      token: company.owner.token,
    })
  ).boardHash;
  secret = (await server.call('GET', '/api/v1/company', { token: company.owner.token })).body
    .companySecret;
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('tokens in the server’s output', () => {
  it('never writes an SSO token, a session token or the company secret', async () => {
    const sign = (claims: object, key = secret, options: jwt.SignOptions = {}) =>
      jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: 600, ...options });
    const good = sign({ id: 'log-user-1', name: 'Logan Quiet' });
    const refused = [
      sign({ id: 'log-user-2', name: 'Wrong Secret' }, 'not-the-secret'),
      sign({ id: 'log-user-3', name: 'Expired' }, secret, { expiresIn: -600 }),
      sign({ id: 'log-user-4' }),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        '{"id":"x","name":"None"}',
      ).toString('base64url')}.`,
      jwt.sign({ id: 'log-user-5', name: 'HS512' }, secret, { algorithm: 'HS512' }),
      `not-a-jwt-${'x'.repeat(40)}`,
      `${good}${'A'.repeat(5000)}`,
    ];

    const session = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: { boardHash: hash, token: good },
    });
    for (const token of refused) {
      const response = await server.call('POST', '/api/v1/widget/sso', {
        body: { boardHash: hash, token },
      });
      expect(response.status, token.slice(0, 30)).toBe(401);
    }
    // An unknown board, and a body that is not JSON, with a token inside.
    await server.call('POST', '/api/v1/widget/sso', { body: { boardHash: 'nope', token: good } });
    await server.call('POST', '/api/v1/widget/sso', {
      rawBody: `{"boardHash":"${hash}","token":"${good}"`,
      headers: { 'content-type': 'application/json' },
    });

    // The session votes, reads live events, and a stale or forged one is refused.
    const stream = await readSse(
      `${server.url}/api/v1/boards/${company.boardId}/events`,
      session.token,
    );
    await stream.waitFor((event) => event.event === 'ready');
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: session.token,
    });
    await stream.waitFor((event) => event.event === 'idea');
    stream.close();
    const forged = `${session.token}x`;
    expect((await server.call('GET', '/api/v1/me', { token: forged })).status).toBe(401);
    await gql(server, '{ viewer { id } }', {}, forged);
    await gql(server, 'query { nonsense }', {}, session.token);

    // The capture works: the server did write (debug level logs board creation).
    expect(written.join('\n')).toMatch(/Board \d+ created/);
    // …and a JSON line for every request, SSO sign-ins and refusals included.
    expect(written.join('\n')).toMatch(/"route":"\/api\/v1\/widget\/sso","status":401/);
    const output = written.join('\n');
    for (const token of [good, ...refused.slice(0, 5), session.token, company.owner.token]) {
      expect(output.includes(token), `token ${token.slice(0, 20)}… in the output`).toBe(false);
    }
    expect(output.includes(secret)).toBe(false);
    // Not even a token's signature part on its own.
    expect(output.includes(good.split('.')[2] ?? '')).toBe(false);
  });
});
