import { paymentsQuery } from '../services/billing/list-payments.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import { CompanyType } from './company.ts';
import { MoneyType, ProductEnum } from './plan.ts';

const PaymentStatusEnum = builder.enumType('PaymentStatus', {
  description: 'Where a plan purchase stands.',
  values: {
    PENDING: { description: 'Checkout started; not paid (yet).' },
    PAID: { description: 'Paid: the plan was granted.' },
    FAILED: { description: 'The checkout expired or the payment failed.' },
  } as const,
});

export const PaymentType = builder.prismaObject('Payment', {
  description: 'A plan purchase through the payment provider.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The payment number.' }),
    product: t.field({
      type: ProductEnum,
      description: 'The plan bought.',
      resolve: (p) => p.product,
    }),
    months: t.exposeInt('months', { description: '1 or 12.' }),
    amount: t.field({
      type: MoneyType,
      description: 'What was charged.',
      resolve: (p) => ({ amountMinor: p.amountMinor, amount: p.amountMinor / 100 }),
    }),
    currency: t.exposeString('currency', { description: 'ISO currency code, lower case.' }),
    status: t.field({
      type: PaymentStatusEnum,
      description: 'Pending, paid or failed.',
      resolve: (p) => p.status,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When checkout started.' }),
    paidAt: t.expose('paidAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the payment was confirmed.',
    }),
  }),
});

builder.objectField(CompanyType, 'payments', (t) =>
  t.prismaConnection(
    {
      type: PaymentType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      nullable: true,
      authScopes: { companyAdmin: true },
      unauthorizedResolver: () => null,
      description:
        "The company's plan purchases, newest first, a page at a time (50 unless `first` asks for up to 100). Admins only (null for others).",
      resolve: async (query, company, args, context) => {
        const list = paymentsQuery(context.viewer, company.id);
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.payment.count({ where: { AND: [list.where, { id }] } }),
        );
        return context.deps.prisma.payment.findMany({ ...query, ...list });
      },
    },
    { description: 'A page of plan purchases.' },
    { description: 'A plan purchase in a page.' },
  ),
);
