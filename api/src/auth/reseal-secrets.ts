import type { PrismaClient } from '../generated/prisma/client.ts';
import { needsReseal, openSecret, sealSecret } from './secret-box.ts';
import type { TSecretKeys } from './secret-box.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';
import type { TSealedColumn } from './sealed-columns.ts';

export type TResealCount = { table: string; column: string; checked: number; resealed: number };

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Seals again, under the current SECRETS_KEY, every stored secret sealed under an older key
 * (SECRETS_KEYS_PREVIOUS), column by column of SEALED_COLUMNS. Each row is written only if it
 * still holds the value read, so a secret changed meanwhile is left as its writer sealed it.
 * Idempotent: a second run reseals nothing. Throws SecretKeyError when a value's key is
 * neither the current nor a previous one (nothing is lost: that row stays as it was).
 */
export async function resealSecrets(
  prisma: PrismaClient,
  keys: TSecretKeys | null,
  columns: readonly TSealedColumn[] = SEALED_COLUMNS,
): Promise<TResealCount[]> {
  const counts: TResealCount[] = [];
  for (const { table, idColumn, column } of columns) {
    const rows = await prisma.$queryRawUnsafe<{ id: unknown; value: string }[]>(
      `SELECT ${quoted(idColumn)} AS "id", ${quoted(column)} AS "value" FROM ${quoted(table)} WHERE ${quoted(column)} IS NOT NULL ORDER BY 1`,
    );
    let resealed = 0;
    for (const row of rows) {
      if (!needsReseal(keys, row.value)) continue;
      const fresh = sealSecret(keys, openSecret(keys, row.value));
      resealed += await prisma.$executeRawUnsafe(
        `UPDATE ${quoted(table)} SET ${quoted(column)} = $1 WHERE ${quoted(idColumn)} = $2 AND ${quoted(column)} = $3`,
        fresh,
        row.id,
        row.value,
      );
    }
    counts.push({ table, column, checked: rows.length, resealed });
  }
  return counts;
}
