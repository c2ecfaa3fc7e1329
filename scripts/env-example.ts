// Writes .env.example from the configuration's zod schema (api/src/config.ts, ZConfig): every
// variable the server reads, its default, and the README table's meaning. `--check` fails when
// the committed file differs (CI), so a new setting cannot go undocumented there.
import { readFileSync, writeFileSync } from 'node:fs';
import type { z } from 'zod';
import { ZConfig } from '../api/src/config.ts';

const FILE = '.env.example';

/** The default a field's schema gives (through pipes and transforms), or undefined. */
function defaultOf(schema: z.ZodType): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === 'default') {
    const value = def.defaultValue;
    return typeof value === 'function' ? (value as () => unknown)() : value;
  }
  if (def.type === 'pipe') return defaultOf(def.in as z.ZodType);
  return undefined;
}

/** The README configuration table's meaning of each variable (first row naming it). */
function meanings(): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of readFileSync('README.md', 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !cells[1]?.startsWith('`')) continue;
    const meaning = cells[3]!.replace(/`/g, '');
    for (const [, name] of cells[1].matchAll(/`([A-Z][A-Z0-9_<>…]+)`/g)) {
      if (!table.has(name!)) table.set(name!, meaning);
    }
  }
  return table;
}

function meaningOf(name: string, table: Map<string, string>): string {
  const direct = table.get(name);
  if (direct) return direct;
  if (name.startsWith('RATE_LIMIT_')) {
    return 'a rate limit (the README lists each action: RATE_LIMIT_<ACTION>_PER_IP, …_PER_ACCOUNT, …_WINDOW_SECONDS)';
  }
  throw new Error(`README.md's configuration table does not describe ${name}`);
}

export function envExample(): string {
  const table = meanings();
  const lines = [
    '# Feedboard configuration. Every variable is optional: the values shown are the defaults,',
    "# commented out. Generated from api/src/config.ts (ZConfig) and the README's table by",
    '# `npm run env:example`; CI checks that it is current.',
  ];
  for (const [name, schema] of Object.entries(ZConfig.shape)) {
    const value = defaultOf(schema as z.ZodType);
    lines.push(
      '',
      `# ${meaningOf(name, table)}`,
      `# ${name}=${value === undefined ? '' : String(value)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const text = envExample();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {
    // missing: reported below
  }
  if (committed !== text) {
    console.error(`${FILE} is not current: run npm run env:example and commit it.`);
    process.exit(1);
  }
  console.log(
    `${FILE} matches the configuration (${Object.keys(ZConfig.shape).length} variables).`,
  );
} else {
  writeFileSync(FILE, text);
  console.log(`Wrote ${FILE} (${Object.keys(ZConfig.shape).length} variables).`);
}
