import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyOwner } from '../company/company-access.ts';

/** How many payments the history shows. */
export const PAYMENT_HISTORY_SIZE = 50;

/** The order of a company's payments: newest first. */
const PAYMENT_ORDER = [
  { createdAt: 'desc' },
  { id: 'desc' },
] satisfies Prisma.PaymentOrderByWithRelationInput[];

/**
 * The filter and order of the owner's company's plan purchases, newest first, for a page of
 * them (another company's id is not found, as in listPayments).
 */
export function paymentsQuery(viewer: TViewer | null, companyId: number) {
  requireOwnCompanyOwner(viewer, companyId);
  return { where: { companyId } satisfies Prisma.PaymentWhereInput, orderBy: PAYMENT_ORDER };
}

/** The admin's company's plan purchases, newest first (another company's id is not found). */
export async function listPayments<T extends Prisma.PaymentFindManyArgs>(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  query?: T,
) {
  return deps.prisma.payment.findMany({
    ...query,
    ...paymentsQuery(viewer, companyId),
    take: PAYMENT_HISTORY_SIZE,
  });
}
