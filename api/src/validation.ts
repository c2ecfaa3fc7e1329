import { z } from 'zod';
import { errors } from './errors.ts';
import { PASSWORD_LIMITS } from './services/account/profile-limits.ts';

/** The spec's validation texts (section 5). */
export const messages = {
  required: 'This field is required.',
  min: (n: number) => `It has to be ${n} characters at least.`,
  max: (n: number) => `It has to be max ${n} characters.`,
  email: 'Enter a valid email address.',
  oneOf: (values: readonly string[]) => `It has to be one of: ${values.join(', ')}.`,
  nul: 'It must not contain the NUL character (U+0000).',
  unicode: 'It has to be valid Unicode text.',
  tooDeep: 'It is nested too deeply.',
  invisible: 'It must not contain invisible or control characters.',
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store: U+0000, or a lone UTF-16 surrogate (no character at all; the
 * embedded database's driver turns it into broken UTF-8). Answers the field's message, or null.
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return messages.nul;
  if (LONE_SURROGATE.test(text)) return messages.unicode;
  return null;
}

/**
 * How deep input may nest: no form, route or GraphQL variable of ours comes near it, and a
 * deeper body (450,000 brackets fit in 1 MB) would overflow the stack of the walk below.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than MAX_INPUT_DEPTH, found in one pass over
 * the text before it is parsed: `JSON.parse` of ~1 MB of brackets takes seconds, and the check
 * after parsing (unstorableFields) came too late to spare the server that. Brackets inside
 * strings (with their escapes) do not count; invalid JSON is left to the parser to refuse.
 */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > MAX_INPUT_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The fields (dotted paths) of parsed input whose text PostgreSQL cannot store, with why; input
 * nested deeper than MAX_INPUT_DEPTH is one problem at the level where it goes too deep.
 */
export function unstorableFields(value: unknown, path: string[] = []): TFieldProblem[] {
  if (typeof value === 'string') {
    const message = unstorableText(value);
    return message ? [{ field: path.join('.') || 'body', message }] : [];
  }
  const isList = Array.isArray(value);
  const isRecord =
    !isList &&
    !!value &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype;
  if (!isList && !isRecord) return [];
  if (path.length >= MAX_INPUT_DEPTH) {
    return [{ field: path.join('.') || 'body', message: messages.tooDeep }];
  }
  const entries: [string, unknown][] = isList
    ? (value as unknown[]).map((item, index) => [String(index), item])
    : Object.entries(value as object);
  return entries.flatMap(([key, item]) => unstorableFields(item, [...path, key]));
}

type TFieldProblem = { field: string; message: string };

/**
 * Any JSON-like value (a body, a query, path parameters) whose every string PostgreSQL can
 * store; each string it cannot is an issue at its own path. The REST routes check every request
 * with this one refinement before their handler (rest/route.ts), so no field needs its own.
 */
export const ZStorableText = z.unknown().superRefine((value, context) => {
  for (const problem of unstorableFields(value)) {
    context.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.field === 'body' ? [] : problem.field.split('.'),
    });
  }
});

/** Absent, null or blank: what "This field is required." answers. */
export function isMissing(input: unknown): boolean {
  return (
    input === undefined || input === null || (typeof input === 'string' && input.trim() === '')
  );
}

/** A zod error callback: "This field is required." when missing, else `invalid`. */
export function requiredOr(invalid: string) {
  return (issue: { input?: unknown }) => (isMissing(issue.input) ? messages.required : invalid);
}

/** A required choice among `values`. */
export function requiredEnum<T extends string>(values: readonly T[]) {
  return z.enum(values as [T, ...T[]], { error: requiredOr(messages.oneOf(values)) });
}

/** A required true or false. */
export function requiredBoolean() {
  return z.boolean({ error: requiredOr('It has to be true or false.') });
}

/** A required text of `min` to `max` characters (surrounding whitespace trimmed). */
export function requiredText(min: number, max: number) {
  return z
    .string({
      error: requiredOr('It has to be text.'),
    })
    .trim()
    .min(1, { error: messages.required })
    .min(min, { error: messages.min(min) })
    .max(max, { error: messages.max(max) });
}

/**
 * Characters a name shown to other people must not hold (issue 33): controls (Cc), format
 * characters (Cf: zero-width spaces, bidi overrides and isolates that reorder what a reader sees,
 * the BOM, soft hyphens), line and paragraph separators (Zl, Zp), and the Hangul fillers, letters
 * that draw nothing. A zero-width joiner or non-joiner (U+200D, U+200C) stays allowed between
 * two visible characters, where Persian and Indic names and emoji sequences need it.
 */
const INVISIBLE = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\u034F\\u115F\\u1160\\u2800\\u3164\\uFFA0';
const INVISIBLE_IN_NAME = new RegExp(`[${INVISIBLE}]`, 'gu');
const VISIBLE_NEIGHBOUR = new RegExp(`[^\\s${INVISIBLE}]`, 'u');
/**
 * A character that draws something on its own: not a space, not a combining mark (variation
 * selectors are marks), not one INVISIBLE_IN_NAME refuses. A name needs one (outside attack 8:
 * a name of variation selectors alone looked blank).
 */
const DRAWN = new RegExp(`[^\\s\\p{M}${INVISIBLE}]`, 'u');
/** Five combining marks in a row on one letter: a "zalgo" name that spills over its line. */
const STACKED_MARKS = /\p{M}{5}/u;

