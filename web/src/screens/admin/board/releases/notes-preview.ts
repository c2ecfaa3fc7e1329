/** How many characters of a release's notes its card shows. */
export const NOTES_PREVIEW_LENGTH = 160;

/**
 * The start of a release's notes (Markdown) as plain text for its card: headings' hashes,
 * emphasis, code marks, list bullets, images and links' addresses left out, whitespace
 * collapsed, cut at a word with an ellipsis. Empty notes answer ''.
 */
export function notesPreview(markdown: string, length = NOTES_PREVIEW_LENGTH): string {
  const text = markdown
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
