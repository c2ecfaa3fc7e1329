import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * A tagged template that runs one parameterised SQL statement and answers its rows:
 * `` await sql<TRow>`SELECT … WHERE id = ${id}` ``. Values are always sent as parameters.
 *
 * The few statements every request runs (the session lookup, a vote) go through this rather
 * than Prisma: Prisma's client spends about 0.35 ms of CPU per statement on top of the driver
 * (measured with `npm run bench`), which on the vote path was more than the database's own work.
 * Rows come back as PostgreSQL sends them, with two rules so that both databases agree:
 * `timestamp` columns are UTC dates (as Prisma stores DateTime), and the SQL casts whatever must
 * be a number to `int` (a bare `count(*)` is a bigint).
 */
export type TSql = <T>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T[]>;

const TIMESTAMP_OID = 1114;

/** `timestamp` (no zone) holds UTC, as Prisma writes it: read it as UTC whatever TZ says. */
function parseUtcTimestamp(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary'
      ? parseUtcTimestamp
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const PART = Symbol('sql part');

/** A piece of a statement with values of its own, written into a larger one (`${part}`). */
export type TSqlPart = {
  readonly [PART]: true;
  readonly strings: readonly string[];
  readonly values: unknown[];
};

/** `` sqlPart`i."boardId" = ${boardId}` ``: a condition or clause that several statements share. */
export function sqlPart(strings: TemplateStringsArray, ...values: unknown[]): TSqlPart {
  return { [PART]: true, strings, values };
}

/** A fixed piece of SQL (an ORDER BY picked from a list in the code), never user input. */
export function sqlFragment(text: string): TSqlPart {
  return { [PART]: true, strings: [text], values: [] };
}

function isPart(value: unknown): value is TSqlPart {
  return typeof value === 'object' && value !== null && PART in value;
}

/** The statement's text with `$1, $2, …` for the values, parts written in (their values too). */
function toStatement(
  strings: readonly string[],
  values: unknown[],
  params: unknown[] = [],
): { text: string; params: unknown[] } {
  let text = strings[0] ?? '';
  values.forEach((value, i) => {
    if (isPart(value)) {
      text += toStatement(value.strings, value.values, params).text;
    } else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += strings[i + 1] ?? '';
  });
  return { text, params };
}

/** A part as a whole statement: its text with `$1, $2, …` and its values (tests EXPLAIN it). */
export function statementOf(part: TSqlPart): { text: string; params: unknown[] } {
  return toStatement(part.strings, part.values);
}

/**
 * Written into a statement whose best plan depends on its values (a text search: a rare word is
 * best found through the trigram index, a common one by reading the board in the list's order):
 * poolSql sends it unnamed, so PostgreSQL plans it for each execution's values rather than
 * settling on a generic plan made without them.
 */
export const PLANNED_PER_EXECUTION = sqlFragment('/* planned per execution */');

/** At most this many distinct statements get a name (prepared once per connection). */
const NAMED_STATEMENTS = 200;

/**
 * Runs statements on the pool's connections. Each distinct statement (up to NAMED_STATEMENTS)
 * is prepared once per connection under a name of its own, so PostgreSQL parses and plans it
 * once.
 */
export function poolSql(pool: pg.Pool, onQuery?: (sql: string) => void): TSql {
  const names = new Map<string, string>();
  return async <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const { text, params } = toStatement(strings, values);
    let name = names.get(text);
    const planned = text.includes(PLANNED_PER_EXECUTION.strings[0]!);
    if (name === undefined && !planned && names.size < NAMED_STATEMENTS) {
      name = `feedboard_sql_${names.size}`;
      names.set(text, name);
    }
    onQuery?.(text);
    const result = await pool.query({ name, text, values: params, types: TYPES });
    return result.rows as T[];
  };
}

/** The same through Prisma's raw queries: embedded PGlite, which has no pool of its own. */
export function prismaSql(prisma: PrismaClient): TSql {
  return <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const { text, params } = toStatement(strings, values);
    return prisma.$queryRawUnsafe<T[]>(text, ...params);
  };
}
