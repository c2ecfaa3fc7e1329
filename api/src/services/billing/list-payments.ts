import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyOwner } from '../company/company-access.ts';

/** How many payments the history shows. */
export const PAYMENT_HISTORY_SIZE = 50;

/** The admin's company's plan purchases, newest first (another company's id is not found). */
export async function listPayments<T extends Prisma.PaymentFindManyArgs>(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  query?: T,
) {
  requireOwnCompanyOwner(viewer, companyId);
  return deps.prisma.payment.findMany({
    ...query,
    where: { companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: PAYMENT_HISTORY_SIZE,
  });
}
