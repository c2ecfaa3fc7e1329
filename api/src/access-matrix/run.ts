import { appendFileSync } from 'node:fs';
import type { TBoardFixture, TBoardKind, TCaller, TWorld } from './fixtures.ts';
import { brief, describeMismatches, runsOf } from './outcome.ts';
import type { TMismatch, TOutcome, TRule } from './outcome.ts';

/** One entry of a table, whatever its transport: a rule and a call answering an outcome. */
export type TRunnable = {
  rule: TRule;
  boardScoped: boolean;
  /** The caller's outcome on the board, and a short detail of the answer for failure messages. */
  outcome: (
    w: TWorld,
    caller: TCaller,
    board: TBoardFixture,
  ) => Promise<{ outcome: TOutcome; detail: string }>;
};

/**
 * Runs an entry for every caller (and, for board-scoped entries, on the boards that grant or
 * are public) and throws one readable error listing every caller who got the wrong answer.
 * With MATRIX_REPORT set, appends each mismatch as a JSON line to that file.
 */
export async function runEntry(w: TWorld, name: string, entry: TRunnable): Promise<void> {
  const mismatches: TMismatch[] = [];
  for (const [caller, kind] of runsOf(entry.rule, entry.boardScoped) as [TCaller, TBoardKind][]) {
    const expected = entry.rule.expect(caller, kind);
    let got: TOutcome;
    let detail: string;
    try {
      ({ outcome: got, detail } = await entry.outcome(w, caller, w.boards[kind]));
    } catch (error) {
      got = 'threw';
      detail = brief((error as Error).message);
    }
    if (got !== expected) mismatches.push({ caller, board: kind, expected, got, detail });
  }
  const report = process.env.MATRIX_REPORT;
  if (report) {
    for (const m of mismatches)
      appendFileSync(report, `${JSON.stringify({ entry: name, ...m })}\n`);
  }
  if (mismatches.length) throw new Error(describeMismatches(name, entry.rule, mismatches));
}
