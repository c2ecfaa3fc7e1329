import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.ts';

describe('slots for heavy work (import previews, import workers)', () => {
  it('runs at most the limit at once, the rest in the order they came, newcomers never first', async () => {
    const inSlot = createSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = new Map<number, () => void>();
    const run = (n: number) =>
      inSlot(async () => {
        running += 1;
        most = Math.max(most, running);
        started.push(n);
        await new Promise<void>((resolve) => gates.set(n, resolve));
        running -= 1;
      });
    const all = [0, 1, 2, 3].map(run);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates.get(0)!();
    // A newcomer arriving as a place frees up waits behind the ones already waiting.
    const late = run(4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const n of [1, 2, 3, 4]) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.get(n)?.();
    }
    for (let i = 0; i < 5 && started.length < 5; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const n of started) gates.get(n)!();
    }
    await Promise.all([...all, late]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('gives the place back when the work fails', async () => {
    const inSlot = createSlots(1);
    await expect(inSlot(() => Promise.reject(new Error('broken file')))).rejects.toThrow(
      'broken file',
    );
    expect(await inSlot(() => Promise.resolve('next'))).toBe('next');
  });
});
