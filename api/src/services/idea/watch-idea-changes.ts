import type { TDeps } from '../../deps.ts';
import type { TIdeaChange } from '../../events.ts';
import type { TViewer } from '../../viewer.ts';
import { canSeeIdeaChange, findVisibleBoard } from '../access.ts';

/**
 * The live idea events of a board the caller may see (else not found), without the events of
 * ideas the caller may not see. The same rule as the GraphQL subscription `ideaChanged`.
 * Calling `return()` on the iterator ends the subscription.
 */
export async function watchIdeaChanges(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<AsyncIterator<TIdeaChange>> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  const source = deps.events.subscribeIdeaChanged(board.id)[Symbol.asyncIterator]();
  return {
    next: async () => {
      for (;;) {
        const step = await source.next();
        if (step.done || canSeeIdeaChange(viewer, step.value)) return step;
      }
    },
    return: async () => (await source.return?.()) ?? { done: true, value: undefined },
  };
}
