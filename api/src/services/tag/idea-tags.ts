import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea, Prisma, Tag } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
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

/**
 * Puts a tag on an idea inside the caller's transaction; answers whether it was not there yet.
 * Past the cap of tags per idea it is a CONFLICT, which rolls the whole transaction back.
 */
export async function insertIdeaTag(
  tx: Prisma.TransactionClient,
  ideaId: number,
  tagId: number,
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO "IdeaTag" ("ideaId", "tagId") VALUES (${ideaId}::int, ${tagId}::int)
    ON CONFLICT DO NOTHING`;
  if (inserted === 0) return false;
  const count = await tx.ideaTag.count({ where: { ideaId } });
  if (count > MAX_IDEA_TAGS) {
    throw new AppError('CONFLICT', `An idea carries at most ${MAX_IDEA_TAGS} tags.`);
  }
  return true;
}

/** Puts a tag on an idea (the team); putting it on twice changes nothing. */
export async function addIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<Idea> {
  const { idea, tag } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  await deps.prisma.$transaction((tx) => insertIdeaTag(tx, idea.id, tag.id));
  return idea;
}

/** Takes a tag off an idea (the team); taking off a tag it does not carry changes nothing. */
export async function removeIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  tagId: number,
): Promise<Idea> {
  const { idea, tag } = await findIdeaAndTag(deps, viewer, ideaId, tagId);
  await deps.prisma.ideaTag.deleteMany({ where: { ideaId: idea.id, tagId: tag.id } });
  return idea;
}
