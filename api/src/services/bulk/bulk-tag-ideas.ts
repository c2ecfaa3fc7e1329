import type { TDeps } from '../../deps.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { findOwnTag } from '../tag/find-tags.ts';
import { deleteIdeaTags, findIdeaToTag, insertIdeaTag } from '../tag/idea-tags.ts';
import { BULK_TRANSACTION, aboutIdea, parseBulkIdeaIds, planEachIdea } from './bulk-idea-ids.ts';
import type { TBulkOutcome } from './bulk-idea-ids.ts';

/** The ideas and the tag of a bulk tagging, each checked as addIdeaTag checks one. */
async function findIdeasAndTag(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  ideaIds: unknown,
  tagId: number,
) {
  const viewer = requireViewer(viewerOrNull);
  const ids = parseBulkIdeaIds(ideaIds);
  const ideas = await planEachIdea(ids, (ideaId) => findIdeaToTag(deps, viewer, ideaId));
  const tag = await findOwnTag(deps, viewer, tagId, { admin: false });
  return { ideas, tag, actorId: viewer.userId };
}

/**
 * Puts one tag on many ideas (the team), by addIdeaTag's rules for each: another company's
 * idea or tag is NOT_FOUND; an idea that would carry too many tags is a CONFLICT and then no
 * idea gets the tag (one transaction). An idea that carries it already is left unchanged.
 */
export async function bulkAddIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaIds: unknown,
  tagId: number,
): Promise<TBulkOutcome<Idea>[]> {
  const { ideas, tag, actorId } = await findIdeasAndTag(deps, viewer, ideaIds, tagId);
  return deps.prisma.$transaction(async (tx) => {
    const outcomes: TBulkOutcome<Idea>[] = [];
    for (const [index, idea] of ideas.entries()) {
      try {
        outcomes.push({ idea, isChanged: await insertIdeaTag(tx, idea.id, tag, actorId) });
      } catch (error) {
        throw aboutIdea(error, index);
      }
    }
    return outcomes;
  }, BULK_TRANSACTION);
}

/** Takes one tag off many ideas (the team), by removeIdeaTag's rules for each (one statement). */
export async function bulkRemoveIdeaTag(
  deps: TDeps,
  viewer: TViewer | null,
  ideaIds: unknown,
  tagId: number,
): Promise<TBulkOutcome<Idea>[]> {
  const { ideas, tag, actorId } = await findIdeasAndTag(deps, viewer, ideaIds, tagId);
  const ids = ideas.map((idea) => idea.id);
  const wasTagged = await deps.prisma.$transaction((tx) => deleteIdeaTags(tx, ids, tag, actorId));
  return ideas.map((idea) => ({ idea, isChanged: wasTagged.has(idea.id) }));
}
