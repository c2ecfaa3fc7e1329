/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(x: string, y: string): number {
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour on the primary colour: the theme's, unless it is hard to read there (the
 * default green with white text is); then black or white, whichever reads better. The widget
 * and the server-rendered portal pages both use it.
 */
export function readableOn(primary: string, text: string): string {
  if (contrast(primary, text) >= 4.5) return text;
  return contrast(primary, '#000000') >= contrast(primary, '#ffffff') ? '#000000' : '#ffffff';
}

const HEX = /^[0-9a-f]{6}$/i;
const colour = (value: string | undefined, fallback: string) =>
  value && HEX.test(value) ? `#${value}` : fallback;

/** A board's theme as the widget's custom properties (the container's inline style). */
export function themeProperties(theme: {
  primary?: string;
  primaryText?: string;
  text?: string;
  background?: string;
}): Record<string, string> {
  const primary = colour(theme.primary, '#53d23d');
  return {
    '--fb-primary': primary,
    '--fb-on-primary': readableOn(primary, colour(theme.primaryText, '#ffffff')),
    '--fb-text': colour(theme.text, '#111111'),
    '--fb-bg': colour(theme.background, '#ffffff'),
  };
}
