import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { IS_POSTGRES_PASS } from '../testing/test-server.ts';
import { createPGlite, withDeadline } from './pglite.ts';
import { runAsStatementOwner } from './statement-owner.ts';

/**
 * The embedded database runs statements in the server's own thread, and a statement's promise
 * resolves as a microtask: a request running statements back to back (an export, an import, a
 * bulk change) kept Node from reading any other socket until it was done (/healthz waited
 * 2-2.6 s behind a CSV export: issue 33). Every statement now waits one turn of the event loop
 * first, so I/O (another request) comes in between.
 */
let gated: PGlite;
let bare: PGlite;

beforeAll(async () => {
  if (IS_POSTGRES_PASS) return;
  gated = await createPGlite('memory://');
  withDeadline(gated, 0);
  bare = await createPGlite('memory://');
});
afterAll(async () => {
  await gated?.close();
  await bare?.close();
});

/** How many of `total` back-to-back statements ran before an event-loop turn came. */
async function statementsBeforeATurn(db: PGlite, total: number): Promise<number> {
  let done = 0;
  let seenAt: number | null = null;
  setImmediate(() => {
    seenAt = done;
  });
  for (let n = 0; n < total; n += 1) {
    await db.query('SELECT 1');
    done += 1;
  }
  await new Promise((resolve) => setImmediate(resolve));
  return seenAt ?? total;
}

describe.skipIf(IS_POSTGRES_PASS)('the embedded database between statements', () => {
  it('lets the event loop turn before each statement of a long run', async () => {
    expect(await statementsBeforeATurn(gated, 200)).toBeLessThanOrEqual(1);
  });

  it('(without the gate, a run of statements holds the loop: what the gate fixes)', async () => {
    expect(await statementsBeforeATurn(bare, 200)).toBeGreaterThan(100);
  });

  it('takes turns between requests: one with 300 statements queued does not hold back another', async () => {
    const order: string[] = [];
    const burst = runAsStatementOwner(() =>
      Promise.all(
        Array.from({ length: 300 }, (_, n) =>
          gated.query('SELECT 1').then(() => order.push(`burst ${n}`)),
        ),
      ),
    );
    // The burst is queued (its first statement running) when the other request's one comes.
    await new Promise((resolve) => setImmediate(resolve));
    const single = runAsStatementOwner(() =>
      gated.query('SELECT 2').then(() => order.push('single')),
    );
    await Promise.all([burst, single]);
    expect(order).toHaveLength(301);
    // In arrival order it came 301st; in turns, after the few the burst had started.
    expect(order.indexOf('single')).toBeLessThanOrEqual(5);
    // Within one request the order stays the order its statements came in.
    const own = order.filter((entry) => entry !== 'single');
    expect(own).toEqual(Array.from({ length: 300 }, (_, n) => `burst ${n}`));
  });

  it('gives the next turn to a request that has used little, before requests running heavy statements (attack 9)', async () => {
    const HEAVY = 'SELECT count(*) FROM generate_series(1, 200000)';
    const order: string[] = [];
    let started = 0;
    // 12 requests, each a quick first statement and then three heavy ones (searches, hints).
    const heavy = Array.from({ length: 12 }, (_, n) =>
      runAsStatementOwner(async () => {
        await gated.query('SELECT 1');
        started += 1;
        for (let round = 0; round < 3; round += 1) {
          await gated.query(HEAVY);
          order.push(`heavy ${n}`);
        }
      }),
    );
    while (started < 12) await new Promise((resolve) => setImmediate(resolve));
    // A probe comes while they all wait for their heavy statements.
    const probe = runAsStatementOwner(() =>
      gated.query('SELECT 2').then(() => order.push('probe')),
    );
    await Promise.all([...heavy, probe]);
    expect(order).toHaveLength(37);
    // In a round it came after one heavy statement of each (12); now after the one running.
    expect(order.indexOf('probe')).toBeLessThanOrEqual(1);
  });
});

