import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canEditIdea, findIdeaForMember } from '../access.ts';
import { ZIdeaInput } from './idea-input.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';

/** Replaces an idea's title and description (its author or an admin); a new title is logged. */
export async function updateIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<Idea> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canEditIdea(member, { authorId: idea.authorId, companyId: idea.board.companyId })) {
    throw errors.forbidden();
  }
  const data = parseInput(ZIdeaInput, input);
  const updated = await deps.prisma.$transaction(async (tx) => {
    const row = await tx.idea.update({
      where: { id: idea.id },
      // An edited sample idea is the company's own now: "Remove sample ideas" keeps it.
      data: { title: data.title, description: data.description ?? null, isSample: false },
    });
    if (data.title !== idea.title) {
      await recordIdeaActivity(tx, member.userId, [
        {
          ideaId: idea.id,
          kind: 'TITLE_CHANGED',
          details: { fromTitle: idea.title, toTitle: data.title },
        },
      ]);
    }
    return row;
  });
  publishIdeaChange(deps, 'UPDATED', updated, idea.board.companyId);
  return updated;
}
