import { PrismaPg } from '@prisma/adapter-pg';

/**
 * The statements of a migration script, split on the semicolons that end them: not those inside
 * quotes, comments or a function's dollar-quoted body (`$$ … $$`, `$tag$ … $tag$`).
 */
export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = script.indexOf(end, from);
    return at === -1 ? script.length : at + end.length;
  };
  while (i < script.length) {
    const ch = script[i];
    const rest = script.slice(i, i + 2);
    if (ch === "'" || ch === '"') {
      // A doubled quote inside is an escaped one: the next search starts after it.
      i = skipTo(ch, i + 1);
      while (script[i] === ch) i = skipTo(ch, i + 1);
    } else if (rest === '--') {
      i = skipTo('\n', i);
    } else if (rest === '/*') {
      i = skipTo('*/', i + 2);
    } else if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      i = tag ? skipTo(tag, i + tag.length) : i + 1;
    } else if (ch === ';') {
      statements.push(script.slice(start, i));
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  statements.push(script.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement !== '');
}

/**
 * PrismaPg for the schema engine: its adapter runs a migration script split on every `;`,
 * which cuts a trigger function's body apart; this one splits with splitSqlScript.
 */
export class PrismaPgForMigrations extends PrismaPg {
  /** The schema engine frees itself, not the adapters it opened (each holds a connection). */
  private readonly opened = new Set<{ dispose(): Promise<void> }>();

  /** Closes every connection the engine opened, so nothing holds the database afterwards. */
  async disposeAll(): Promise<void> {
    const adapters = [...this.opened];
    this.opened.clear();
    await Promise.all(adapters.map((adapter) => adapter.dispose()));
  }

  override async connect() {
    const adapter = await super.connect();
    this.opened.add(adapter);
    adapter.executeScript = async (script: string) => {
      for (const sql of splitSqlScript(script))
        await adapter.executeRaw({ sql, args: [], argTypes: [] });
    };
    return adapter;
  }
}
