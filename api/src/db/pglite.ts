import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { DatabaseBusyError } from './errors.ts';
import { yieldToOthers } from '../yield-to-others.ts';
import { createUsageMeter } from '../usage-meter.ts';
import { currentStatementOwner } from './statement-owner.ts';
import type { TStatementOwner } from './statement-owner.ts';

/**
 * The extensions every PGlite database loads, so that migrations saying
 * `CREATE EXTENSION IF NOT EXISTS pg_trgm` run on PGlite as on a PostgreSQL server
 * (where pg_trgm ships with the server's contrib modules).
 */
const EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL settings of the embedded database, chosen for memory. PGlite's PostgreSQL lives in
 * one WebAssembly memory that grows and never shrinks, inside the server's own process.
 * - `shared_buffers`: PostgreSQL's default 128 MB is sized for a server with the machine to
 *   itself; here it grew the WebAssembly memory from 128 to 184 MB and kept ~150 MB of it
 *   resident. A page PostgreSQL does not keep is still in the operating system's file cache
 *   (the data folder is a real folder), which no process is charged for. Reading the page of
 *   a 10,000-idea board cost the same server CPU with 16 MB as with 128 MB (20-27 ms a
 *   request either way, two runs each), and the peak RSS under that load fell from ~400 MB
 *   to ~290 MB.
 * - `maintenance_work_mem` (64 MB): CREATE INDEX in a migration may take that much at once, and
 *   the memory would stay with the process; 16 MB sorts a large table in a few passes instead.
 * - `temp_buffers` (8 MB): Feedboard uses no temporary tables.
 * Queries keep `work_mem` (4 MB), so that sorting a board's ideas stays in memory.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '1MB',
  // pg_trgm's `<%` at find-similar-ideas.ts's TRIGRAM_THRESHOLD (as client.ts's pool sets it).
  'pg_trgm.word_similarity_threshold': '0.45',
};

function startParams(): string[] {
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  // Startup options, like a postgresql.conf: nothing is written into the data folder, so a
  // later release can change them and a backup restores the data alone.
  return [...PGlite.defaultStartParams, ...settings];
}

// Runs in a worker thread: PGlite.create on an empty folder runs initdb, then closes.
const INIT_WORKER = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
PGlite.create(workerData.dataDir, { startParams: workerData.startParams }).then((db) => db.close());
`;

/**
 * Creates the database in an empty data folder in a worker thread. PGlite's initdb runs a
 * second PostgreSQL and the initdb program, each with its own WebAssembly memory: 400 MB that
 * nothing references afterwards, but that V8 only frees at a full garbage collection, which an
 * idle server may not run for a long time (the first start idled at 268 MB, a restart at 191).
 * A worker's memory goes back to the system when it ends.
 */
async function initDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const worker = new Worker(INIT_WORKER, {
    eval: true,
    workerData: {
      pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      dataDir,
      startParams: startParams(),
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb worker exited with ${code}`)),
    );
  });
}

/**
 * A PGlite instance with Feedboard's extensions and settings; `memory://…` keeps it in memory.
 * `snapshot` (a `dumpDataDir()` of another instance) is its starting data instead of initdb: the
 * tests start each file's database from one migrated snapshot.
 */
