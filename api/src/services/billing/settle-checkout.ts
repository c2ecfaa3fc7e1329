import type Stripe from 'stripe';
import type { TDeps } from '../../deps.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { addMonths, effectiveProduct, higherProduct } from '../plan/plans.ts';

export type TSettleResult = 'applied' | 'duplicate' | 'ignored';

/**
 * Grants a paid Checkout Session, exactly once: in one transaction the session's PENDING
 * Payment becomes PAID (a conditional update, so a retried or concurrent delivery of the same
 * event, or a second event for the same session, finds nothing left to claim), the plan
 * becomes the higher of the one in force and the one bought, and `expiresAt` moves from the
 * later of now and the current expiry by the months bought. The plan, months and amount are
 * the Payment row's (written by the server at checkout), never the event's.
 */
export async function settleCheckout(
  deps: TDeps,
  eventId: string,
  session: Stripe.Checkout.Session,
  now: Date = new Date(),
): Promise<TSettleResult> {
  if (session.payment_status !== 'paid') return 'ignored';
  return deps.prisma.$transaction(async (tx) => {
    const payment = await findSessionPayment(tx, session);
    if (!payment) {
      deps.log.warn(`Stripe event ${eventId}: no payment for checkout session ${session.id}`);
      return 'ignored';
    }
    if (session.amount_total !== payment.amountMinor || session.currency !== payment.currency) {
      deps.log.error(
        `Stripe event ${eventId}: session ${session.id} paid ${session.amount_total} ${session.currency}, payment ${payment.id} expects ${payment.amountMinor} ${payment.currency}; not granted`,
      );
      return 'ignored';
    }
    const claimed = await tx.payment.updateMany({
      where: { id: payment.id, status: { not: 'PAID' } },
      data: {
        status: 'PAID',
        providerEventId: eventId,
        providerSessionId: session.id,
        paidAt: now,
      },
    });
    if (claimed.count === 0) return 'duplicate';

    // Lock the company's subscription row: two different payments settling at once must not
    // both extend from the same old expiry.
    await tx.subscription.upsert({
      where: { companyId: payment.companyId },
      create: { companyId: payment.companyId },
      update: {},
    });
    await tx.$queryRaw`SELECT id FROM "Subscription" WHERE "companyId" = ${payment.companyId} FOR UPDATE`;
    const current = await tx.subscription.findUniqueOrThrow({
      where: { companyId: payment.companyId },
    });
    const inForce = effectiveProduct(current.product, current.expiresAt, now);
    const from =
      inForce !== 'FREE' && current.expiresAt && current.expiresAt > now ? current.expiresAt : now;
    // A paid plan without an end (granted by hand) stays without one.
    const isPerpetual = inForce !== 'FREE' && current.expiresAt === null;
    const product = higherProduct(inForce, payment.product);
    const expiresAt = isPerpetual ? null : addMonths(from, payment.months);
    await tx.subscription.update({
      where: { companyId: payment.companyId },
      // A payment takes the plan back from the operator (the plan CLI) if it had set one.
      data: { product, expiresAt, source: 'PAYMENT' },
    });
    // In the grant's transaction: a plan never changes without its entry. No request of the
    // company's made it, so no address; the actor is the payment provider.
    await recordAudit(
      deps,
      {
        action: 'PLAN_CHANGED',
        companyId: payment.companyId,
        actor: { label: 'Stripe', address: null },
        target: { type: 'Payment', id: payment.id },
        details: {
          from: inForce,
          to: product,
          months: payment.months,
          expiresAt: expiresAt?.toISOString() ?? null,
          event: eventId,
        },
      },
      tx,
    );
    return 'applied';
  });
}

/**
 * Marks the session's Payment FAILED when Stripe gives up on it (session expired, delayed
 * payment failed); a PAID payment stays PAID whatever order the events arrive in.
 */
export async function failCheckout(deps: TDeps, session: Stripe.Checkout.Session): Promise<void> {
  await deps.prisma.payment.updateMany({
    where: { providerSessionId: session.id, status: 'PENDING' },
    data: { status: 'FAILED' },
  });
}

type TTx = Parameters<Parameters<TDeps['prisma']['$transaction']>[0]>[0];

/** The Payment a session settles: by session id, else (session id never stored) by metadata. */
async function findSessionPayment(tx: TTx, session: Stripe.Checkout.Session) {
  const bySession = await tx.payment.findUnique({ where: { providerSessionId: session.id } });
  if (bySession) return bySession;
  const paymentId = Number(session.metadata?.paymentId);
  const companyId = Number(session.metadata?.companyId);
  if (!Number.isSafeInteger(paymentId) || !Number.isSafeInteger(companyId)) return null;
  return tx.payment.findFirst({ where: { id: paymentId, companyId, providerSessionId: null } });
}
