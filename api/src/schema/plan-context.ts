import { loadPlanState } from '../services/plan/plan-state.ts';
import type { TPlanState } from '../services/plan/plan-state.ts';
import type { TGraphQLContext } from './builder.ts';

/**
 * A company's plan state, read once per operation however many boards and ideas ask for it
 * (a subscription clears the memo before each event, so a long-lived stream never goes stale).
 */
export function planStateFor(context: TGraphQLContext, companyId: number): Promise<TPlanState> {
  let state = context.planStates.get(companyId);
  if (!state) {
    state = loadPlanState(context.deps.prisma, companyId);
    context.planStates.set(companyId, state);
  }
  return state;
}
