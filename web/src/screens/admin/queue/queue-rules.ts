import type { TQueueOutcome } from './useQueueMutations.ts';

/** How long an idea's description may run in the queue before it is cut. */
export const EXCERPT_LENGTH = 200;

/** The description's first words: whitespace folded, cut at a word with an ellipsis. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= length) return folded;
  const cut = folded.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The queue's `?board=` as the GraphQL id of the board: the address carries the plain row id
 * (as the console's board addresses do); a global id passes as it is; anything else is none.
 */
export function boardIdOfParam(value: string | null): string | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return btoa(`Board:${value}`);
  return value;
}

export type TSummary = { done: number; conflicts: number; failed: number };

/** A bulk run's result: how many were done, dealt with by a teammate first, or failed. */
export function summarise(outcomes: readonly TQueueOutcome[]): TSummary {
  return {
    done: outcomes.filter((outcome) => outcome.kind === 'done').length,
    conflicts: outcomes.filter((outcome) => outcome.kind === 'conflict').length,
    failed: outcomes.filter((outcome) => outcome.kind === 'failed' || outcome.kind === 'invalid')
      .length,
  };
}
