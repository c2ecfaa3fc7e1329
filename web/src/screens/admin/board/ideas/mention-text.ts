/**
 * Mentions in a comment's markup (`@[Name](user:N)`, as the server stores them; see
 * api/src/services/comment/mention-markup.ts) and the `@` being typed in the comment box.
 */
const TOKEN = /@\[([^[\]\n]{1,80})\]\(user:(\d{1,10})\)/g;

export type TSegment = { text: string; isMention: boolean };

/** The markup as pieces of plain text and mentions (`@Name`); no ids. */
export function mentionSegments(markup: string): TSegment[] {
  const segments: TSegment[] = [];
  let at = 0;
  for (const match of markup.matchAll(TOKEN)) {
    if (match.index > at) segments.push({ text: markup.slice(at, match.index), isMention: false });
    segments.push({ text: `@${match[1]}`, isMention: true });
    at = match.index + match[0].length;
  }
  if (at < markup.length) segments.push({ text: markup.slice(at), isMention: false });
  return segments;
}

/**
 * The mention being typed just before the caret: an `@` at the start or after a space, then up
 * to 30 characters of a name (letters, digits, dots, dashes; one inner space). Null otherwise.
 */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const match = /(?:^|\s)@([\p{L}\p{N}._-]{0,30}(?: [\p{L}\p{N}._-]{1,30})?)$/u.exec(
    text.slice(0, caret),
  );
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with `@query` (from `start` to the caret) replaced by the token and a space. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  token: string,
): { text: string; caret: number } {
  const inserted = `${token} `;
  return {
    text: text.slice(0, start) + inserted + text.slice(caret),
    caret: start + inserted.length,
  };
}

/** A mention the comment box knows: the name it shows (`@Name`) and the markup it stands for. */
export type TMention = { name: string; markup: string };

/**
 * The markup as the person typing reads it (issue 52): each token as `@Name`, with the
 * mentions it held, so that markupOf can put them back.
 */
export function displayOf(markup: string): { text: string; mentions: TMention[] } {
  const mentions: TMention[] = [];
  const text = markup.replace(TOKEN, (token, name: string) => {
    mentions.push({ name, markup: token });
    return `@${name}`;
  });
  return { text, mentions };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text as typed, with each `@Name` of a known mention back as its markup token (the longest
 * name first; not inside a word or an email address, nor when the name goes on: `@Adam` is not
 * `@Ada`). A mention edited by hand (`@Ada Lovelac`) is plain text again.
 */
export function markupOf(text: string, mentions: readonly TMention[]): string {
  const byName = new Map(mentions.map((mention) => [mention.name, mention.markup]));
  if (byName.size === 0) return text;
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(
    `(^|[^\\p{L}\\p{N}_@.])@(${names.join('|')})(?![\\p{L}\\p{N}_])`,
    'gu',
  );
  return text.replace(
    pattern,
    (match, before: string, name: string) => `${before}${byName.get(name) ?? match}`,
  );
}
