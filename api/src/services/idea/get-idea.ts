import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { findVisibleIdea } from '../access.ts';
import type { TIdeaWithBoard } from '../access.ts';

/** One idea the caller may see (hidden and other companies' private ideas are not found). */
export function getIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TIdeaWithBoard> {
  return findVisibleIdea(deps, viewer, ideaId);
}
