import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { createApp } from '../server.ts';
import { openDatabase } from './client.ts';
import type { TDatabase } from './client.ts';

// A PostgreSQL "server" on a loopback port where nothing listens: every query fails to connect.
let db: TDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/none', dataDir: '' });
  app = createApp(createDeps(loadConfig({ LOG_LEVEL: 'silent' }), db.prisma), db);
});
afterAll(async () => {
  await db?.close();
});

describe('when the database cannot be reached', () => {
  it('reports it on /healthz with 503', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
  });

  it('answers REST calls with 503 and a clear message, not 500', async () => {
    const response = await app.request('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'a-password' }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The database is not reachable right now. Please try again shortly.',
      },
    });
  });

  it('answers GraphQL with 503 and the UNAVAILABLE code', async () => {
    const response = await app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer some-token' },
      body: JSON.stringify({ query: '{ viewer { user { id } } }' }),
    });
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe('UNAVAILABLE');
  });
});
