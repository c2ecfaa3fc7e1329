/** How many characters of a release's notes its excerpt holds at most (the console's card). */
export const RELEASE_EXCERPT_LENGTH = 160;

/**
 * How much of the notes is read for it: the excerpt's words are near the start, and the
 * patterns below scan on from every bracket, so 20,000 characters of `[` would be read
 * 200 million times over (a few thousand characters are read a few million times at most).
 */
const EXCERPT_SOURCE_LENGTH = 4_000;

/**
 * The start of a release's notes (Markdown) as plain text (`Release.bodyExcerpt`, the console's
 * release card): headings' hashes, emphasis, code marks, list bullets, images and links'
 * addresses left out, whitespace collapsed, cut at a word with an ellipsis. Empty notes
 * answer ''.
 */
export function releaseExcerpt(markdown: string, length = RELEASE_EXCERPT_LENGTH): string {
  const text = markdown
    .slice(0, EXCERPT_SOURCE_LENGTH)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), length * 0.6));
  return `${atWord.trimEnd()}…`;
}
