import type { TDeps } from '../../deps.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { yieldEvery } from '../../yield-to-others.ts';
import { ZIdeaStatusChange } from '../idea/idea-input.ts';
import {
  announceIdeaStatusChange,
  applyIdeaStatusChange,
  planIdeaStatusChange,
} from '../idea/set-idea-status.ts';
import { BULK_TRANSACTION, parseBulkIdeaIds, planEachIdea } from './bulk-idea-ids.ts';
import type { TBulkOutcome } from './bulk-idea-ids.ts';

/**
 * Sets one status (and custom status) on many ideas, by setIdeaStatus's rules for each: the
 * caller's company's ideas only (another's is NOT_FOUND), the team only, a custom status of
 * each idea's board and of the kind asked for. All of them change in one transaction or none
 * does; then each real change is announced, mailed and sent to webhooks as a single change is.
 */
export async function bulkSetIdeaStatus(
  deps: TDeps,
  viewer: TViewer | null,
  ideaIds: unknown,
  input: unknown,
  options: { mayReopen?: boolean } = {},
): Promise<TBulkOutcome<Idea>[]> {
  requireViewer(viewer);
  const ids = parseBulkIdeaIds(ideaIds);
  parseInput(ZIdeaStatusChange, input);
  const changes = await planEachIdea(ids, (ideaId) =>
    planIdeaStatusChange(deps, viewer, ideaId, input, options),
  );
  const changed = await deps.prisma.$transaction(async (tx) => {
    const isChanged: boolean[] = [];
    for (const change of changes) isChanged.push(await applyIdeaStatusChange(tx, change));
    return isChanged;
  }, BULK_TRANSACTION);
  const ideas = await deps.prisma.idea.findMany({ where: { id: { in: ids } } });
  const byId = new Map(ideas.map((idea) => [idea.id, idea]));
  const outcomes: TBulkOutcome<Idea>[] = [];
  // Each announcement reads the idea's followers and queues their mails and webhooks: other
  // requests run between two ideas once the announcements have held the thread for 20 ms.
  const pause = yieldEvery();
  for (const [index, change] of changes.entries()) {
    const idea = byId.get(change.idea.id);
    if (!idea) continue;
    if (changed[index]) {
      await pause();
      await announceIdeaStatusChange(deps, change, idea);
    }
    outcomes.push({ idea, isChanged: changed[index] ?? false });
  }
  return outcomes;
}
