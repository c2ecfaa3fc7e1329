/**
 * Runs work at most `limit` at a time in this process; the rest wait in the order they came. A
 * finished run hands its place straight to the next waiting one, so a newcomer never slips in
 * between and the limit holds exactly.
 */
export function createSlots(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
