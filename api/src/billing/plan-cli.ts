import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { runningServerPid } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { listCompanyPlans } from '../services/plan/list-company-plans.ts';
import { usePlanDefault } from '../services/plan/plan-state.ts';
import type { TPlanOrigin } from '../services/plan/plan-state.ts';
import { defaultPlanOf } from '../services/plan/plans.ts';
import { setOperatorPlan } from '../services/plan/set-operator-plan.ts';

/**
 * `npm run plan -- set <company-slug> <PLAN|DEFAULT> [--until YYYY-MM-DD]` and
 * `npm run plan -- list`: the server operator's plans (README "Plans without payments"), on the
 * database the server uses (DATABASE_URL, else the embedded one in DATA_DIR).
 */
const USAGE = [
  'Usage:',
  '  npm run plan -- list',
  '  npm run plan -- set <company-slug> <FREE|STARTUP|COMPANY|ULTRA> [--until YYYY-MM-DD]',
  "  npm run plan -- set <company-slug> DEFAULT     (back to the server's default plan)",
].join('\n');

const ORIGIN: Record<TPlanOrigin, string> = {
  PAYMENT: 'payment',
  OPERATOR: 'operator',
  DEFAULT: 'DEFAULT_PLAN',
};

/** The last day a plan holds (UTC): the day before the instant it ends. */
const lastDay = (expiresAt: Date | null) =>
  expiresAt ? new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10) : '-';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Parses the arguments; answers what to do or throws the usage. */
function parseArgs(
  args: string[],
): { command: 'list' } | { command: 'set'; slug: string; plan: string; until: string | undefined } {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return { command };
  if (command === 'set') {
    const at = rest.indexOf('--until');
    const until = at === -1 ? undefined : rest[at + 1];
    const positional = at === -1 ? rest : [...rest.slice(0, at), ...rest.slice(at + 2)];
    if (at !== -1 && (until === undefined || until.startsWith('--'))) {
      throw new Error(`--until needs a date (YYYY-MM-DD).\n${USAGE}`);
    }
    const [slug, plan, ...extra] = positional;
    if (slug && plan && extra.length === 0) return { command, slug, plan, until };
  }
  throw new Error(USAGE);
}

const config = loadConfig();
const defaultPlan = defaultPlanOf(config);
try {
  const action = parseArgs(process.argv.slice(2));
  if (!config.databaseUrl) {
    // PGlite serves one process at a time, and opening an empty folder would create a database.
    if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
      throw new Error(
        `${config.dataDir} holds no database yet: start the server once (npm start), or set DATABASE_URL.`,
      );
    }
    const pid = await runningServerPid(config.dataDir);
    if (pid) {
      throw new Error(
        `A Feedboard server (pid ${pid}) is using ${config.dataDir}. Stop it, run this again, then start it: PGlite serves one process at a time.`,
      );
    }
  }
  const db = await openDatabase(config);
  try {
    if (!(await db.isUpToDate())) {
      throw new Error(
        'The database is not up to date: run npm run db:migrate (or start the server) first.',
      );
    }
    usePlanDefault(db.prisma, defaultPlan);
    const why = config.defaultPlan
      ? 'DEFAULT_PLAN'
      : defaultPlan === 'FREE'
        ? 'payments configured'
        : 'no payment provider configured';
    if (action.command === 'list') {
      const plans = await listCompanyPlans(db.prisma);
      console.log(`Default plan: ${defaultPlan} (${why}).`);
      console.log(
        table([
          ['slug', 'name', 'plan', 'until', 'from'],
          ...plans.map((p) => [p.slug, p.name, p.plan, lastDay(p.expiresAt), ORIGIN[p.origin]]),
        ]),
      );
    } else {
      const result = await setOperatorPlan(db.prisma, action);
      const until = result.expiresAt ? ` until ${lastDay(result.expiresAt)} (UTC)` : '';
      console.log(
        result.isDefault
          ? `${result.slug} (${result.name}): ${result.from} → ${result.to}, the server's default plan (${why}).`
          : `${result.slug} (${result.name}): ${result.from} → ${result.to}${until}, set by the operator.`,
      );
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
