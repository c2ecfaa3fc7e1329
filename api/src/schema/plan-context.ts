import type { TSubscriptionRow } from '../services/access.ts';
import { loadPlanState, planStateOf } from '../services/plan/plan-state.ts';
import type { TPlanState } from '../services/plan/plan-state.ts';
import type { TGraphQLContext } from './builder.ts';

/**
 * A company's plan state, read once per operation however many boards and ideas ask for it
 * (a subscription clears the memo before each event, so a long-lived stream never goes stale).
 * `subscription` is the company's subscription row when the caller read it already.
 */
export function planStateFor(
  context: TGraphQLContext,
  companyId: number,
  subscription?: TSubscriptionRow,
): Promise<TPlanState> {
  let state = context.planStates.get(companyId);
  if (!state) {
    state = subscription
      ? planStateOf(context.deps.prisma, companyId, subscription)
      : loadPlanState(context.deps.prisma, companyId);
    context.planStates.set(companyId, state);
  }
  return state;
}
