import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { setIdeaStatus } from '../idea/set-idea-status.ts';

/**
 * Moves a release's linked ideas to their board's completed status: the board's first custom
 * status of kind COMPLETE (by position), else the kind's own name. Each move is a status change
 * like any other (activity, live lists, webhooks; voters and author mailed, except those whom the
 * release's own mail reaches, which names their completed ideas); ideas already
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
    // The one status change of the product (access, activity, mails, live lists, webhooks).
    // Its status mail goes only to those the release's own mail, queued next, will not reach.
    const updated = await setIdeaStatus(
      deps,
      viewer,
      idea.id,
      { status: 'COMPLETE', customStatusId: completedStatusOf.get(idea.boardId) ?? null },
      { releaseId },
    );
    // Neither complete nor declined when read: complete now (by this call, or one beside it).
    if (updated.status === 'COMPLETE') moved += 1;
  }
  return moved;
}
