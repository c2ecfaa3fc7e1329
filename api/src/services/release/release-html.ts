import type { TDeps } from '../../deps.ts';
import { loadMarkdown } from './load-markdown.ts';

/**
 * A release's body as HTML is rendered when the body is written and stored beside it
 * (`Release.bodyHtml`): reads serve the stored text. Rendering 1,000 release bodies of 20,000
 * characters per read held the embedded database's one thread for 9 s (outside attack, issue
 * 33). Rows written without it (the demo seed, rows from before the column) are filled once
 * after start by fillMissingReleaseHtml, and until then a read renders (and stores) its own.
 */

/** The body as sanitised HTML ('' for an empty body). */
export async function renderReleaseBody(body: string): Promise<string> {
  return (await loadMarkdown()).renderReleaseMarkdown(body);
}

/** The stored HTML of a release, or (a row not filled yet) its render, stored for next time. */
export async function releaseBodyHtml(
  deps: TDeps,
  release: { id: number; body: string; bodyHtml: string | null },
): Promise<string> {
  if (release.bodyHtml !== null) return release.bodyHtml;
  const html = await renderReleaseBody(release.body);
  // Only while the body is still the one rendered: a concurrent edit stored its own.
  await deps.prisma.release.updateMany({
    where: { id: release.id, body: release.body, bodyHtml: null },
    data: { bodyHtml: html },
  });
  return html;
}

/** Releases filled per statement by fillMissingReleaseHtml. */
const FILL_BATCH = 20;

/**
 * Stores the HTML of every release that has none, a few at a time with the event loop let go
 * between batches (the embedded database serves other requests in between). Answers how many.
 */
export async function fillMissingReleaseHtml(deps: TDeps): Promise<number> {
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const rows = await deps.prisma.release.findMany({
      where: { bodyHtml: null, id: { gt: afterId } },
      orderBy: { id: 'asc' },
      take: FILL_BATCH,
      select: { id: true, body: true, bodyHtml: true },
    });
    if (rows.length === 0) return filled;
    for (const row of rows) {
      await releaseBodyHtml(deps, row);
      filled += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    afterId = rows.at(-1)!.id;
  }
}
