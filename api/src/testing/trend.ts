/**
 * Theil–Sen slope: the median of the slopes between every pair of points. Unlike least squares,
 * a few outliers (a sample taken in the middle of a burst, a GC that ran late) cannot tilt it;
 * a steady climb moves every pairwise slope, so it moves the median.
 */
export function theilSenSlope(points: readonly (readonly [number, number])[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i += 1) {
    for (let j = i + 1; j < points.length; j += 1) {
      const [x1, y1] = points[i] as readonly [number, number];
      const [x2, y2] = points[j] as readonly [number, number];
      if (x2 !== x1) slopes.push((y2 - y1) / (x2 - x1));
    }
  }
  if (!slopes.length) return 0;
  slopes.sort((a, b) => a - b);
  const middle = Math.floor(slopes.length / 2);
  return slopes.length % 2
    ? (slopes[middle] as number)
    : ((slopes[middle - 1] as number) + (slopes[middle] as number)) / 2;
}
