import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TDataset } from './dataset.ts';
import { SQL, countedValues } from './baseline-server.ts';
import { percentile } from './stats.ts';

export type TPgbenchResult = {
  script: TPgbenchScript;
  clients: number;
  tps: number;
  p50: number;
  p99: number;
};

/**
 * The session lookup of a bench user `:u`, setting `:userId`, `:companyId` and
 * `:customerCompanyIds` (an array literal, quoted where used).
 */
const SESSION = `${bind(SQL.session, [
  "encode(sha256(convert_to('bench-session-' || :u, 'UTF8')), 'hex')",
])} \\gset`;

/** The baseline server's vote, as one pgbench transaction: session, idea check, vote or unvote. */
function voteScript(dataset: TDataset): string {
  const first = dataset.ideaIds[0]!;
  const last = dataset.ideaIds.at(-1)!;
  return `\\set u random(1, ${dataset.userIds.length - 1})
\\set idea random(${first}, ${last})
\\set up random(0, 1)
${SESSION}
${bind(SQL.idea, [':idea', ':companyId', ':companyId', "':customerCompanyIds'", ':userId', 'false'])};
\\if :up
${bind(SQL.upvote, [':companyId', ':userId', ':idea', ':userId', ':idea'])};
\\else
${bind(SQL.downvote, [':idea', ':userId', ':idea'])};
\\endif
`;
}

/** vote, the page read with issue 22's statements (the reference), and with those of now. */
export type TPgbenchScript = 'vote' | 'read' | 'read-now';

/** `sql` with each `$n` replaced by `values[n - 1]` (pgbench variables or SQL literals). */
function bind(sql: string, values: string[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => values[Number(n) - 1]!);
}

/** The baseline server's page read: session, board check, the product's page and count. */
function readScript(dataset: TDataset): string {
  const where = [`${dataset.boardId}`, ':userId', 'false', 'true', 'NULL', '0', "'ALL'", "'ALL'"];
  const noSearch = ['NULL', 'NULL', 'NULL'];
  return `\\set u random(1, ${dataset.userIds.length - 1})
${SESSION}
${bind(SQL.board, [`${dataset.boardId}`, ':companyId', "':customerCompanyIds'"])};
${bind(SQL.page, [':userId', ...where, ...noSearch, '50', '0'])};
${bind(SQL.count, [...where, ...noSearch])};
`;
}

/** The same page read with the product's statements of now (`/ideas-now`). */
function readNowScript(dataset: TDataset): string {
  // Numbers as they are, the status array quoted; the viewer's id (the third value, for their
  // own ideas awaiting acceptance) is pgbench's variable.
  const counted = countedValues(dataset.boardId, 0).map((value, n) =>
    n === 2 ? ':userId' : typeof value === 'number' ? String(value) : `'${String(value)}'`,
  );
  return `\\set u random(1, ${dataset.userIds.length - 1})
${SESSION}
${bind(SQL.board, [`${dataset.boardId}`, ':companyId', "':customerCompanyIds'"])};
${bind(SQL.pageNow, [':userId', ':companyId', `${dataset.boardId}`, ':userId'])};
${bind(SQL.counted, counted)};
`;
}

/**
 * The database's own limit on this machine: pgbench runs the baseline's SQL (one vote or one
 * page read per transaction) with as many clients as the servers' pools have connections.
 */
export async function runPgbench(options: {
  databaseUrl: string;
  dataset: TDataset;
  script: TPgbenchScript;
  clients: number;
  seconds: number;
}): Promise<TPgbenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'feedboard-pgbench-'));
  try {
    const file = path.join(dir, `${options.script}.sql`);
    const sql = { vote: voteScript, read: readScript, 'read-now': readNowScript }[options.script](
      options.dataset,
    );
    await writeFile(file, sql);
    const child = spawn(
      process.env.PGBENCH ?? 'pgbench',
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(options.clients),
        '-j',
        '2',
        '-T',
        String(options.seconds),
        '-l',
        '--log-prefix',
        path.join(dir, 'log'),
        '-f',
        file,
        options.databaseUrl,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    if (code !== 0) throw new Error(`pgbench failed (${code}):\n${output}`);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const name of await readdir(dir)) {
      if (!name.startsWith('log')) continue;
      for (const line of (await readFile(path.join(dir, name), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      script: options.script,
      clients: options.clients,
      tps,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
