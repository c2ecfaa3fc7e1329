import type { PlanSource, Prisma, PrismaClient, Product } from '../../generated/prisma/client.ts';
import { PLAN_CAPS } from './plans.ts';
import type { TPlanCaps } from './plans.ts';

/** A row's place in creation order: the oldest rows are the ones a plan keeps. */
export type TCutoff = { createdAt: Date; id: number };

/**
 * Where the plan in force comes from: a payment (Stripe), the server's operator
 * (`npm run plan -- set`), or the server's default plan (DEFAULT_PLAN) for a company with
 * neither, or whose plan has ended.
 */
export type TPlanOrigin = 'PAYMENT' | 'OPERATOR' | 'DEFAULT';

/**
 * A company's plan as it applies right now. Boards and ideas are ranked oldest first; those
 * past the cap (the newest) are inactive or hidden. A null cutoff means nothing is cut off.
 * Ideas awaiting acceptance (NOT_PUBLIC) are not visible ideas: they neither count against the
 * cap nor get hidden by it, so unreviewed submissions cannot push accepted ideas out.
 */
export type TPlanState = {
  companyId: number;
  /** The stored plan (FREE without a subscription row). */
  product: Product;
  /** The plan in force: the stored one while it lasts, else the server's default plan. */
  effectiveProduct: Product;
  /** When the plan in force ends; null when it does not (and for the default plan). */
  expiresAt: Date | null;
  /** Whether the plan in force is the server's default plan (DEFAULT_PLAN). */
  isDefault: boolean;
  caps: TPlanCaps;
  /** The newest board that is still active. */
  boardCutoff: TCutoff | null;
  /** The newest idea that is still visible. */
  ideaCutoff: TCutoff | null;
};

/**
 * A company's Subscription row (product null: there is none). `source` is undefined when the
 * caller's statement did not read it; the plan state then reads it only when it decides.
 */
export type TPlanRow = {
  product: Product | null;
  expiresAt: Date | null;
  source?: PlanSource | null;
};

type TDb = Pick<PrismaClient | Prisma.TransactionClient, 'subscription' | 'board' | 'idea'>;

/** The ideas a plan's cap counts: all but those awaiting acceptance. */
export const COUNTED_IDEAS = { status: { not: 'NOT_PUBLIC' } } satisfies Prisma.IdeaWhereInput;

const OLDEST_FIRST = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

const DEFAULT_PLAN = Symbol('feedboard.defaultPlan');

/**
 * Ties the server's default plan (plans.ts defaultPlanOf) to its database client: createDeps
 * calls it once. Every plan read through the client applies it, its transactions included (a
 * transaction client reads the property through to its parent), so no caller passes it along.
 */
export function usePlanDefault(prisma: PrismaClient, product: Product): void {
  Object.defineProperty(prisma, DEFAULT_PLAN, { value: product, configurable: true });
}

/** The default plan usePlanDefault tied to this client (or to the transaction's parent). */
export function planDefaultOf(db: object): Product {
  const product = (db as { [DEFAULT_PLAN]?: Product })[DEFAULT_PLAN];
  if (!product) {
    throw new Error('This database client has no default plan: create it through createDeps.');
  }
  return product;
}

/**
 * The plan in force for a subscription row: an operator's plan while it lasts (FREE included),
 * a paid plan while it lasts, else the default plan (no row, sign-up's FREE row, an ended plan).
 */
export function planInForce(
  row: { product: Product | null; expiresAt: Date | null; source: PlanSource | null },
  defaultPlan: Product,
  now: Date = new Date(),
): { product: Product; expiresAt: Date | null; origin: TPlanOrigin } {
  const lasts = !row.expiresAt || row.expiresAt.getTime() > now.getTime();
  if (row.product !== null && lasts) {
    if (row.source === 'OPERATOR') {
      return { product: row.product, expiresAt: row.expiresAt, origin: 'OPERATOR' };
    }
    if (row.product !== 'FREE') {
      return { product: row.product, expiresAt: row.expiresAt, origin: 'PAYMENT' };
    }
  }
  return { product: defaultPlan, expiresAt: null, origin: 'DEFAULT' };
}

/**
 * The plan in force for a row whose source the caller may not have read: only a lasting FREE
 * row under a default plan other than FREE needs it (an operator's FREE, or sign-up's row),
 * and that is one read by the unique key.
 */
async function resolvePlan(
  db: Pick<TDb, 'subscription'>,
  companyId: number,
  row: TPlanRow,
): Promise<{ product: Product; expiresAt: Date | null; origin: TPlanOrigin }> {
  const defaultPlan = planDefaultOf(db);
  let source = row.source;
  if (source === undefined) {
    const decides =
      row.product === 'FREE' &&
      defaultPlan !== 'FREE' &&
      (!row.expiresAt || row.expiresAt.getTime() > Date.now());
    source = decides
      ? ((await db.subscription.findUnique({ where: { companyId }, select: { source: true } }))
          ?.source ?? null)
      : null;
  }
  return planInForce({ ...row, source }, defaultPlan);
}

/** The company's stored plan and the plan in force (its own while it lasts, else the default). */
export async function loadPlan(
  db: Pick<TDb, 'subscription'>,
  companyId: number,
): Promise<{
  product: Product;
  expiresAt: Date | null;
  inForce: Product;
  origin: TPlanOrigin;
}> {
  const subscription = await db.subscription.findUnique({ where: { companyId } });
  const row = {
    product: subscription?.product ?? null,
    expiresAt: subscription?.expiresAt ?? null,
    source: subscription?.source ?? null,
  };
  const inForce = planInForce(row, planDefaultOf(db));
  return {
    product: row.product ?? 'FREE',
    expiresAt: row.expiresAt,
    inForce: inForce.product,
    origin: inForce.origin,
  };
}

/** Reads the company's plan and where its caps cut off boards and ideas (three small queries). */
export async function loadPlanState(db: TDb, companyId: number): Promise<TPlanState> {
  const subscription = await db.subscription.findUnique({
    where: { companyId },
    select: { product: true, expiresAt: true, source: true },
  });
  return planStateOf(db, companyId, {
    product: subscription?.product ?? null,
    expiresAt: subscription?.expiresAt ?? null,
    source: subscription?.source ?? null,
  });
}

/**
 * The plan state of a company whose subscription row the caller already read (product null:
 * none): reads only the cutoffs that the plan in force has caps for.
 */
export async function planStateOf(
  db: TDb,
  companyId: number,
  subscription: TPlanRow,
): Promise<TPlanState> {
  const inForce = await resolvePlan(db, companyId, subscription);
  const caps = PLAN_CAPS[inForce.product];
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
    product: subscription.product ?? 'FREE',
    effectiveProduct: inForce.product,
    expiresAt: inForce.expiresAt,
    isDefault: inForce.origin === 'DEFAULT',
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