/**
 * Whether a name (NFC already) holds a character INVISIBLE_IN_NAME refuses (U+2800, the blank
 * Braille pattern, and U+034F, the grapheme joiner, draw nothing either), draws nothing at all,
 * or stacks marks on a letter.
 */
export function hasInvisibleCharacters(name: string): boolean {
  if (name.length > 0 && (!DRAWN.test(name) || STACKED_MARKS.test(name))) return true;
  for (const match of name.matchAll(INVISIBLE_IN_NAME)) {
    const at = match.index;
    const isJoiner = match[0] === '\u200C' || match[0] === '\u200D';
    const before = [...name.slice(0, at)].at(-1) ?? '';
    const after = [...name.slice(at + 1)][0] ?? '';
    const isBetweenVisible = VISIBLE_NEIGHBOUR.test(before) && VISIBLE_NEIGHBOUR.test(after);
    if (!isJoiner || !isBetweenVisible) return true;
  }
  return false;
}

/**
 * A name another system vouches for (a company's SSO token), made fit to show: NFC, without the
 * characters hasInvisibleCharacters refuses (a joiner between two visible characters stays),
 * trimmed. A person typing a name gets a field error instead (requiredName); a token's name is
 * cleaned, so one odd character in the company's user directory does not lock its user out.
 */
export function cleanName(text: string): string {
  const name = text.normalize('NFC');
  return name
    .replace(INVISIBLE_IN_NAME, (character, at: number) => {
      const isJoiner = character === '\u200C' || character === '\u200D';
      const before = [...name.slice(0, at)].at(-1) ?? '';
      const after = [...name.slice(at + 1)][0] ?? '';
      return isJoiner && VISIBLE_NEIGHBOUR.test(before) && VISIBLE_NEIGHBOUR.test(after)
        ? character
        : '';
    })
    .trim();
}

/**
 * A name people see (a company's, a board's, a person's): trimmed, in Unicode NFC (so the same
 * name typed on two systems is one string), `min` to `max` characters, with no invisible or
 * control characters (hasInvisibleCharacters).
 */
export function requiredName(min: number, max: number) {
  // `meta`: the bounds in the OpenAPI document, which shows the input before the transform.
  return z
    .string({ error: requiredOr('It has to be text.') })
    .meta({ minLength: min, maxLength: max })
    .transform((text) => text.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, { error: messages.required })
        .refine((name) => !hasInvisibleCharacters(name), { error: messages.invisible })
        .pipe(
          z
            .string()
            .min(min, { error: messages.min(min) })
            .max(max, { error: messages.max(max) }),
        ),
    );
}

/** An optional name (requiredName's rules): absent, null or blank means "not given". */
export function optionalName(min: number, max: number) {
  return z.preprocess(
    (input) => (isMissing(input) ? undefined : input),
    requiredName(min, max).optional(),
  );
}

/** Whether `text` is an absolute http(s) address without a user name or password in it. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username;
  } catch {
    return false;
  }
}

/**
 * A colour as typed, reduced to its hex digits: trimmed, a leading '#' dropped, lower case.
 * Anything but text passes through for the schema to refuse.
 */
export function hexDigits(input: unknown): unknown {
  return typeof input === 'string' ? input.trim().replace(/^#/, '').toLowerCase() : input;
}

/**
 * An optional http(s) address (isHttpUrl) of at most `max` characters, for a field an update
 * may leave out: absent stays undefined (unchanged), null or blank becomes null (cleared).
 */
export function clearableHttpUrl(max: number, invalid: string) {
  return z.preprocess(
    (input) => (input !== undefined && isMissing(input) ? null : input),
    z
      .string({ error: 'It has to be text.' })
      .trim()
      .max(max, { error: messages.max(max) })
      .refine(isHttpUrl, { error: invalid })
      .nullable()
      .optional(),
  );
}

/** An optional text: absent, null or blank means "not given"; otherwise `min` to `max`. */
export function optionalText(min: number, max: number) {
  return z.preprocess(
    (input) => (isMissing(input) ? undefined : input),
    z
      .string({ error: 'It has to be text.' })
      .trim()
      .min(min, { error: messages.min(min) })
      .max(max, { error: messages.max(max) })
      .optional(),
  );
}

/** Sign-in credentials: the email rule is the spec's 6 to 50, plus a plausible address. */
export const ZEmail = requiredText(6, 50).pipe(z.email({ error: messages.email }));
export const ZPassword = z
  .string({ error: requiredOr('It has to be text.') })
  .min(1, { error: messages.required })
  .min(PASSWORD_LIMITS.min, { error: messages.min(PASSWORD_LIMITS.min) })
  .max(PASSWORD_LIMITS.max, { error: messages.max(PASSWORD_LIMITS.max) });

export const LANGUAGES = ['en-US', 'pl-PL'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** A language value; `en` and `pl` (or any region of them) are read as en-US and pl-PL. */
export const ZLanguage = z.preprocess((input) => {
  if (typeof input !== 'string') return input;
  const base = input.trim().split(/[-_]/)[0]?.toLowerCase();
  return base === 'en' ? 'en-US' : base === 'pl' ? 'pl-PL' : input;
}, requiredEnum(LANGUAGES));

/**
 * Parses input against a schema; on failure throws a VALIDATION AppError naming each field
 * with its first message. Unknown fields are ignored.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    const unstorable = unstorableFields(result.data);
    if (unstorable.length) throw errors.validation(unstorable);
    return result.data;
  }
  const fields = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  throw errors.validation([...fields].map(([field, message]) => ({ field, message })));
}
