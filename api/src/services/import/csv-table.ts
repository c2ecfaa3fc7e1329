import { parse } from 'csv-parse/sync';
import { ImportFileError } from './import-model.ts';
import type { TImportFile } from './import-model.ts';

/** One CSV file read under its header: each row's cells by the canonical column name. */
export type TCsvTable = {
  file: string;
  /** Canonical column → the header's own spelling (for messages naming the column). */
  headers: Map<string, string>;
  rows: { row: number; cell: (column: string) => string }[];
};

/** A header cell compared loosely: any case, `_`, `-` and runs of spaces alike. */
export function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * Reads a CSV file whose first row names its columns. `aliases` lists, per canonical column,
 * the header spellings sources use (compared with headerKey). A file that is not CSV is an
 * ImportFileError naming the line.
 */
export function readCsvTable(
  file: TImportFile,
  aliases: Record<string, readonly string[]>,
): TCsvTable {
  const text = new TextDecoder('utf-8').decode(file.data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportFileError({
      file: file.name,
      row: typeof line === 'number' ? line : 1,
      column: null,
      message: `The file is not valid CSV: ${(error as Error).message}`,
    });
  }
  const [first, ...body] = records;
  if (!first) {
    throw new ImportFileError({
      file: file.name,
      row: 1,
      column: null,
      message: 'The file is empty: it needs a header row.',
    });
  }
  const index = new Map<string, number>();
  const headers = new Map<string, string>();
  first.record.forEach((title, at) => {
    const key = headerKey(title);
    for (const [column, names] of Object.entries(aliases)) {
      if (!index.has(column) && names.includes(key)) {
        index.set(column, at);
        headers.set(column, title.trim());
      }
    }
  });
  return {
    file: file.name,
    headers,
    rows: body.map(({ record, info }) => ({
      row: info.lines,
      cell: (column: string) => {
        const at = index.get(column);
        return at === undefined ? '' : (record[at] ?? '').trim();
      },
    })),
  };
}

/** The header's own name of a column, else the canonical one. */
export function columnName(table: TCsvTable, column: string): string {
  return table.headers.get(column) ?? column;
}

/**
 * Refuses a table that lacks a column it needs, naming what is missing as a header would (the
 * first of its `aliases`: "idea id", not the key "idea", F11 of walk 9).
 */
export function requireColumns(
  table: TCsvTable,
  columns: readonly string[],
  expected: string,
  aliases: Readonly<Record<string, readonly string[]>> = {},
): void {
  const missing = columns.filter((column) => !table.headers.has(column));
  if (missing.length) {
    const names = missing.map((column) => aliases[column]?.[0] ?? column);
    throw new ImportFileError({
      file: table.file,
      row: 1,
      column: null,
      message: `The header row has to name the columns ${expected}; missing: ${names.join(', ')}.`,
    });
  }
}
