import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import { yieldEvery } from '../../yield-to-others.ts';

/** How many ideas one bulk action takes at most (a page of the console's list is 20). */
export const MAX_BULK_IDEAS = 100;

const idsError = 'Choose the ideas by their ids.';

export const ZBulkIdeaIds = z.object({
  ideaIds: z
    .array(z.number({ error: idsError }).int({ error: idsError }), { error: idsError })
    .min(1, { error: 'Choose at least one idea.' })
    .max(MAX_BULK_IDEAS, { error: `Choose at most ${MAX_BULK_IDEAS} ideas at once.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Name each idea once.' }),
});

/** What one idea of a bulk action came to: the idea as it is now, and whether it changed. */
export type TBulkOutcome<TIdea> = { idea: TIdea; isChanged: boolean };

/** The ideas a bulk action names, in the order given, each once (VALIDATION on `ideaIds`). */
export function parseBulkIdeaIds(ideaIds: unknown): number[] {
  return parseInput(ZBulkIdeaIds, { ideaIds }).ideaIds;
}

/**
 * Checks one change per idea, in order, with the single-idea operation's own check. The first
 * idea that may not change answers for all of them (nothing is written yet): its error keeps
 * its code (another company's idea stays NOT_FOUND) and names the idea by its place in
 * `ideaIds` (field `ideaIds.N`).
 */
export async function planEachIdea<TPlan>(
  ideaIds: number[],
  plan: (ideaId: number) => Promise<TPlan>,
): Promise<TPlan[]> {
  const plans: TPlan[] = [];
  // Each idea's check is a few statements: other requests run between two ideas once the
  // checks have held the thread for 20 ms.
  const pause = yieldEvery();
  for (const [index, ideaId] of ideaIds.entries()) {
    await pause();
    try {
      plans.push(await plan(ideaId));
    } catch (error) {
      throw aboutIdea(error, index);
    }
  }
  return plans;
}

/** An idea's refusal as a field-level error of the bulk action (`ideaIds.N`). */
export function aboutIdea(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || error.code === 'UNAUTHENTICATED') return error;
  const message = error.fields?.map((field) => field.message).join(' ') || error.message;
  return new AppError(error.code, error.message, [{ field: `ideaIds.${index}`, message }]);
}

/**
 * Interactive transactions end after 5 s by default; a hundred ideas' writes (each with its
 * activity row) take longer on a busy embedded database.
 */
export const BULK_TRANSACTION = { timeout: 60_000, maxWait: 10_000 } as const;
