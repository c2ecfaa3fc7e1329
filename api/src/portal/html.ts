import { readableOn } from '../../../widget/src/contrast.ts';

/** Markup that is already safe: made by `markup`, never from a visitor's text. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * A template of markup whose every interpolated value is escaped, unless it is itself `markup`
 * (arrays of either are joined; null, undefined and false render nothing). Every name, title
 * and comment on the portal goes through here, so none can become markup.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** What a translated sentence carries where its link goes (see withLink). */
export const LINK = '\u0000';

/** A translated sentence, escaped, with `link` where the sentence has LINK. */
export function withLink(sentence: string, link: SafeHtml): SafeHtml {
  return new SafeHtml(sentence.split(LINK).map(escapeHtml).join(link.value));
}

const HEX = /^[0-9a-f]{6}$/i;

/**
 * The text colour (`rrggbb`) to put on a theme colour: the board's own choice when it reads
 * (4.5:1, WCAG AA), otherwise black or white, whichever reads better (the widget's rule).
 */
export function readableTextOn(background: string, preferred: string): string {
  const bg = HEX.test(background) ? background : '53d23d';
  const text = HEX.test(preferred) ? preferred : 'ffffff';
  return readableOn(`#${bg}`, `#${text}`).slice(1);
}
