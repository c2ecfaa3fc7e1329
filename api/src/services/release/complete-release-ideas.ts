import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import {
  announceIdeaStatusChange,
  applyIdeaStatusChange,
  planIdeaStatusChange,
} from '../idea/set-idea-status.ts';

/**
 * Moves a release's linked ideas to their board's completed status: the board's first custom
 * status of kind COMPLETE (by position), else the kind's own name. Each move is a status change
 * like any other (activity, live lists, voters and author mailed, webhooks); ideas already
 * complete or declined stay as they are. Answers how many ideas moved. Offered when a release is
 * published (publishRelease's `completeLinkedIdeas`): shipping an idea should not leave it "In
 * progress" on the roadmap.
 */
export async function completeReleaseIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  releaseId: number,
): Promise<number> {
  const ideas = await deps.prisma.idea.findMany({
    where: {
      releaseParts: { some: { releaseId } },
      status: { notIn: ['COMPLETE', 'DECLINED'] },
    },
    select: { id: true, boardId: true },
    orderBy: { id: 'asc' },
  });
  const completedStatusOf = new Map<number, number | null>();
  let moved = 0;
  for (const idea of ideas) {
    if (!completedStatusOf.has(idea.boardId)) {
      const status = await deps.prisma.boardStatus.findFirst({
        where: { boardId: idea.boardId, kind: 'COMPLETE' },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
        select: { id: true },
      });
      completedStatusOf.set(idea.boardId, status?.id ?? null);
    }
    const customStatusId = completedStatusOf.get(idea.boardId) ?? null;
    const change = await planIdeaStatusChange(deps, viewer, idea.id, {
      status: 'COMPLETE',
      customStatusId,
    });
    const isChanged = await deps.prisma.$transaction((tx) => applyIdeaStatusChange(tx, change));
    if (!isChanged) continue;
    moved += 1;
    const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: idea.id } });
    await announceIdeaStatusChange(deps, change, updated);
  }
  return moved;
}
