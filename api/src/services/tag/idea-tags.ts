import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea, Prisma, Tag } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';
import type { TIdeaActivityDetails } from '../activity/record-idea-activity.ts';
import { findOwnTag } from './find-tags.ts';
import { MAX_IDEA_TAGS } from './tag-input.ts';

/**
 * An idea of the caller's own company that the caller may tag: the team (OWNER, ADMIN,
 * MEMBER), on an active board, as status changes are; another company's idea is not found
 * (before the role check, so its existence does not leak).
 */
export async function findIdeaToTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<Idea> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  return idea;
}

/** An idea (findIdeaToTag) and a tag of the caller's own company. */
async function findIdeaAndTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<{ idea: Idea; tag: Tag }> {
  const idea = await findIdeaToTag(deps, viewer, ideaId);
  const tag = await findOwnTag(deps, viewer, tagId, { admin: false });
  return { idea, tag };
}

/** What an activity row keeps of a tag: its name and colour then (it may be renamed or go). */
export function activityTag(tag: Pick<Tag, 'id' | 'name' | 'color'>): TIdeaActivityDetails {
  return { tagId: tag.id, tagName: tag.name, tagColor: tag.color };
}

/**
 * Puts a tag on an idea inside the caller's transaction and records who did in the idea's
 * activity; answers whether it was not there yet. Past the cap of tags per idea it is a
 * CONFLICT, which rolls the whole transaction back.
 */
export async function insertIdeaTag(
  tx: Prisma.TransactionClient,
  ideaId: number,
  tag: Tag,
  actorId: number,
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO "IdeaTag" ("ideaId", "tagId") VALUES (${ideaId}::int, ${tag.id}::int)
    ON CONFLICT DO NOTHING`;
  if (inserted === 0) return false;
  const count = await tx.ideaTag.count({ where: { ideaId } });
  if (count > MAX_IDEA_TAGS) {
    throw new AppError('CONFLICT', `An idea carries at most ${MAX_IDEA_TAGS} tags.`);
  }
  await recordIdeaActivity(tx, actorId, [{ ideaId, kind: 'TAG_ADDED', details: activityTag(tag) }]);
  return true;
}

/**
 * Takes a tag off ideas inside the caller's transaction (one statement, which says which
 * carried it) and records who did in each changed idea's activity; answers those ideas' ids.
 */
export async function deleteIdeaTags(
  tx: Prisma.TransactionClient,
  ideaIds: number[],
  tag: Tag,
  actorId: number,
): Promise<Set<number>> {
  const removed = await tx.$queryRaw<{ ideaId: number }[]>`
    DELETE FROM "IdeaTag"
    WHERE "tagId" = ${tag.id}::int AND "ideaId" = ANY(${ideaIds}::int[])
    RETURNING "ideaId"`;
  const changed = new Set(removed.map((row) => Number(row.ideaId)));
  await recordIdeaActivity(
    tx,
    actorId,
    [...changed].map((ideaId) => ({ ideaId, kind: 'TAG_REMOVED', details: activityTag(tag) })),
  );
  return changed;
}

/**
 * Puts a tag on an idea (the team); putting it on twice changes nothing. The idea's activity
 * records who added it.
 */
export async function addIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<Idea> {
  const { idea, tag } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  const actorId = requireViewer(viewer).userId;
  await deps.prisma.$transaction((tx) => insertIdeaTag(tx, idea.id, tag, actorId));
  return idea;
}

/**
 * Takes a tag off an idea (the team); taking off a tag it does not carry changes nothing. The
 * idea's activity records who took it off.
 */
export async function removeIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<Idea> {
  const { idea, tag } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  const actorId = requireViewer(viewer).userId;
  await deps.prisma.$transaction((tx) => deleteIdeaTags(tx, [idea.id], tag, actorId));
  return idea;
}
