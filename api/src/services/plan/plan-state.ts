import type { Prisma, PrismaClient, Product } from '../../generated/prisma/client.ts';
import { PLAN_CAPS, effectiveProduct } from './plans.ts';
import type { TPlanCaps } from './plans.ts';

/** A row's place in creation order: the oldest rows are the ones a plan keeps. */
export type TCutoff = { createdAt: Date; id: number };

/**
 * A company's plan as it applies right now. Boards and ideas are ranked oldest first; those
 * past the cap (the newest) are inactive or hidden. A null cutoff means nothing is cut off.
 * Ideas awaiting acceptance (NOT_PUBLIC) are not visible ideas: they neither count against the
 * cap nor get hidden by it, so unreviewed submissions cannot push accepted ideas out.
 */
export type TPlanState = {
  companyId: number;
  /** The stored plan. */
  product: Product;
  /** The plan in force (FREE once a paid plan has expired). */
  effectiveProduct: Product;
  expiresAt: Date | null;
  caps: TPlanCaps;
  /** The newest board that is still active. */
  boardCutoff: TCutoff | null;
  /** The newest idea that is still visible. */
  ideaCutoff: TCutoff | null;
};

type TDb = Pick<PrismaClient | Prisma.TransactionClient, 'subscription' | 'board' | 'idea'>;

/** The ideas a plan's cap counts: all but those awaiting acceptance. */
export const COUNTED_IDEAS = { status: { not: 'NOT_PUBLIC' } } satisfies Prisma.IdeaWhereInput;

const OLDEST_FIRST = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

/** The company's stored plan and the plan in force (no subscription row: FREE). */
export async function loadPlan(
  db: Pick<TDb, 'subscription'>,
  companyId: number,
): Promise<{ product: Product; expiresAt: Date | null; inForce: Product }> {
  const subscription = await db.subscription.findUnique({ where: { companyId } });
  const product = subscription?.product ?? 'FREE';
  const expiresAt = subscription?.expiresAt ?? null;
  return { product, expiresAt, inForce: effectiveProduct(product, expiresAt) };
}

/** Reads the company's plan and where its caps cut off boards and ideas (three small queries). */
export async function loadPlanState(db: TDb, companyId: number): Promise<TPlanState> {
  const { product, expiresAt } = await loadPlan(db, companyId);
  return planStateOf(db, companyId, { product, expiresAt });
}

/**
 * The plan state of a company whose subscription row the caller already read (null: none, so
 * FREE): reads only the cutoffs that the plan in force has caps for.
 */
export async function planStateOf(
  db: Pick<TDb, 'board' | 'idea'>,
  companyId: number,
  subscription: { product: Product | null; expiresAt: Date | null },
): Promise<TPlanState> {
  const product = subscription.product ?? 'FREE';
  const expiresAt = subscription.expiresAt;
  const inForce = effectiveProduct(product, expiresAt);
  const caps = PLAN_CAPS[inForce];
  const [boardCutoff, ideaCutoff] = await Promise.all([
    caps.activeBoards === null
      ? null
      : db.board.findFirst({
          where: { companyId },
          orderBy: OLDEST_FIRST,
          skip: caps.activeBoards - 1,
          select: { createdAt: true, id: true },
        }),
    caps.ideas === null
      ? null
      : db.idea.findFirst({
          where: { board: { companyId }, ...COUNTED_IDEAS },
          orderBy: OLDEST_FIRST,
          skip: caps.ideas - 1,
          select: { createdAt: true, id: true },
        }),
  ]);
  return {
    companyId,
    product,
    effectiveProduct: inForce,
    expiresAt,
    caps,
    boardCutoff: boardCutoff ?? null,
    ideaCutoff: ideaCutoff ?? null,
  };
}

function isWithin(cutoff: TCutoff | null, row: TCutoff): boolean {
  if (!cutoff) return true;
  const at = row.createdAt.getTime();
  const limit = cutoff.createdAt.getTime();
  return at < limit || (at === limit && row.id <= cutoff.id);
}

/** Active boards are the plan's oldest `activeBoards`; the newer ones are view-only. */
export function isBoardActive(plan: TPlanState, board: TCutoff): boolean {
  return isWithin(plan.boardCutoff, board);
}

/** Visible ideas are the company's oldest `ideas`; the newer ones are hidden until an upgrade. */
export function isIdeaWithinCap(plan: TPlanState, idea: TCutoff & { status: string }): boolean {
  return idea.status === 'NOT_PUBLIC' || isWithin(plan.ideaCutoff, idea);
}

/** The Prisma filter for ideas past the plan's cap (hidden). */
export function ideaBeyondCapWhere(plan: TPlanState): Prisma.IdeaWhereInput {
  const cutoff = plan.ideaCutoff;
  if (!cutoff) return { id: { lt: 0 } };
  return {
    ...COUNTED_IDEAS,
    OR: [
      { createdAt: { gt: cutoff.createdAt } },
      { createdAt: cutoff.createdAt, id: { gt: cutoff.id } },
    ],
  };
}
