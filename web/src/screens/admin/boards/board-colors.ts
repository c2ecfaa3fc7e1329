/** The board's colour as CSS, and a text colour that reads on it (dark on light, white on dark). */
export function boardBadgeStyle(color: string): { background: string; color: string } {
  const hex = /^[0-9a-f]{6}$/i.test(color) ? color : '53d23d';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
  return { background: `#${hex}`, color: luminance > 0.18 ? '#0c1a0e' : '#ffffff' };
}
