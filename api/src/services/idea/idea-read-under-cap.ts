import { isAdminOf } from '../access.ts';
import type { TViewer } from '../../viewer.ts';
import { isIdeaWithinCap } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';

/**
 * Whether a caller may read an idea already loaded by id under its company's plan: the rule of
 * `requireWithinCapFor` (services/access.ts) on a row in hand, so a lookup that reads many ideas
 * at once (GraphQL `node`/`nodes`) reads each company's plan once rather than per idea. Ideas
 * awaiting acceptance are never hidden by the cap; the company's admins see hidden ideas (as
 * locked rows); everyone else gets "not found" for an idea past the cap.
 */
export function isIdeaReadableUnderCap(
  viewer: TViewer | null,
  idea: { id: number; status: string; createdAt: Date },
  companyId: number,
  plan: TPlanState,
): boolean {
  if (idea.status === 'NOT_PUBLIC' || isAdminOf(viewer, companyId)) return true;
  return isIdeaWithinCap(plan, idea);
}
