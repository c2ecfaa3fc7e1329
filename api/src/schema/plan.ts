import { getPricing } from '../services/company/get-pricing.ts';
import type { TMoney, TPricingEntry, TPricingOption } from '../services/company/get-pricing.ts';
import { requestInvoice } from '../services/billing/request-invoice.ts';
import { subscriptionView } from '../services/company/get-subscription.ts';
import type { TSubscriptionView, TUsage } from '../services/company/get-subscription.ts';
import { upgradeSubscription } from '../services/company/upgrade-subscription.ts';
import type { TUpgradeLink } from '../services/company/upgrade-subscription.ts';
import { PLAN_CAPS } from '../services/plan/plans.ts';
import type { TPlanCaps } from '../services/plan/plans.ts';
import { builder } from './builder.ts';
import { CompanyType } from './company.ts';
import { planStateFor } from './plan-context.ts';

export const ProductEnum = builder.enumType('Product', {
  description: 'A plan.',
  values: {
    FREE: { description: '1 active board, 5 visible ideas.' },
    STARTUP: { description: '2 active boards, 10 visible ideas.' },
    COMPANY: { description: '10 active boards, 250 visible ideas.' },
    ULTRA: { description: 'Enterprise: unlimited.' },
  } as const,
});

const UsageCountType = builder.objectRef<TUsage>('UsageCount').implement({
  description: 'How much of a plan limit is used.',
  fields: (t) => ({
    used: t.exposeInt('used', { description: 'How many there are.' }),
    cap: t.exposeInt('cap', { nullable: true, description: 'The limit; null when unlimited.' }),
  }),
});

const PlanUsageType = builder.objectRef<TSubscriptionView['usage']>('PlanUsage').implement({
  description: 'Usage against the plan limits.',
  fields: (t) => ({
    activeBoards: t.field({
      type: UsageCountType,
      description: 'Boards (all count against the active-board cap).',
      resolve: (u) => u.activeBoards,
    }),
    ideas: t.field({
      type: UsageCountType,
      description: 'Ideas on all boards (all count against the visible-idea cap).',
      resolve: (u) => u.ideas,
    }),
  }),
});

export const CompanySubscriptionType = builder
  .objectRef<TSubscriptionView>('CompanySubscription')
  .implement({
    description:
      "The company's plan. (Named CompanySubscription because `Subscription` is GraphQL's root type of live updates.)",
    fields: (t) => ({
      product: t.field({
        type: ProductEnum,
        description:
          "The plan in force: a paid or operator-set plan while it lasts, else the server's default plan (DEFAULT_PLAN: FREE where plans are sold, ULTRA where they are not).",
        resolve: (s) => s.product,
      }),
      expiresAt: t.expose('expiresAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When the plan in force ends; null when it does not (the default plan).',
      }),
      usage: t.field({
        type: PlanUsageType,
        description: 'Usage against the limits.',
        resolve: (s) => s.usage,
      }),
    }),
  });

export const MoneyType = builder.objectRef<TMoney>('Money').implement({
  description: 'An amount in US dollars.',
  fields: (t) => ({
    amountMinor: t.exposeInt('amountMinor', { description: 'In cents.' }),
    amount: t.exposeFloat('amount', { description: 'In dollars.' }),
  }),
});

const PricingOptionType = builder.objectRef<TPricingOption>('PricingOption').implement({
  description: 'One billing period of a plan.',
  fields: (t) => ({
    months: t.exposeInt('months', { description: '1 or 12.' }),
    price: t.field({ type: MoneyType, description: 'List price.', resolve: (o) => o.price }),
    discountedPrice: t.field({
      type: MoneyType,
      nullable: true,
      description: 'What a yearly plan costs (20% less than twelve months).',
      resolve: (o) => o.discountedPrice ?? null,
    }),
  }),
});

