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

/** `#rrggbb` mixed with another: `weight` of `x`, the rest of `y` (0 to 1). */
export function mix(x: string, y: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(x, i) * weight + channel(y, i) * (1 - weight))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * A colour as it can show on `background` (text, a focus ring): itself when it reaches `ratio`,
 * else darkened (on a light background) or lightened (on a dark one) until it does.
 */
export function legibleOn(colour: string, background: string, ratio: number): string {
  const toward =
    contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
  let shade = colour;
  for (let step = 1; step <= 10 && contrast(shade, background) < ratio; step += 1) {
    shade = mix(toward, colour, step / 10);
  }
  return shade;
}

/** The widget's dark scheme's surface (its text and borders are mixed from it in styles.ts). */
export const DARK_BG = '#16181d';
export const DARK_TEXT = '#e6e8eb';

const HEX = /^[0-9a-f]{6}$/i;
const colour = (value: string | undefined, fallback: string) =>
  value && HEX.test(value) ? `#${value}` : fallback;

/**
 * A board's theme as the widget's custom properties (the container's style, set through the
 * CSSOM, which a strict CSP allows): its colours for the light scheme, with the muted text, the
 * borders and the accent (the primary colour where it reads as text) mixed from them, and the
 * accent the dark scheme uses. styles.ts chooses between the schemes.
 */
export function themeProperties(theme: {
  primary?: string;
  primaryText?: string;
  text?: string;
  background?: string;
}): Record<string, string> {
  const primary = colour(theme.primary, '#53d23d');
  const text = colour(theme.text, '#111111');
  const background = colour(theme.background, '#ffffff');
  return {
    '--fb-primary': primary,
    '--fb-on-primary': readableOn(primary, colour(theme.primaryText, '#ffffff')),
    '--fb-theme-text': text,
    '--fb-theme-bg': background,
    '--fb-theme-muted': legibleOn(mix(text, background, 0.7), background, 4.6),
    '--fb-theme-border': mix(text, background, 0.14),
    '--fb-theme-field-border': mix(text, background, 0.38),
    '--fb-theme-surface': mix(text, background, 0.04),
    '--fb-theme-accent': legibleOn(primary, background, 4.6),
    '--fb-dark-accent': legibleOn(primary, DARK_BG, 4.6),
  };
}
