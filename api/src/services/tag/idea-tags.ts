import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea, Tag } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';
import type { TIdeaActivityDetails } from '../activity/record-idea-activity.ts';
import { findOwnTag } from './find-tags.ts';
import { MAX_IDEA_TAGS } from './tag-input.ts';

/**
 * An idea and a tag of the caller's own company, for the team (OWNER, ADMIN, MEMBER), on an
 * active board, as status changes are: another company's idea or tag is not found (before the
 * role check, so its existence does not leak).
 */
async function findIdeaAndTag(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<{ idea: Idea; tag: Tag; viewer: TViewer }> {
  const { idea, viewer } = await findIdeaForMember(deps, viewerOrNull, ideaId);
  if (!canUpdateIdeaStatus(viewer, idea.board.companyId)) throw errors.forbidden();
  const tag = await findOwnTag(deps, viewer, tagId, { admin: false });
  return { idea, tag, viewer };
}

/** What an activity row keeps of a tag: its name and colour then (it may be renamed or go). */
export function activityTag(tag: Pick<Tag, 'id' | 'name' | 'color'>): TIdeaActivityDetails {
  return { tagId: tag.id, tagName: tag.name, tagColor: tag.color };
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
  const { idea, tag, viewer: member } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  await deps.prisma.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "IdeaTag" ("ideaId", "tagId") VALUES (${idea.id}::int, ${tag.id}::int)
      ON CONFLICT DO NOTHING`;
    if (inserted === 0) return;
    const count = await tx.ideaTag.count({ where: { ideaId: idea.id } });
    if (count > MAX_IDEA_TAGS) {
      throw new AppError('CONFLICT', `An idea carries at most ${MAX_IDEA_TAGS} tags.`);
    }
    await recordIdeaActivity(tx, member.userId, [
      { ideaId: idea.id, kind: 'TAG_ADDED', details: activityTag(tag) },
    ]);
  });
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
  const { idea, tag, viewer: member } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  await deps.prisma.$transaction(async (tx) => {
    const removed = await tx.ideaTag.deleteMany({ where: { ideaId: idea.id, tagId: tag.id } });
    if (removed.count === 0) return;
    await recordIdeaActivity(tx, member.userId, [
      { ideaId: idea.id, kind: 'TAG_REMOVED', details: activityTag(tag) },
    ]);
  });
  return idea;
}
