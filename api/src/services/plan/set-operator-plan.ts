import type { PrismaClient, Product } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { planDefaultOf, planInForce } from './plan-state.ts';
import { PRODUCTS } from './plans.ts';

/** `set <slug> DEFAULT`: forget the operator's plan, so the server's default plan applies. */
export const DEFAULT_PLAN_WORD = 'DEFAULT';

export type TOperatorPlanInput = {
  slug: string;
  /** A plan (FREE, STARTUP, COMPANY, ULTRA; any case) or DEFAULT. */
  plan: string;
  /** The last day the plan holds, YYYY-MM-DD (UTC); none: until changed again. */
  until?: string | undefined;
};

export type TOperatorPlanResult = {
  slug: string;
  name: string;
  from: Product;
  to: Product;
  /** When the new plan ends (midnight UTC after the `until` day); null: it does not. */
  expiresAt: Date | null;
  isDefault: boolean;
};

const invalid = (message: string) => new AppError('VALIDATION', message);

/** A plan word of the command line: one of the products (any case) or DEFAULT. */
export function parsePlanWord(word: string): Product | typeof DEFAULT_PLAN_WORD {
  const upper = word.trim().toUpperCase();
  if (upper === DEFAULT_PLAN_WORD) return DEFAULT_PLAN_WORD;
  const product = PRODUCTS.find((p) => p === upper);
  if (!product) {
    throw invalid(
      `Unknown plan "${word}": use ${PRODUCTS.join(', ')}, or ${DEFAULT_PLAN_WORD} for the server's default plan.`,
    );
  }
  return product;
}

/**
 * `--until YYYY-MM-DD`: the plan holds through that day (UTC) and ends at the next midnight
 * UTC. A day already past is refused rather than stored as an expired plan: it would change
 * nothing and most likely is a typo.
 */
export function parseUntil(value: string, now: Date = new Date()): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const [year, month, day] = match ? match.slice(1).map(Number) : [NaN, NaN, NaN];
  const start = new Date(Date.UTC(year!, month! - 1, day!));
  if (
    !match ||
    Number.isNaN(start.getTime()) ||
    start.getUTCFullYear() !== year ||
    start.getUTCMonth() !== month! - 1 ||
    start.getUTCDate() !== day
  ) {
    throw invalid(`"${value}" is not a date: write the last day of the plan as YYYY-MM-DD.`);
  }
  const end = new Date(start.getTime() + 86_400_000);
  if (end.getTime() <= now.getTime()) {
    throw invalid(
      `${value} has passed: give today or a later day (the plan holds through that day, UTC).`,
    );
  }
  return end;
}

/**
 * Sets a company's plan as the server's operator (`npm run plan -- set`): stored on its
 * Subscription row with the source OPERATOR, which counts as a subscription (it beats the
 * server's default plan, FREE included) until `until` ends; DEFAULT clears it. The change and
 * its audit entry are one transaction; running servers apply it from their next request.
 */
export async function setOperatorPlan(
  prisma: PrismaClient,
  input: TOperatorPlanInput,
  now: Date = new Date(),
): Promise<TOperatorPlanResult> {
  const plan = parsePlanWord(input.plan);
  if (plan === DEFAULT_PLAN_WORD && input.until !== undefined) {
    throw invalid(`--until goes with a plan, not with ${DEFAULT_PLAN_WORD}.`);
  }
  const expiresAt = input.until === undefined ? null : parseUntil(input.until, now);
  const defaultPlan = planDefaultOf(prisma);
  return prisma.$transaction(async (tx) => {
    const company = await tx.company.findUnique({
      where: { slug: input.slug.trim() },
      select: { id: true, slug: true, name: true, subscription: true },
    });
    if (!company) throw new AppError('NOT_FOUND', `No company has the slug "${input.slug}".`);
    const before = planInForce(
      {
        product: company.subscription?.product ?? null,
        expiresAt: company.subscription?.expiresAt ?? null,
        source: company.subscription?.source ?? null,
      },
      defaultPlan,
      now,
    );
    // DEFAULT leaves the row as sign-up writes it: FREE, no end, from the payment flow.
    const data =
      plan === DEFAULT_PLAN_WORD
        ? { product: 'FREE' as const, expiresAt: null, source: 'PAYMENT' as const }
        : { product: plan, expiresAt, source: 'OPERATOR' as const };
    await tx.subscription.upsert({
      where: { companyId: company.id },
      create: { companyId: company.id, ...data },
      update: data,
    });
    const to = plan === DEFAULT_PLAN_WORD ? defaultPlan : plan;
    await recordAudit(
      { prisma },
      {
        action: 'PLAN_CHANGED',
        companyId: company.id,
        actor: { label: 'Server operator', address: null },
        target: { type: 'Company', id: company.id },
        details: {
          from: before.product,
          to,
          expiresAt: data.expiresAt?.toISOString() ?? null,
          by: plan === DEFAULT_PLAN_WORD ? 'default plan' : 'operator',
        },
      },
      tx,
    );
    return {
      slug: company.slug,
      name: company.name,
      from: before.product,
      to,
      expiresAt: data.expiresAt,
      isDefault: plan === DEFAULT_PLAN_WORD,
    };
  });
}
