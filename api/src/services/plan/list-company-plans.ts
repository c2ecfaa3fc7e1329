import type { PrismaClient, Product } from '../../generated/prisma/client.ts';
import { planDefaultOf, planInForce } from './plan-state.ts';
import type { TPlanOrigin } from './plan-state.ts';

export type TCompanyPlan = {
  slug: string;
  name: string;
  /** The plan in force now. */
  plan: Product;
  /** When it ends; null: it does not. */
  expiresAt: Date | null;
  origin: TPlanOrigin;
};

/** Every company's plan in force and where it comes from (`npm run plan -- list`), by slug. */
export async function listCompanyPlans(
  prisma: PrismaClient,
  now: Date = new Date(),
): Promise<TCompanyPlan[]> {
  const defaultPlan = planDefaultOf(prisma);
  const companies = await prisma.company.findMany({
    orderBy: { slug: 'asc' },
    select: {
      slug: true,
      name: true,
      subscription: { select: { product: true, expiresAt: true, source: true } },
    },
  });
  return companies.map(({ slug, name, subscription }) => {
    const inForce = planInForce(
      {
        product: subscription?.product ?? null,
        expiresAt: subscription?.expiresAt ?? null,
        source: subscription?.source ?? null,
      },
      defaultPlan,
      now,
    );
    return {
      slug,
      name,
      plan: inForce.product,
      expiresAt: inForce.expiresAt,
      origin: inForce.origin,
    };
  });
}