export async function createPGlite(dataDir = 'memory://', snapshot?: Blob): Promise<PGlite> {
  if (!dataDir.includes('://')) await initDataDir(dataDir);
  return PGlite.create(dataDir, {
    extensions: EXTENSIONS,
    startParams: startParams(),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
}

/**
 * The PGlite driver adapter, whose shadow database (where the schema engine replays the
 * migrations to write a new one) loads the same extensions; the adapter's own shadow
 * database is a bare PGlite, on which CREATE EXTENSION pg_trgm fails.
 */
export class PrismaPGliteWithExtensions extends PrismaPGlite {
  override async connectToShadowDb() {
    const shadow = await createPGlite('memory://shadow');
    return new PrismaPGlite(shadow).connect();
  }
}

/**
 * The embedded database's deadline for work. PGlite runs one statement (or one transaction) at a
 * time, in this process; whoever comes next waits, and before this a request queued behind a
 * long one without end (5,000 ids to `nodes` held `/healthz` for 32 s). Every query, exec and
 * transaction now waits its turn here for at most `deadlineMs`; past it the call fails with
 * DatabaseBusyError (503, "too busy") without reaching PGlite. While `exempt` runs
 * (migrations), waits have no deadline; backups (`dumpDataDir`) do not pass through here.
 *
 * Turns are shared between clients (db/statement-owner.ts: a request's sender, by address), one
 * statement each: a request that queues hundreds of statements at once (a GraphQL list whose
 * every item reads its own rows) does not make every other client wait behind all of them
 * (outside attack 4: one query over 61 boards held `/healthz` 8.5 s). The next turn goes to the
 * waiting client that has used the database least (its statements' time, halved every second),
 * not round the circle: with 60 searches of 70 ms waiting, a round put `/healthz` behind one
 * statement of each, 4.2 s (outside attack 9). Within a client its oldest request goes first:
 * seventy similar-idea hints sent at once by one account shared the turns among themselves, all
 * finished late and 105 of 120 were refused at the deadline (outside attack 10, F1); now they
 * finish one after another. A client kept waiting 2 s (or half the deadline) since it came or
 * last had a turn goes first, so a heavy one is not starved into a refusal by a stream of light
 * ones; such a rescue takes at most every other turn, so a light request (a probe) waits behind
 * at most two statements however many clients are overdue (attack 10: rescues alone held
 * `/healthz` 3.4 s).
 */
export type TPGliteDeadline = {
  /** Runs `work` with no deadline on waits (migrations at start). */
  exempt: <T>(work: () => Promise<T>) => Promise<T>;
};

export function withDeadline(
  pglite: PGlite,
  deadlineMs: number,
  options: { rescueMs?: number } = {},
): TPGliteDeadline {
  type TPlace = {
    start: () => void;
    timer: NodeJS.Timeout | undefined;
    since: number;
    owner: TStatementOwner;
  };
  // The clients waiting, in the order their turns come (a Map keeps insertion order), each with
  // its statements: its oldest request's first, and one request's in the order they came.
  const waiting = new Map<string, TPlace[]>();
  // Each client's use of the database: milliseconds of statements, halved every second.
  const usage = createUsageMeter();
  const lastTurn = new Map<string, number>();
  let isBusy = false;
  let exemptions = 0;
  let wasRescue = false;
  // The next statement starts after a turn of the event loop: a queued one started at once
  // would run as a microtask of the last, and a burst of them never let Node read a socket
  // (nor another request queue its statement) until the whole burst was done.
  const release = () => {
    setImmediate(startNext);
  };
  const rescueMs = options.rescueMs ?? (deadlineMs > 0 ? Math.min(2_000, deadlineMs / 2) : 2_000);
  const startNext = () => {
    const now = performance.now();
    let chosen: [string, TPlace[]] | undefined;
    let least = Infinity;
    let rescued: [string, TPlace[]] | undefined;
    let longest = rescueMs;
    for (const entry of waiting) {
      if (!wasRescue) {
        const waited = now - Math.max(entry[1][0]!.since, lastTurn.get(entry[0]) ?? 0);
        if (waited >= longest) {
          longest = waited;
          rescued = entry;
        }
      }
      const used = usage.usedBy(entry[0], now);
      if (used < least) {
        least = used;
        chosen = entry;
      }
    }
    wasRescue = rescued !== undefined && rescued !== chosen;
    chosen = rescued ?? chosen;
    if (!chosen) {
      isBusy = false;
      return;
    }
    const [client, places] = chosen;
    lastTurn.set(client, now);
    const next = places.shift()!;
    // Among equals, this client goes after the others; a client with nothing left leaves.
    waiting.delete(client);
    if (places.length > 0) waiting.set(client, places);
    else lastTurn.delete(client);
    clearTimeout(next.timer);
    next.start();
  };
  const charge = (owner: TStatementOwner, since: number) => usage.charge(owner.client, since);
  const enqueue = (client: string, place: TPlace) => {
    const places = waiting.get(client);
    if (!places) {
      waiting.set(client, [place]);
      return;
    }
    // After every statement of the client's requests that came no later than this one's.
    let at = places.length;
    while (at > 0 && places[at - 1]!.owner.since > place.owner.since) at -= 1;
    places.splice(at, 0, place);
  };
  const turn = (): Promise<void> => {
    if (!isBusy) {
      isBusy = true;
      return Promise.resolve();
    }
    const owner = currentStatementOwner();
    return new Promise<void>((resolve, reject) => {
      const place: TPlace = {
        start: resolve,
        timer: undefined,
        since: performance.now(),
        owner,
      };
      if (deadlineMs > 0 && exemptions === 0) {
        const since = Date.now();
        place.timer = setTimeout(() => {
          const places = waiting.get(owner.client);
          const at = places?.indexOf(place) ?? -1;
          if (at !== -1) places!.splice(at, 1);
          if (places?.length === 0) {
            waiting.delete(owner.client);
            lastTurn.delete(owner.client);
          }
          reject(new DatabaseBusyError(Date.now() - since));
        }, deadlineMs);
      }
      enqueue(owner.client, place);
    });
  };
  const gated = <TArgs extends unknown[], TResult>(
    call: (...args: TArgs) => Promise<TResult>,
  ): ((...args: TArgs) => Promise<TResult>) => {
    return async (...args) => {
      // PGlite runs a statement inside this thread, and its promises resolve as microtasks: a
      // request running statement after statement (an export, an import, a bulk change) never
      // let Node read another socket, so /healthz waited 2-2.6 s behind a CSV export (issue
      // 33). One turn of the event loop before each statement lets other requests in between.
      await yieldToOthers();
      await turn();
      const since = performance.now();
      try {
        return await call(...args);
      } finally {
        charge(currentStatementOwner(), since);
        release();
      }
    };
  };
  pglite.query = gated(pglite.query.bind(pglite)) as PGlite['query'];
  pglite.exec = gated(pglite.exec.bind(pglite)) as PGlite['exec'];
  pglite.transaction = gated(pglite.transaction.bind(pglite)) as PGlite['transaction'];
  return {
    exempt: async (work) => {
      exemptions += 1;
      try {
        return await work();
      } finally {
        exemptions -= 1;
      }
    },
  };
}
