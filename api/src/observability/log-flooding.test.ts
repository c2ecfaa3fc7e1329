import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { globalId } from '../schema/ids.ts';
import { gql } from '../testing/graphql-client.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * Attack finding F12: an anonymous query of 20 aliased `ideas(first: -1)` lists wrote 18 KB of
 * error lines with stack traces per request (yoga logged every refused input at error level).
 * Refusals the caller caused are debug lines at most, without stacks.
 */
let server: TTestServer;
let company: TRestCompany;
const written: string[] = [];

beforeAll(async () => {
  // Both streams and the console: pino writes to stdout, yoga's own logger to console.error.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk, ...rest) => {
      written.push(String(chunk));
      return String(chunk).startsWith('{') ? true : write(chunk, ...(rest as []));
    });
  }
  // The test runner's console does not write through the streams above.
  for (const method of ['error', 'warn', 'info', 'log', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(
        `${args.map((arg) => (arg instanceof Error ? (arg.stack ?? '') : String(arg))).join(' ')}\n`,
      );
    });
  }
  server = await startTestServer({ logLevel: 'info' });
  company = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('the log under refused input', () => {
  it('writes no error line and no stack for validation errors, however many a request holds', async () => {
    const board = globalId('Board', company.boardId);
    const aliases = Array.from(
      { length: 20 },
      (_, i) =>
        `a${i}: node(id: "${board}") { ... on Board { ideas(first: -1) { edges { node { id } } } } }`,
    );
    const from = written.length;
    for (let i = 0; i < 5; i += 1) {
      const { body } = await gql(server, `{ ${aliases.join(' ')} }`, {});
      expect(body.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    }
    const missing = await fetch(`${server.url}/api/v1/ideas/999999`);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    const text = written.slice(from).join('');
    expect(text).not.toMatch(/\n\s+at /);
    expect(text).not.toMatch(/"level":50|"level":"error"|ERR/);
    // Five requests of 20 refusals each: well under a kilobyte a request at info level.
    expect(text.length).toBeLessThan(5_000);
  });
});
