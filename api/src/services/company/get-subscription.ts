import type { TDeps } from '../../deps.ts';
import type { Product } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { COUNTED_IDEAS, loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { requireOwnCompanyAdmin } from './company-access.ts';

export type TUsage = { used: number; cap: number | null };
export type TSubscriptionView = {
  product: Product;
  expiresAt: Date | null;
  usage: { activeBoards: TUsage; ideas: TUsage };
};

/**
 * The plan in force (the server's default plan once a paid plan has ended) with its usage: boards and ideas
 * counted against the caps (all boards, and all ideas but those awaiting acceptance, so
 * "3 of 1" shows what an upgrade would bring back).
 */
export async function subscriptionView(deps: TDeps, plan: TPlanState): Promise<TSubscriptionView> {
  const [boards, ideas] = await Promise.all([
    deps.prisma.board.count({ where: { companyId: plan.companyId } }),
    deps.prisma.idea.count({ where: { board: { companyId: plan.companyId }, ...COUNTED_IDEAS } }),
  ]);
  return {
    product: plan.effectiveProduct,
    expiresAt: plan.expiresAt,
    usage: {
      activeBoards: { used: boards, cap: plan.caps.activeBoards },
      ideas: { used: ideas, cap: plan.caps.ideas },
    },
  };
}

/** The admin's company subscription (another company's id is not found). */
export async function getSubscription(
  deps: TDeps,
  viewer: TViewer | null,
  companyId?: number,
): Promise<TSubscriptionView> {
  const admin = requireOwnCompanyAdmin(viewer, companyId);
  return subscriptionView(deps, await loadPlanState(deps.prisma, admin.companyId));
}
