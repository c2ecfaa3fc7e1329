import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Tag } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { isCompanyAdmin, requireViewer } from '../../viewer.ts';
import { isUniqueViolation } from '../customer/customer-company-input.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';
import { findOwnTag } from './find-tags.ts';
import { activityTag } from './idea-tags.ts';
import { MAX_COMPANY_TAGS, ZTagFields, tagNameKey } from './tag-input.ts';

const nameTaken = () =>
  errors.validation([{ field: 'name', message: 'A tag with this name already exists.' }]);

function requireAdmin(viewerOrNull: TViewer | null): TViewer {
  const viewer = requireViewer(viewerOrNull);
  if (!isCompanyAdmin(viewer)) throw errors.forbidden();
  return viewer;
}

/** Adds a tag to the caller's company (OWNER and ADMIN); names are unique whatever their case. */
export async function createTag(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  input: unknown,
): Promise<Tag> {
  const viewer = requireAdmin(viewerOrNull);
  const fields = parseInput(ZTagFields, input);
  try {
    return await deps.prisma.$transaction(async (tx) => {
      const count = await tx.tag.count({ where: { companyId: viewer.companyId } });
      if (count >= MAX_COMPANY_TAGS) {
        throw new AppError('CONFLICT', `A company holds at most ${MAX_COMPANY_TAGS} tags.`);
      }
      return tx.tag.create({
        data: { ...fields, nameKey: tagNameKey(fields.name), companyId: viewer.companyId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a tag, sets its colour and whether it is private (OWNER and ADMIN). */
export async function updateTag(
  deps: TDeps,
  viewer: TViewer | null,
  tagId: number,
  input: unknown,
): Promise<Tag> {
  const tag = await findOwnTag(deps, viewer, tagId, { admin: true });
  const fields = parseInput(ZTagFields, input);
  try {
    return await deps.prisma.tag.update({
      where: { id: tag.id },
      data: { ...fields, nameKey: tagNameKey(fields.name) },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Deletes a tag and takes it off every idea (OWNER and ADMIN), in one transaction; each idea's
 * activity says who took it off, because the tag was deleted.
 */
export async function deleteTag(deps: TDeps, viewer: TViewer | null, tagId: number): Promise<Tag> {
  const tag = await findOwnTag(deps, viewer, tagId, { admin: true });
  const admin = requireViewer(viewer);
  await deps.prisma.$transaction(async (tx) => {
    const untagged = await tx.$queryRaw<{ ideaId: number }[]>`
      DELETE FROM "IdeaTag" WHERE "tagId" = ${tag.id}::int RETURNING "ideaId"`;
    await recordIdeaActivity(
      tx,
      admin.userId,
      untagged.map(({ ideaId }) => ({
        ideaId,
        kind: 'TAG_REMOVED' as const,
        details: { ...activityTag(tag), cause: 'TAG_DELETED' as const },
      })),
    );
    await tx.tag.delete({ where: { id: tag.id } });
  });
  return tag;
}
