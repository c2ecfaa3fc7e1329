import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { csvStream } from '../services/export/csv-stream.ts';
import type { TViewer } from '../viewer.ts';
import { EXPORTS_PER_COMPANY, EXPORTS_PER_PROCESS, oneOfFewExports } from './exports.ts';
import { csvResponse } from './route.ts';

const viewerOf = (companyId: number) => ({ companyId, userId: 1 }) as unknown as TViewer;

/** A download that never ends until it is cancelled (a client reading slowly). */
function endless() {
  return Promise.resolve({
    filename: 'board-ideas.csv',
    stream: new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) }),
  });
}

/** A download whose pages `pages` are read, then fails as a busy database would. */
async function* failingAfter(pages: number): AsyncGenerator<unknown[][]> {
  for (let page = 0; page < pages; page += 1) yield [[page, `idea ${page}`]];
  throw new Error('DATABASE_BUSY: waited 5000 ms for the embedded database');
}

describe('board exports of one company (outside attack 7, F7)', () => {
  it('runs two at once and refuses a third with Retry-After until one ends', async () => {
    const company = 9001;
    const first = await oneOfFewExports(viewerOf(company), endless);
    const second = await oneOfFewExports(viewerOf(company), endless);
    expect(EXPORTS_PER_COMPANY).toBe(2);
    const refused = await oneOfFewExports(viewerOf(company), endless).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(0);
    // Another company is not held up by this one's exports.
    const other = await oneOfFewExports(viewerOf(company + 1), endless);
    await other.stream.cancel();
    // A client that goes away gives its place back.
    await first.stream.cancel();
    const third = await oneOfFewExports(viewerOf(company), endless);
    await Promise.all([second.stream.cancel(), third.stream.cancel()]);
  });

  it('runs at most a few at once in the whole process, whatever the company (attack 9, F3)', async () => {
    const held = [];
    for (let n = 0; n < EXPORTS_PER_PROCESS; n += 1) {
      held.push(await oneOfFewExports(viewerOf(9100 + n), endless));
    }
    const refused = await oneOfFewExports(viewerOf(9200), endless).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('RATE_LIMITED');
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(0);
    await held[0]!.stream.cancel();
    const next = await oneOfFewExports(viewerOf(9200), endless);
    await Promise.all([next, ...held.slice(1)].map((file) => file.stream.cancel()));
  });

  it('gives the place back when a download fails or its start fails', async () => {
    const company = 9002;
    for (let round = 0; round < EXPORTS_PER_COMPANY + 1; round += 1) {
      const file = await oneOfFewExports(viewerOf(company), async () => ({
        filename: 'x.csv',
        stream: csvStream(['id', 'title'], failingAfter(1)),
      }));
      await expect(new Response(file.stream).text()).rejects.toThrow(/DATABASE_BUSY/);
      await expect(
        oneOfFewExports(viewerOf(company), () => Promise.reject(new Error('not found'))),
      ).rejects.toThrow('not found');
    }
  });

  it('cuts the connection when a page fails mid-download: never a short file that looks whole', async () => {
    const app = new Hono();
    app.get('/export.csv', () =>
      csvResponse({ filename: 'x.csv', stream: csvStream(['id', 'title'], failingAfter(3)) }),
    );
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/export.csv`);
      expect(response.status).toBe(200);
      // The chunked body never ends properly: reading it fails instead of answering three rows.
      await expect(response.text()).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
