import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { AppError } from '../errors.ts';

/**
 * Link-preview images of the portal's pages (Open Graph, 1200 × 630 PNG) in the company's look:
 * its brand colour and name, then what the page is about (an idea's title with its status and
 * counts, a board, the portal). Drawn on the server with satori (layout to SVG) and resvg (SVG to
 * PNG, on libuv's thread pool), from the Inter font the package carries: nothing is fetched from
 * another host, and no browser is needed.
 */
export type TOgCard = {
  companyName: string;
  /** The header's colour and the text on it, six hex digits each (the portal's brand theme). */
  accent: string;
  onAccent: string;
  /** The line above the title: the board's name, or the portal's kind. */
  kicker: string;
  title: string;
  /** A line or two under the title (a board's description). */
  subtitle?: string;
  /** Short facts under the title ("12 votes", "3 comments"). */
  facts: string[];
  /** The idea's status as the page shows it. */
  status?: { label: string; background: string; text: string } | null;
  /** Where the page lives, as a reader would type it (`feedback.acme.com`). */
  site: string;
};

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Images kept drawn (about 40-60 KB each): the pages crawlers ask for again. */
const KEPT = 200;
/** Drawings waiting beyond this are refused (503): one drawing at a time, on one core at most. */
const MAX_WAITING = 8;
export const OG_RETRY_AFTER_SECONDS = 5;

type TElement = { type: string; props: Record<string, unknown> };

function el(type: string, style: Record<string, unknown>, ...children: unknown[]): TElement {
  return {
    type,
    props: { style, children: children.length === 1 ? children[0] : children },
  };
}

/** The fonts, read on the first drawing (Latin and Latin Extended: Polish, and most of Europe). */
let fontsLoading: Promise<{ name: string; data: Buffer; weight: 400 | 700 }[]> | undefined;
function fonts() {
  fontsLoading ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = (name: string) =>
      readFile(require.resolve(`@fontsource/inter/files/inter-${name}-normal.woff`));
    const [latin, latinBold, ext, extBold] = await Promise.all([
      file('latin-400'),
      file('latin-700'),
      file('latin-ext-400'),
      file('latin-ext-700'),
    ]);
    return [
      { name: 'Inter', data: latin, weight: 400 as const },
      { name: 'Inter', data: latinBold, weight: 700 as const },
      { name: 'InterExt', data: ext, weight: 400 as const },
      { name: 'InterExt', data: extBold, weight: 700 as const },
    ];
  })();
  fontsLoading.catch(() => {
    fontsLoading = undefined;
  });
  return fontsLoading;
}

/**
 * Only what the fonts draw: Latin letters, ASCII, Latin-1's signs and punctuation, general
 * punctuation and currency signs. Anything else (emoji, other scripts, other symbols) would
 * show as a box, so it is left out; a title with nothing left shows the line above it.
 */
export function drawable(text: string): string {
  // Composed first (e + U+0301 is é, which the fonts have); a combining mark left over has no
  // glyph to sit on (outside attack 15, N3: boxes running off the card).
  return text
    .normalize('NFC')
    .replace(
      /[^\p{Script=Latin}\u0020-\u007e\u00a0-\u00bf\u00d7\u00f7\u2010-\u2027\u2030-\u205e\u20a0-\u20bf]/gu,
      '',
    )
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function layout(card: TOgCard): TElement {
  const accent = `#${card.accent}`;
  const onAccent = `#${card.onAccent}`;
  const initial = drawable(card.companyName).charAt(0).toUpperCase() || '#';
  const facts = card.facts.map((fact) =>
    el('div', { display: 'flex', marginRight: 28, color: '#4a5568' }, fact),
  );
  return el(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      background: '#ffffff',
      fontFamily: 'Inter, InterExt',
      color: '#1d2433',
    },
    el(
      'div',
      {
        display: 'flex',
        alignItems: 'center',
        height: 128,
        padding: '0 72px',
        background: accent,
        color: onAccent,
      },
      el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 64,
          height: 64,
          borderRadius: 14,
          background: onAccent,
          color: accent,
          fontSize: 38,
          fontWeight: 700,
          marginRight: 24,
        },
        initial,
      ),
      el(
        'div',
        { display: 'block', fontSize: 40, fontWeight: 700, lineClamp: 1, maxWidth: 960 },
        drawable(card.companyName),
      ),
    ),
    el(
      'div',
      { display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '48px 72px 44px' },
      el(
        'div',
        { display: 'block', fontSize: 30, color: '#4a5568', lineClamp: 1 },
        drawable(card.kicker),
      ),
      el(
        'div',
        {
          display: 'block',
          fontSize: 60,
          fontWeight: 700,
          lineHeight: 1.15,
          marginTop: 18,
          lineClamp: 3,
        },
        drawable(card.title) || drawable(card.kicker),
      ),
      ...(card.subtitle
        ? [
            el(
              'div',
              { display: 'block', fontSize: 32, color: '#4a5568', marginTop: 16, lineClamp: 2 },
              drawable(card.subtitle),
            ),
          ]
        : []),
      el(
        'div',
        { display: 'flex', alignItems: 'center', marginTop: 'auto', fontSize: 28 },
        ...(card.status
          ? [
              el(
                'div',
                {
                  display: 'flex',
                  padding: '6px 18px',
                  borderRadius: 999,
                  background: card.status.background,
                  color: card.status.text,
                  fontWeight: 700,
                  marginRight: 28,
                },
                drawable(card.status.label),
              ),
            ]
          : []),
        ...facts,
        el(
          'div',
          { display: 'block', marginLeft: 'auto', color: '#4a5568', lineClamp: 1, maxWidth: 520 },
          drawable(card.site),
        ),
      ),
    ),
  );
}

async function draw(card: TOgCard): Promise<Buffer> {
  const [{ default: satori }, { renderAsync }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const svg = await satori(layout(card) as never, {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: await fonts(),
  });
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: OG_WIDTH } });
  return image.asPng();
}

export type TOgImage = { png: Buffer; etag: string };

/**
 * Draws cards one at a time and keeps the last KEPT drawn (by their content: a card whose votes
 * changed is drawn again). A crowd asking for many different cards waits in a short line and is
 * refused past it (UNAVAILABLE, Retry-After), so it holds at most one core.
 */
export class OgImages {
  private readonly kept = new Map<string, TOgImage>();
  private readonly drawing = new Map<string, Promise<TOgImage>>();
  private line: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  async image(card: TOgCard): Promise<TOgImage> {
    const key = createHash('sha256').update(JSON.stringify(card)).digest('base64url');
    const hit = this.kept.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    const pending = this.drawing.get(key);
    if (pending) return pending;
    if (this.waiting >= MAX_WAITING) {
      throw new AppError(
        'UNAVAILABLE',
        'Too many preview images are being drawn. Please try again shortly.',
        undefined,
        undefined,
        OG_RETRY_AFTER_SECONDS,
      );
    }
    this.waiting += 1;
    const run = this.line.then(async () => {
      try {
        const png = await draw(card);
        const image = { png, etag: `"og-${key.slice(0, 27)}"` };
        this.kept.set(key, image);
        if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
        return image;
      } finally {
        this.waiting -= 1;
        this.drawing.delete(key);
      }
    });
    this.line = run.catch(() => {});
    this.drawing.set(key, run);
    return run;
  }
}
