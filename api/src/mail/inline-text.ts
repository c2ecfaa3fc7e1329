/**
 * Control and format characters (line breaks, tabs, bidirectional overrides, zero-width
 * joiners, soft hyphens, …), unassigned code points and lone surrogates: none of them belong in
 * a name quoted in a mail, and several make a quoted name look like something else.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]+/gu;

/**
 * Someone else's text (a company or display name) as it may appear inside a mail we send: one
 * line, without control or format characters, runs of spaces made one, and at most `max`
 * characters (cut with "…"), so a name chosen by a stranger can neither break the mail's
 * layout, pass for our own words across lines, nor reorder what follows it.
 */
export function inlineText(text: string, max = 60): string {
  const flat = text.replace(INVISIBLE, ' ').replace(/\s+/gu, ' ').trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
