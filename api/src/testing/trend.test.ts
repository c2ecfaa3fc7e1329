import { describe, expect, it } from 'vitest';
import { theilSenSlope } from './trend.ts';

describe('theilSenSlope', () => {
  it('finds the slope of a straight line', () => {
    const points = [0, 10, 20, 30, 40].map((x) => [x, 3 + 0.5 * x] as const);
    expect(theilSenSlope(points)).toBeCloseTo(0.5);
  });

  it('stays flat on a flat series with spikes that least squares would follow', () => {
    // RSS-like: flat at 600 with two late spikes; least squares gives a clear positive slope.
    const ys = [600, 601, 599, 600, 602, 600, 599, 601, 735, 730];
    const points = ys.map((y, x) => [x * 10, y] as const);
    expect(theilSenSlope(points)).toBeLessThan(0.15);
    const n = points.length;
    const mx = points.reduce((s, [x]) => s + x, 0) / n;
    const my = points.reduce((s, [, y]) => s + y, 0) / n;
    const leastSquares =
      points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) /
      points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
    expect(leastSquares).toBeGreaterThan(0.6);
  });

  it('follows a steady climb under noise', () => {
    const noise = [0.4, -0.3, 0.1, -0.5, 0.2, 0.3, -0.1, -0.4, 0.5, 0];
    const points = noise.map((e, i) => [i * 10, 50 + 0.1 * i * 10 + e] as const);
    expect(theilSenSlope(points)).toBeGreaterThan(0.08);
    expect(theilSenSlope(points)).toBeLessThan(0.12);
  });

  it('answers 0 without two distinct x values', () => {
    expect(theilSenSlope([])).toBe(0);
    expect(theilSenSlope([[5, 1]])).toBe(0);
    expect(
      theilSenSlope([
        [5, 1],
        [5, 9],
      ]),
    ).toBe(0);
  });
});
