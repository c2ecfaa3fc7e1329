import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { inlineText } from '../../mail/inline-text.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireConfirmedEmail } from '../account/require-confirmed-email.ts';
import { requireOwnCompanyOwner } from '../company/company-access.ts';
import { limitRequestedMail } from '../mail/limit-requested-mail.ts';

/** The invoice-by-email box: the invoice details (company, address, tax number). */
export const ZInvoiceRequest = z.object({ details: requiredText(6, 500) });

/**
 * Mails an admin's invoice request to the billing address (BILLING_EMAIL), with who asked and
 * the company's paid purchases, so billing can answer within the promised 12 hours. Only from
 * an owner whose address is confirmed (billing answers to it: EMAIL_NOT_CONFIRMED otherwise),
 * and a few per company an hour (RATE_LIMIT_INVOICE_REQUEST_*, RateLimitError).
 */
export async function requestInvoice(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
  client?: TClient,
): Promise<boolean> {
  const admin = requireOwnCompanyOwner(viewer);
  const { details } = parseInput(ZInvoiceRequest, input);
  await requireConfirmedEmail(deps, admin.userId);
  await limitRequestedMail(deps, 'invoiceRequest', { companyId: admin.companyId, client });
  const [company, user, payments] = await Promise.all([
    deps.prisma.company.findUniqueOrThrow({ where: { id: admin.companyId } }),
    deps.prisma.user.findUnique({ where: { id: admin.userId } }),
    deps.prisma.payment.findMany({
      where: { companyId: admin.companyId, status: 'PAID' },
      orderBy: { paidAt: 'desc' },
      take: 10,
    }),
  ]);
  const paid = payments.map(
    (p) =>
      `  #${p.id} ${p.product} ${p.months} month(s), ${(p.amountMinor / 100).toFixed(2)} ${p.currency.toUpperCase()}, paid ${p.paidAt?.toISOString() ?? '?'}`,
  );
  await deps.mailer.send({
    to: deps.config.billingEmail,
    subject: `Invoice request: ${inlineText(company.name)} (company ${company.id})`,
    text: [
      `${user?.displayName ?? 'An admin'} <${user?.email ?? 'no email'}> asks for an invoice for ${company.name} (company ${company.id}).`,
      '',
      'Invoice details:',
      details,
      '',
      'Paid purchases (latest first):',
      ...(paid.length ? paid : ['  none yet']),
      '',
      'Please reply within 12 hours.',
    ].join('\n'),
  });
  return true;
}
