import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Prisma, Release, ReleasePart } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { boardVisibleWhere, findVisibleBoard } from '../access.ts';
import { z } from 'zod';
import { RELEASE_ORDER, releaseFilterWhere, releaseVisibleWhere } from './release-access.ts';
import { RELEASE_FILTERS } from './release-input.ts';

export type TReleaseWithParts = Release & { parts: ReleasePart[]; boards: { id: number }[] };

/** The most releases one page of a list holds; without `limit`, a page holds this many. */
export const MAX_RELEASE_PAGE = 100;

const limitError = `It has to be a whole number from 1 to ${MAX_RELEASE_PAGE}.`;
const cursorError = 'It has to be the cursor a previous page gave.';

export const ZReleaseListParams = z.object({
  filter: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : (v ?? undefined)),
    z
      .enum(RELEASE_FILTERS, { error: `It has to be one of: ${RELEASE_FILTERS.join(', ')}.` })
      .default('ALL'),
  ),
  /** Releases per page (without `limit`, MAX_RELEASE_PAGE: the whole list of a board within it). */
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(MAX_RELEASE_PAGE, { error: limitError })
    .optional(),
  /** Where the previous page ended (its `X-Next-Cursor`). */
  cursor: z.string().max(200, { error: cursorError }).optional(),
});

type TReleaseCursor = { releaseDate: Date; id: number };

/** A page's end as an opaque text: the last release's date and id (the list's order). */
function encodeCursor(release: Release): string {
  return Buffer.from(
    JSON.stringify([release.releaseDate.toISOString().slice(0, 10), release.id]),
  ).toString('base64url');
}

function decodeCursor(cursor: string): TReleaseCursor {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const releaseDate = new Date(`${String(date)}T00:00:00.000Z`);
    if (Number.isInteger(id) && !Number.isNaN(releaseDate.getTime())) {
      return { releaseDate, id: id as number };
    }
  } catch {
    // answered below
  }
  throw errors.validation([{ field: 'cursor', message: cursorError }]);
}

/**
 * The parts of a release a caller may read: generic lines, and lines whose idea is on a board
 * the caller may see (access.ts). A release shown on a public and a private board may carry an
 * idea of the private one; its title is not for readers of the public board (nor, for parts
 * added before a release took only ideas of its own boards, for anyone outside the company).
 */
export function releasePartVisibleWhere(viewer: TViewer | null): Prisma.ReleasePartWhereInput {
  return { OR: [{ ideaId: null }, { idea: { board: boardVisibleWhere(viewer) } }] };
}

/**
 * The parts every reader of a release on `boardIds` may read (one text for all, as the release
 * mail is): those anyone may read, and, when the release shows on one board only, that board's
 * ideas too, since every reader sees that board.
 */
export function releasePartForEveryReaderWhere(boardIds: number[]): Prisma.ReleasePartWhereInput {
  const [soleBoardId, ...others] = boardIds;
  if (soleBoardId === undefined || others.length > 0) return releasePartVisibleWhere(null);
  return { OR: [releasePartVisibleWhere(null), { idea: { boardId: soleBoardId } }] };
}

/** The order of a release's parts: as they were added. */
export const RELEASE_PART_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

/**
 * A release's parts, and its boards, that the caller may see (access.ts): an end user with no
 * grant to a private board that shows the release too does not learn the board's id from it
 * (the MCP tools list `boardIds`) nor its ideas' titles; the team sees every board of its company.
 */
export function releaseInclude(viewer: TViewer | null) {
  return {
    parts: { where: releasePartVisibleWhere(viewer), orderBy: RELEASE_PART_ORDER },
    boards: { where: boardVisibleWhere(viewer), select: { id: true } },
  };
}

/** The filter of a release list: of a company (its admins) or of a board (anyone who sees it). */
export async function releaseListWhere(
  deps: TDeps,
  viewer: TViewer | null,
  scope: { companyId: number } | { boardId: number },
  rawParams: unknown,
): Promise<Prisma.ReleaseWhereInput> {
  const { filter } = parseInput(ZReleaseListParams, rawParams);
  const and: Prisma.ReleaseWhereInput[] = [releaseVisibleWhere(viewer), releaseFilterWhere(filter)];
  if ('companyId' in scope) {
    if (requireViewer(viewer).companyId !== scope.companyId) throw errors.notFound('Company');
    and.push({ companyId: scope.companyId });
  } else {
    const board = await findVisibleBoard(deps, viewer, scope.boardId);
    and.push({ boards: { some: { id: board.id } } });
  }
  return { AND: and };
}

/** Releases with their parts, newest first: a page of `limit` (or MAX_RELEASE_PAGE) after `cursor`. */
export async function findReleases(
  deps: TDeps,
  viewer: TViewer | null,
  scope: { companyId: number } | { boardId: number },
  rawParams: unknown = {},
): Promise<TReleaseWithParts[]> {
  return (await findReleasePage(deps, viewer, scope, rawParams)).releases;
}

/**
 * A page of releases (issue 33 F1: a list of hundreds of long notes is megabytes to read and
 * send): at most `limit` after `cursor` in the list's order, and the cursor of the next page
 * when there is one. Without `limit` a page of MAX_RELEASE_PAGE (issue 33.2: the whole list was
 * 11.4 MB for 150 releases with long notes), so a list within it is answered whole as before.
 */
export async function findReleasePage(
  deps: TDeps,
  viewer: TViewer | null,
  scope: { companyId: number } | { boardId: number },
  rawParams: unknown = {},
): Promise<{ releases: TReleaseWithParts[]; nextCursor: string | null }> {
  const { limit = MAX_RELEASE_PAGE, cursor } = parseInput(ZReleaseListParams, rawParams);
  const where = await releaseListWhere(deps, viewer, scope, rawParams);
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const releases = await deps.prisma.release.findMany({
    where: after
      ? {
          AND: [
            where,
            {
              OR: [
                { releaseDate: { lt: after.releaseDate } },
                { releaseDate: after.releaseDate, id: { lt: after.id } },
              ],
            },
          ],
        }
      : where,
    orderBy: RELEASE_ORDER,
    include: releaseInclude(viewer),
    take: limit + 1,
  });
  if (releases.length <= limit) return { releases, nextCursor: null };
  const page = releases.slice(0, limit);
  return { releases: page, nextCursor: encodeCursor(page[page.length - 1]!) };
}

/** One release the caller may see, with its parts. */
export async function getRelease(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
): Promise<TReleaseWithParts> {
  const release = await deps.prisma.release.findFirst({
    where: { id: releaseId, ...releaseVisibleWhere(viewer) },
    include: releaseInclude(viewer),
  });
  if (!release) throw errors.notFound('Release');
  return release;
}
