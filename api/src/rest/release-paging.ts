import type { Context } from 'hono';
import { MAX_RELEASE_PAGE } from '../services/release/find-releases.ts';

/** What the release lists say of their optional paging (issue 33 F1). */
export const RELEASE_PAGING = `Without \`limit\` the whole list, as always. With \`limit\` (1 to ${MAX_RELEASE_PAGE}) at most that many releases; when more follow, the answer carries the header \`X-Next-Cursor\` (and a \`Link\` of rel "next"), whose value as \`cursor\` asks for the next page.`;

/** The next page's cursor as a header (and a Link to it), when there is a next page. */
export function setNextCursor(c: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  c.header('x-next-cursor', nextCursor);
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', nextCursor);
  c.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}