const PlanCapsType = builder.objectRef<TPlanCaps>('PlanCaps').implement({
  description: 'What a plan allows.',
  fields: (t) => ({
    activeBoards: t.exposeInt('activeBoards', {
      nullable: true,
      description: 'Active boards; null when unlimited.',
    }),
    ideas: t.exposeInt('ideas', {
      nullable: true,
      description: 'Visible ideas; null when unlimited.',
    }),
    pendingInvitations: t.exposeInt('pendingInvitations', {
      nullable: true,
      description: 'Team invitations waiting for an answer at once; null when unlimited.',
    }),
  }),
});

export const PricingEntryType = builder.objectRef<TPricingEntry>('PricingEntry').implement({
  description: 'A plan on sale with its billing options.',
  fields: (t) => ({
    product: t.field({ type: ProductEnum, description: 'The plan.', resolve: (e) => e.product }),
    caps: t.field({
      type: PlanCapsType,
      description: 'What the plan allows.',
      resolve: (e) => PLAN_CAPS[e.product],
    }),
    options: t.field({
      type: [PricingOptionType],
      description: 'A monthly and a yearly option.',
      resolve: (e) => e.options,
    }),
  }),
});

builder.objectField(CompanyType, 'subscription', (t) =>
  t.field({
    type: CompanySubscriptionType,
    nullable: true,
    authScopes: { companyAdmin: true },
    unauthorizedResolver: () => null,
    description: "The company's plan and usage. Admins only (null for others).",
    resolve: async (company, _args, context) =>
      subscriptionView(context.deps, await planStateFor(context, company.id)),
  }),
);

builder.queryField('isCheckoutAvailable', (t) =>
  t.boolean({
    description:
      "Whether this server sells plans: false when Stripe is not configured (upgradeSubscription then answers PAYMENTS_NOT_CONFIGURED, and the server's operator sets plans with `npm run plan`).",
    resolve: (_root, _args, context) => context.deps.stripe !== null,
  }),
);

builder.queryField('pricing', (t) =>
  t.field({
    type: [PricingEntryType],
    description: 'The plans on sale (US dollars), each with a 1-month and a 12-month option.',
    resolve: (_root, _args, context) => getPricing(context.deps.config),
  }),
);

const CheckoutLinkType = builder.objectRef<TUpgradeLink>('CheckoutLink').implement({
  description: "Where to send the buyer: the payment provider's checkout page.",
  fields: (t) => ({
    link: t.exposeString('link', { description: 'The Stripe Checkout URL.' }),
  }),
});

builder.mutationFields((t) => ({
  upgradeSubscription: t.field({
    type: CheckoutLinkType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Starts buying a plan for the viewer's company (admins) and answers the Stripe Checkout link. `amount` is the price shown in dollars (yearly: the discounted price); a different amount, or a plan below the one in force, is refused. Without a payment provider the error code is PAYMENTS_NOT_CONFIGURED. The plan changes when Stripe confirms the payment.",
    args: {
      product: t.arg({ type: ProductEnum, required: true, description: 'The plan to buy.' }),
      months: t.arg.int({ required: true, description: '1 or 12.' }),
      amount: t.arg.float({ required: true, description: 'The price shown, in dollars.' }),
      channel: t.arg.string({
        required: false,
        description: 'The payment provider; STRIPE (the default) is the only one.',
      }),
    },
    resolve: (_root, args, context) =>
      upgradeSubscription(context.deps, context.viewer, undefined, {
        ...args,
        channel: args.channel ?? 'STRIPE',
      }),
  }),
  requestInvoice: t.field({
    type: 'Boolean',
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Mails an invoice request with the given details (company, address, tax number; 6 to 500 characters) to the billing address (the owner, whose address is confirmed; a few an hour per company: RATE_LIMITED, 429).',
    args: {
      details: t.arg.string({
        required: true,
        description:
          'The invoice details: company name, address and tax number (6 to 500 characters).',
      }),
    },
    resolve: (_root, args, context) =>
      requestInvoice(context.deps, context.viewer, args, context.client),
  }),
}));
