import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { holdDatabase } from '../testing/hold-database.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * A busy database is the caller's 503 and one warning line per kind, never an error line with a
 * stack per request (outside attack 13: 200 subscription executions past the deadline wrote
 * 1,042 error lines with Prisma's stacks in a few seconds).
 */

const written: string[] = [];
let server: TTestServer;
let owner: TTestAccount;

const lines = () =>
  written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: unknown });

beforeAll(async () => {
  const writeOut = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    written.push(String(chunk));
    return String(chunk).startsWith('{') ? true : writeOut(chunk, ...(rest as []));
  });
  server = await startTestServer({ statementTimeoutMs: 300, logLevel: 'info' });
  owner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('a busy database in the log', () => {
  it('is one warning for many GraphQL requests answered 503, with no error line or stack', async () => {
    const from = written.length;
    const release = await holdDatabase(server);
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.call('POST', '/graphql', {
            body: { query: '{ viewer { user { id } } }' },
            token: owner.token,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(503));
    } finally {
      await release();
    }
    written.splice(0, from);
    const logged = lines();
    expect(logged.filter((line) => line.level === 'error')).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('    at ');
    // One line for the kind, whatever the number of requests (each request's own line stays).
    expect(logged.filter((line) => /statement deadline/.test(line.msg))).toHaveLength(1);
    expect(logged.filter((line) => line.msg.startsWith('GraphQL'))).toEqual([]);
  });
});
