import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { errors } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';
import { toRowId } from '../access.ts';
import { releaseInclude } from './find-releases.ts';
import type { TReleaseWithParts } from './find-releases.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyReleasePublished } from '../notification/notify-release-published.ts';
import { notifyChangelogSubscribers } from '../changelog/notify-changelog-subscribers.ts';
import { findReleaseForAdmin } from './release-access.ts';
import { completeReleaseIdeas } from './complete-release-ideas.ts';
import { emitReleasePublished } from '../webhook/emit-release-published.ts';
import { renderReleaseBody } from './release-html.ts';
import { RELEASE_PARTS_MAX } from './release-limits.ts';
import {
  ZAddIdeas,
  ZCreateRelease,
  ZGenericPart,
  ZPublish,
  ZReleaseForm,
} from './release-input.ts';

function reloadRelease(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
): Promise<TReleaseWithParts> {
  return deps.prisma.release.findUniqueOrThrow({
    where: { id: releaseId },
    include: releaseInclude(viewer),
  });
}

/** Creates an unpublished release of the admin's company, shown on the given boards. */
export async function createRelease(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<TReleaseWithParts> {
  const { companyId } = requireCompanyAdmin(viewer);
  const data = parseInput(ZCreateRelease, input);
  const boardIds = [...new Set(data.boardIds.map(toRowId))];
  const boards = await deps.prisma.board.findMany({
    where: { id: { in: boardIds }, companyId },
    select: { id: true },
  });
  if (boards.length !== boardIds.length) {
    throw errors.validation([{ field: 'boardIds', message: 'Board not found' }]);
  }
  const body = data.body ?? '';
  return deps.prisma.release.create({
    data: {
      companyId,
      name: data.name,
      releaseDate: data.releaseDate,
      body,
      bodyHtml: await renderReleaseBody(body),
      coverImageUrl: data.coverImageUrl ?? null,
      labels: data.labels ?? [],
      boards: { connect: boards },
    },
    include: releaseInclude(viewer),
  });
}

/**
 * Changes a release's name and date, and those of its body, cover image and labels that the
 * input carries (an absent one stays as it is).
 */
export async function updateRelease(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
  input: unknown,
): Promise<TReleaseWithParts> {
  const release = await findReleaseForAdmin(deps, viewer, releaseId);
  const data = parseInput(ZReleaseForm, input);
  return deps.prisma.release.update({
    where: { id: release.id },
    data: {
      name: data.name,
      releaseDate: data.releaseDate,
      body: data.body,
      ...(data.body === undefined ? {} : { bodyHtml: await renderReleaseBody(data.body) }),
      coverImageUrl: data.coverImageUrl,
      labels: data.labels,
    },
    include: releaseInclude(viewer),
  });
}

/**
 * Publishes (shown on its boards' changelogs) or unpublishes a release. Publishing mails the
 * voters of its ideas, once per user and release (not again after unpublishing and republishing).
 * With `completeLinkedIdeas`, the call that publishes also moves the linked ideas to their
 * board's completed status (completeReleaseIdeas), each a status change as any other.
 */
export async function publishRelease(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
  input: unknown,
): Promise<TReleaseWithParts> {
  const release = await findReleaseForAdmin(deps, viewer, releaseId);
  const { published, completeLinkedIdeas } = parseInput(ZPublish, input);
  // Conditional on the current state: of two concurrent publish calls, one makes the change.
  const { count } = await deps.prisma.release.updateMany({
    where: { id: release.id, isPublished: !published },
    data: {
      isPublished: published,
      publishedAt: published ? (release.publishedAt ?? new Date()) : null,
    },
  });
  if (published && count > 0 && completeLinkedIdeas) {
    await completeReleaseIdeas(deps, viewer, release.id);
  }
  const updated = await reloadRelease(deps, viewer, release.id);
  if (published && count > 0) {
    await notifySafely(deps, `release ${release.id}`, () =>
      notifyReleasePublished(deps, release.id, requireCompanyAdmin(viewer).userId),
    );
    await emitReleasePublished(deps, updated);
  }
  if (published && updated.isPublished) {
    // Also when this call changed nothing: a retried publish (its first try may have stopped
    // before the mails were queued) queues what is missing; the dedupe key stops doubles.
    await notifySafely(deps, `changelog of release ${release.id}`, () =>
      notifyChangelogSubscribers(deps, release.id),
    );
  }
  return updated;
}

/** Adds a generic entry (a title without an idea, 6 to 100 characters). */
export async function addReleasePart(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
  input: unknown,
): Promise<TReleaseWithParts> {
  const release = await findReleaseForAdmin(deps, viewer, releaseId);
  const { title } = parseInput(ZGenericPart, input);
  await withRoomForParts(deps, release.id, 'title', async (tx) => {
    await tx.releasePart.create({ data: { releaseId: release.id, title } });
    return true;
  });
  return reloadRelease(deps, viewer, release.id);
}

/**
 * Adds ideas of the company as parts, titled as the ideas are. An idea already in the release
 * is not added twice (the part's unique key decides, also under concurrent calls).
 */
export async function addReleaseIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
  input: unknown,
): Promise<TReleaseWithParts> {
  const release = await findReleaseForAdmin(deps, viewer, releaseId);
  const data = parseInput(ZAddIdeas, input);
  const ideaIds = [...new Set(data.ideaIds.map(toRowId))];
  const ideas = await deps.prisma.idea.findMany({
    where: { id: { in: ideaIds }, board: { companyId: release.companyId } },
    select: {
      id: true,
      title: true,
      rejectedAt: true,
      board: { select: { releases: { where: { id: release.id }, select: { id: true } } } },
    },
  });
  if (ideas.length !== ideaIds.length) {
    throw errors.validation([{ field: 'ideaIds', message: 'Idea not found' }]);
  }
  // Only ideas of the release's own boards: an idea of another (private) board became a part
  // that the release's public boards, the changelog and its feed showed to anyone.
  if (ideas.some((idea) => idea.board.releases.length === 0)) {
    throw errors.validation([
      { field: 'ideaIds', message: 'The idea is not on a board of this release.' },
    ]);
  }
  // A rejected idea stays unseen by everyone but its author and the team (the reject dialog
  // says so): its title is not a release's to publish (issue 34's first hour: it was offered).
  if (ideas.some((idea) => idea.rejectedAt !== null)) {
    throw errors.validation([
      { field: 'ideaIds', message: 'The idea was rejected: it cannot be part of a release.' },
    ]);
  }
  const order = new Map(ideaIds.map((id, index) => [id, index]));
  ideas.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  await withRoomForParts(deps, release.id, 'ideaIds', async (tx, room) => {
    const already = await tx.releasePart.count({
      where: { releaseId: release.id, ideaId: { in: ideas.map((idea) => idea.id) } },
    });
    if (ideas.length - already > room) return false;
    await tx.releasePart.createMany({
      data: ideas.map((idea) => ({ releaseId: release.id, ideaId: idea.id, title: idea.title })),
      skipDuplicates: true,
    });
    return true;
  });
  return reloadRelease(deps, viewer, release.id);
}

/**
 * Runs `add` with the release row locked and the room it has left for parts (RELEASE_PARTS_MAX):
 * two adds at once cannot pass the cap together. With no room, or when `add` answers false
 * (what it would add does not fit), the caller gets a VALIDATION error on `field`.
 */
async function withRoomForParts(
  deps: TDeps,
  releaseId: number,
  field: string,
  add: (tx: Prisma.TransactionClient, room: number) => Promise<boolean>,
): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Release" WHERE "id" = ${releaseId}::int FOR UPDATE`;
    const room = RELEASE_PARTS_MAX - (await tx.releasePart.count({ where: { releaseId } }));
    if (room < 1 || !(await add(tx, room))) {
      throw errors.validation([
        { field, message: `A release holds at most ${RELEASE_PARTS_MAX} lines.` },
      ]);
    }
  });
}

/** Removes one part of a release. */
export async function deleteReleasePart(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
  partId: number,
): Promise<TReleaseWithParts> {
  const release = await findReleaseForAdmin(deps, viewer, releaseId);
  const { count } = await deps.prisma.releasePart.deleteMany({
    where: { id: partId, releaseId: release.id },
  });
  if (count === 0) throw errors.notFound('Release part');
  return reloadRelease(deps, viewer, release.id);
}
