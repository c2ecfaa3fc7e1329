import type { Context } from 'hono';
import { MAX_RELEASE_PAGE } from '../services/release/find-releases.ts';

/** What the release lists say of their optional paging (issue 33 F1; bounded without `limit`: issue 33.2). */
export const RELEASE_PAGING = `At most \`limit\` releases a page (1 to ${MAX_RELEASE_PAGE}; ${MAX_RELEASE_PAGE} without \`limit\`, so a list within ${MAX_RELEASE_PAGE} releases is answered whole); when more follow, the answer carries the header \`X-Next-Cursor\` (and a \`Link\` of rel "next"), whose value as \`cursor\` asks for the next page.`;

/** The next page's cursor as a header (and a Link to it), when there is a next page. */
export function setNextCursor(c: Context, nextCursor: string | null): void {
  if (!nextCursor) return;
  c.header('x-next-cursor', nextCursor);
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', nextCursor);
  c.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * The headers of a paged list's answer in the OpenAPI document: written out, not `$ref`s to
 * components, since a generated client reads a referenced header as always present.
 */
export const PAGING_HEADERS = {
  'X-Next-Cursor': {
    description:
      'Present when more follow: pass it as `cursor` (with the same `limit`) for the next page. Absent on the last page.',
    schema: { type: 'string' },
    example: 'WyIyMDI2LTAzLTAxIiw0Ml0',
  },
  Link: {
    description:
      'Present when more follow: the next page’s path and query, as `<…>; rel="next"` (RFC 8288).',
    schema: { type: 'string' },
    example: '</api/v1/ideas/7/comments?limit=50&cursor=WyIyMDI2LTAzLTAxIiw0Ml0>; rel="next"',
  },
};
