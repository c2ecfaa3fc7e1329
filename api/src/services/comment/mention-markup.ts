/**
 * How a mention is written in a comment's text: `@[Display Name](user:ID)`. The console inserts
 * tokens; the comment service keeps only those it may resolve (resolve-mentions.ts) and writes
 * the user's current name into them. Every rendering outside the console shows `@Name`.
 */

/** One token; the name has no brackets or line breaks, the id is a row id. */
const TOKEN = /@\[([^[\]\n]{1,80})\]\(user:(\d{1,10})\)/g;

export type TMentionToken = { name: string; userId: number };

/** The tokens of a text, in order (a user may appear more than once). */
export function parseMentionTokens(text: string): TMentionToken[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ name: m[1] ?? '', userId: Number(m[2]) }));
}

/** A name as it may sit inside a token: no brackets or line breaks, at most 80 characters. */
export function tokenName(name: string): string {
  const clean = name.replace(/[[\]\n\r]/g, ' ').trim();
  return (clean || '?').slice(0, 80);
}

/** `@[Name](user:ID)`. */
export function mentionToken(name: string, userId: number): string {
  return `@[${tokenName(name)}](user:${userId})`;
}

/**
 * Rewrites each token: `keep(userId)` answers the name to write into it, or null to leave the
 * mention as plain `@Name`. Text without tokens comes back unchanged.
 */
export function rewriteMentionTokens(
  text: string,
  keep: (userId: number, name: string) => string | null,
): string {
  return text.replace(TOKEN, (_whole, name: string, id: string) => {
    const userId = Number(id);
    const current = keep(userId, name);
    return current === null ? `@${name}` : mentionToken(current, userId);
  });
}

/**
 * The text as everyone outside the console reads it (REST, widget, portal, MCP, mails,
 * webhooks): each token becomes `@Name`, with no id. Text without tokens comes back unchanged.
 */
export function plainCommentText(text: string): string {
  return text.replace(TOKEN, (_whole, name: string) => `@${name}`);
}
