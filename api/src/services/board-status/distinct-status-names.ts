import { errors } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { STATUS_LABELS } from '../notification/notification-texts.ts';

const key = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Refuses a custom status whose name, in either language, is already a status name of the board:
 * one of its other custom statuses', or a pipeline status's own (which every status menu offers
 * beside the custom ones), compared without case. Such a status listed the same name twice in
 * the status menu, the bulk action and the roadmap. Takes the board's row lock first, so two
 * statuses of one name added at once cannot both pass (the second sees the first).
 */
export async function requireDistinctStatusNames(
  tx: Prisma.TransactionClient,
  boardId: number,
  names: { nameEn: string; namePl: string },
  exceptStatusId?: number,
): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Board" WHERE "id" = ${boardId}::int FOR UPDATE`;
  const others = await tx.boardStatus.findMany({
    where: { boardId, ...(exceptStatusId === undefined ? {} : { id: { not: exceptStatusId } }) },
    select: { nameEn: true, namePl: true },
  });
  const taken = {
    nameEn: new Set([...Object.values(STATUS_LABELS.en), ...others.map((s) => s.nameEn)].map(key)),
    namePl: new Set([...Object.values(STATUS_LABELS.pl), ...others.map((s) => s.namePl)].map(key)),
  };
  const fields = (['nameEn', 'namePl'] as const)
    .filter((field) => taken[field].has(key(names[field])))
    .map((field) => ({
      field,
      message: 'The board already has a status of this name: pick another.',
    }));
  if (fields.length > 0) throw errors.validation(fields);
}