describe.skipIf(IS_POSTGRES_PASS)(
  'the embedded database between clients (outside attack 10)',
  () => {
    const HEAVY = 'SELECT count(*) FROM generate_series(1, 100000)';

    it("finishes one client's requests oldest first, not all of them late together", async () => {
      const order: string[] = [];
      // One client sends ten requests at once (similar-idea hints), three heavy statements each.
      const burst = Array.from({ length: 10 }, (_, n) =>
        runAsStatementOwner(async () => {
          for (let round = 0; round < 3; round += 1) {
            await gated.query(HEAVY);
            order.push(`${n}.${round}`);
          }
        }, 'one client'),
      );
      await Promise.all(burst);
      // Sharing turns among them, the first finished after the last had run two statements
      // (ten each in a round); the first now finishes before the last has begun.
      expect(order.indexOf('0.2')).toBeLessThan(order.indexOf('9.0'));
      // (While the oldest works between its statements, the next oldest takes the turn.)
      expect(order.indexOf('0.2')).toBeLessThan(6);
    });

    it("puts another client's probe after the running statement, however many requests one client has waiting", async () => {
      const order: string[] = [];
      let started = 0;
      const burst = Array.from({ length: 12 }, (_, n) =>
        runAsStatementOwner(async () => {
          await gated.query('SELECT 1');
          started += 1;
          for (let round = 0; round < 2; round += 1) {
            await gated.query(HEAVY);
            order.push(`heavy ${n}`);
          }
        }, 'one client'),
      );
      while (started < 1) await new Promise((resolve) => setImmediate(resolve));
      await gated.query('SELECT 3');
      const probe = runAsStatementOwner(
        () => gated.query('SELECT 2').then(() => order.push('probe')),
        'another client',
      );
      await Promise.all([...burst, probe]);
      expect(order.indexOf('probe')).toBeLessThanOrEqual(1);
    });

    it("counts all of a client's statements as its use, not only its last (attack 13, F4)", async () => {
      // One client reads a public board in a closed loop on eight connections: many quick
      // statements. Another reads a longer page every so often: a slower statement, far less
      // time in all. Each client's use was only its last statement's time, so the quick client
      // looked lighter and every statement of the reader waited behind all of its queue.
      const QUICK = 'SELECT count(*) FROM generate_series(1, 2000)';
      const SLOWER = 'SELECT count(*) FROM generate_series(1, 40000)';
      let quickDone = 0;
      let stop = false;
      const flood = Array.from({ length: 8 }, () =>
        runAsStatementOwner(async () => {
          while (!stop) {
            await gated.query(QUICK);
            quickDone += 1;
          }
        }, 'flooding client'),
      );
      try {
        while (quickDone < 200) await new Promise((resolve) => setImmediate(resolve));
        // The reader's request: three statements, each after the flood has queued its next ones.
        const ahead = await runAsStatementOwner(async () => {
          const counts: number[] = [];
          for (let round = 0; round < 3; round += 1) {
            const before = quickDone;
            await gated.query(SLOWER);
            counts.push(quickDone - before);
          }
          return counts;
        }, 'reading client');
        // Each waited behind the flood's whole queue (seven or eight of its statements) and
        // more; now behind the statement running and at most one chosen before it asked.
        expect(Math.max(...ahead)).toBeLessThanOrEqual(2);
      } finally {
        stop = true;
        await Promise.all(flood);
      }
    });

    it('gives a client kept waiting a turn, but never two turns running to such rescues', async () => {
      const db = await createPGlite('memory://');
      try {
        // Rescue after 50 ms: every heavy client below is overdue almost at once.
        withDeadline(db, 0, { rescueMs: 50 });
        const order: string[] = [];
        let started = 0;
        const heavy = Array.from({ length: 12 }, (_, n) =>
          runAsStatementOwner(async () => {
            await db.query('SELECT 1');
            started += 1;
            for (let round = 0; round < 3; round += 1) {
              await db.query(HEAVY);
              order.push(`heavy ${n}`);
            }
          }, `heavy ${n}`),
        );
        while (started < 12) await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 60));
        const probe = runAsStatementOwner(
          () => db.query('SELECT 2').then(() => order.push('probe')),
          'probe',
        );
        await Promise.all([...heavy, probe]);
        // Rescuing every turn, the probe waited until it was overdue itself, behind a statement
        // of every heavy client (12); now behind the running one, one or two chosen before its
        // turn was asked for (the loaded CI machine saw two) and one rescue.
        expect(order.indexOf('probe')).toBeLessThanOrEqual(5);
      } finally {
        await db.close();
      }
    });
  },
);
