import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { requiredText, unstorableText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';
import { ZMonthlySpend } from './customer-company-input.ts';
import { CUSTOMER_COMPANY_LIMITS } from './customer-company-limits.ts';
import { lockCustomerValues } from './idea-value.ts';

const L = CUSTOMER_COMPANY_LIMITS;

/** The columns of an import file, as its header row names them (any case, `_`, `-` or space). */
export const IMPORT_COLUMNS = ['name', 'external id', 'monthly spend'] as const;
export type TImportColumn = (typeof IMPORT_COLUMNS)[number];

const FIELD_OF: Record<TImportColumn, 'name' | 'externalId' | 'monthlySpend'> = {
  name: 'name',
  'external id': 'externalId',
  'monthly spend': 'monthlySpend',
};

const ZImportRow = z.object({
  name: requiredText(1, L.maxNameLength),
  externalId: requiredText(1, L.maxExternalIdLength),
  monthlySpend: ZMonthlySpend,
});

/** A problem of the file: `row` is its line in the file (the header is row 1), `column` its column. */
export type TImportProblem = { row: number; column: TImportColumn | null; message: string };

/** A row that will be written: created anew, or updating the company with that external id. */
export type TImportRow = {
  row: number;
  name: string;
  externalId: string;
  monthlySpend: number;
  action: 'CREATE' | 'UPDATE';
};

export type TImportPreview = {
  rows: TImportRow[];
  problems: TImportProblem[];
  createCount: number;
  updateCount: number;
};

function columnKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .replace(/^externalid$/, 'external id')
    .replace(/^monthlyspend$/, 'monthly spend');
}

/** The file's rows checked one by one, without the database (parseImport's first half). */
export function readImportFile(csv: string): {
  rows: Omit<TImportRow, 'action'>[];
  problems: TImportProblem[];
} {
  const fileProblem = (message: string) => ({
    rows: [],
    problems: [{ row: 1, column: null, message }],
  });
  const unstorable = unstorableText(csv);
  if (unstorable) return fileProblem(`The file cannot be read: ${unstorable}`);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      rows: [],
      problems: [
        {
          row: typeof line === 'number' ? line : 1,
          column: null,
          message: `The file is not valid CSV: ${(error as Error).message}`,
        },
      ],
    };
  }
  const [first, ...body] = records;
  const header = first?.record;
  if (!header)
    return fileProblem('The file is empty: it needs a header row and one row a customer.');
  const index = new Map<TImportColumn, number>();
  header.forEach((title, at) => {
    const key = columnKey(title) as TImportColumn;
    if (IMPORT_COLUMNS.includes(key) && !index.has(key)) index.set(key, at);
  });
  const missing = IMPORT_COLUMNS.filter((column) => !index.has(column));
  if (missing.length) {
    return fileProblem(
      `The header row has to name the columns ${IMPORT_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
    );
  }
  if (body.length === 0) return fileProblem('The file has no customer rows under its header.');
  if (body.length > L.maxImportRows) {
    return fileProblem(
      `The file has ${body.length} rows; at most ${L.maxImportRows} are taken at once.`,
    );
  }
  const rows: Omit<TImportRow, 'action'>[] = [];
  const problems: TImportProblem[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    // The record's line in the file (skipped empty lines count, as an editor shows them).
    const row = info.lines;
    const parsed = ZImportRow.safeParse({
      name: record[index.get('name')!] ?? '',
      externalId: record[index.get('external id')!] ?? '',
      monthlySpend: record[index.get('monthly spend')!] ?? '',
    });
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (reported.has(field)) continue;
        reported.add(field);
        const column = IMPORT_COLUMNS.find((c) => FIELD_OF[c] === field) ?? null;
        problems.push({ row, column, message: issue.message });
      }
      continue;
    }
    const earlier = seen.get(parsed.data.externalId);
    if (earlier !== undefined) {
      problems.push({
        row,
        column: 'external id',
        message: `Row ${earlier} already has this external id.`,
      });
      continue;
    }
    seen.set(parsed.data.externalId, row);
    rows.push({ row, ...parsed.data });
  }
  return { rows, problems };
}

/**
 * What importing a CSV file of customer companies (columns name, external id, monthly spend,
 * under a header row) would do, without writing: each good row is CREATE or UPDATE (a company
 * with that external id exists: re-importing a file updates rather than duplicates), each bad
 * one a problem naming its row and column. OWNER or ADMIN only.
 */
export async function previewCustomerImport(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  csv: string,
): Promise<TImportPreview> {
  const { companyId } = requireCompanyAdmin(viewer);
  const { rows, problems } = readImportFile(csv);
  const existing = new Set(
    (
      await deps.prisma.customerCompany.findMany({
        where: { companyId, externalId: { in: rows.map((row) => row.externalId) } },
        select: { externalId: true },
      })
    ).map((company) => company.externalId),
  );
  const planned = rows.map((row): TImportRow => ({
    ...row,
    action: existing.has(row.externalId) ? 'UPDATE' : 'CREATE',
  }));
  return {
    rows: planned,
    problems,
    createCount: planned.filter((row) => row.action === 'CREATE').length,
    updateCount: planned.filter((row) => row.action === 'UPDATE').length,
  };
}

/**
 * Imports a CSV file of customer companies (see previewCustomerImport) in one transaction: all
 * its rows or, when any row has a problem, none (VALIDATION, each problem as the field
 * `row 3: monthly spend`). Keyed on the external id: names and spends of known companies are
 * updated (their plan, attributes and members stay; the ideas their people voted for get their
 * new value), the others created. Answers what it did.
 */
export async function importCustomerCompanies(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  csv: string,
): Promise<{ createCount: number; updateCount: number }> {
  const { companyId } = requireCompanyAdmin(viewer);
  const { rows, problems } = readImportFile(csv);
  if (problems.length) {
    throw errors.validation(
      problems.map((problem) => ({
        field: `row ${problem.row}${problem.column ? `: ${problem.column}` : ''}`,
        message: problem.message,
      })),
    );
  }
  // One statement for the whole file; (xmax = 0) tells a new row from an updated one. It runs
  // under the company's value lock, and the ideas whose companies' spend it changes get their
  // new values in the same statement (the trigger of migration idea_customer_company).
  const written = await deps.prisma.$transaction(async (tx) => {
    await lockCustomerValues(tx, companyId);
    const upserted = await tx.$queryRaw<{ inserted: boolean }[]>`
      INSERT INTO "CustomerCompany" ("companyId", "externalId", "name", "monthlySpend", "updatedAt")
      SELECT ${companyId}::int, r."externalId", r."name", r."monthlySpend", now() AT TIME ZONE 'UTC'
      FROM unnest(${rows.map((row) => row.externalId)}::text[],
                  ${rows.map((row) => row.name)}::text[],
                  ${rows.map((row) => row.monthlySpend.toFixed(2))}::numeric[])
           AS r("externalId", "name", "monthlySpend")
      ON CONFLICT ("companyId", "externalId") DO UPDATE SET
        "name" = EXCLUDED."name",
        "monthlySpend" = EXCLUDED."monthlySpend",
        "updatedAt" = EXCLUDED."updatedAt"
      RETURNING (xmax = 0) AS "inserted"`;
    return upserted;
  });
  const createCount = written.filter((row) => row.inserted).length;
  return { createCount, updateCount: written.length - createCount };
}
