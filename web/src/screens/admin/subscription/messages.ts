import { defineMessages } from '../../../i18n/define-messages.ts';

export const subscriptionMessages = defineMessages({
  title: { id: 'subscription.title', defaultMessage: 'Plan and billing' },
  intro: {
    id: 'subscription.intro',
    defaultMessage:
      'Your plan, what it allows, and top-ups for 1 month or 1 year. Paid time adds up: buying again extends your plan.',
  },
  notConfiguredTitle: {
    id: 'subscription.notConfigured.title',
    defaultMessage: 'Payments are not configured on this server.',
  },
  notConfiguredText: {
    id: 'subscription.notConfigured.text',
    defaultMessage:
      'On this server the operator sets each company’s plan (npm run plan); nothing is bought here.',
  },
  operatorIntro: {
    id: 'subscription.operator.intro',
    defaultMessage: 'Your plan and what it allows.',
  },
  operatorText: {
    id: 'subscription.operator.text',
    defaultMessage:
      'On this server the operator sets each company’s plan; nothing is bought here. To change yours, ask whoever runs the server to run:',
  },
  operatorTop: {
    id: 'subscription.operator.top',
    defaultMessage:
      'Your company is on {plan}, the highest plan: there is nothing to upgrade. On this server the operator sets each company’s plan; nothing is bought here.',
  },
  operatorHint: {
    id: 'subscription.operator.hint',
    defaultMessage:
      'Plans: FREE, STARTUP, COMPANY or ULTRA (Enterprise); add --until YYYY-MM-DD for a plan that ends. Selling plans here needs Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).',
  },
  confirming: {
    id: 'subscription.checkout.confirming',
    defaultMessage: 'Thank you! We are confirming your payment with Stripe…',
  },
  confirmSlow: {
    id: 'subscription.checkout.slow',
    defaultMessage:
      'Stripe has not confirmed the payment yet. Your plan will change as soon as it does: refresh this page in a few minutes.',
  },
  paidTitle: { id: 'toast.paymentReceived.title', defaultMessage: 'Payment received' },
  paidDescription: {
    id: 'toast.paymentReceived.description',
    defaultMessage: 'Your plan is active. Thank you!',
  },
  cancelledTitle: { id: 'toast.checkoutCancelled.title', defaultMessage: 'Checkout cancelled' },
  cancelledDescription: {
    id: 'toast.checkoutCancelled.description',
    defaultMessage: 'You were not charged.',
  },
  failedTitle: { id: 'toast.paymentFailed.title', defaultMessage: 'Payment not completed' },
  failedDescription: {
    id: 'toast.paymentFailed.description',
    defaultMessage: 'Stripe did not confirm the payment, and your plan is unchanged.',
  },
});

/** Plan names as people see them: ULTRA is sold as Enterprise (spec 9). */
export const productMessages = defineMessages({
  FREE: { id: 'plan.free', defaultMessage: 'Free' },
  STARTUP: { id: 'plan.startup', defaultMessage: 'Startup' },
  COMPANY: { id: 'plan.company', defaultMessage: 'Company' },
  ULTRA: { id: 'plan.ultra', defaultMessage: 'Enterprise' },
});

export const planMessages = defineMessages({
  currentTitle: { id: 'subscription.current.title', defaultMessage: 'Your plan' },
  // One sentence: what the plan is, who sets it, what limits apply.
  summarySold: {
    id: 'subscription.summary.sold',
    defaultMessage:
      'Your company is on the {plan} plan, which an owner or admin buys on this page, and it allows {boards} and {ideas} for the whole company.',
  },
  summaryOperator: {
    id: 'subscription.summary.operator',
    defaultMessage:
      'Your company is on the {plan} plan, which whoever runs this server sets (nothing is bought here), and it allows {boards} and {ideas} for the whole company.',
  },
  summaryBoards: {
    id: 'subscription.summary.boards',
    defaultMessage: '{count, plural, one {# active board} other {# active boards}}',
  },
  summaryBoardsUnlimited: {
    id: 'subscription.summary.boardsUnlimited',
    defaultMessage: 'any number of active boards',
  },
  summaryIdeas: {
    id: 'subscription.summary.ideas',
    defaultMessage: '{count, plural, one {# visible idea} other {# visible ideas}}',
  },
  summaryIdeasUnlimited: {
    id: 'subscription.summary.ideasUnlimited',
    defaultMessage: 'any number of visible ideas',
  },
  currentPlan: { id: 'subscription.current.plan', defaultMessage: 'Current plan' },
  validUntil: { id: 'subscription.current.validUntil', defaultMessage: 'Valid until' },
  activeBoards: { id: 'subscription.current.activeBoards', defaultMessage: 'Active boards' },
  ideas: { id: 'subscription.current.ideas', defaultMessage: 'Visible ideas' },
  usedOfCap: {
    id: 'subscription.usage.usedOfCap',
    defaultMessage: '{used, number} of {cap, number}',
  },
  usedOfUnlimited: {
    id: 'subscription.usage.usedOfUnlimited',
    defaultMessage: '{used, number} of unlimited',
  },
  unlimited: { id: 'subscription.usage.unlimited', defaultMessage: 'Unlimited' },
  overCap: {
    id: 'subscription.usage.overCap',
    defaultMessage: 'Over the limit: the newest are view-only or hidden until you upgrade.',
  },
  overCapOperator: {
    id: 'subscription.usage.overCapOperator',
    defaultMessage:
      'Over the limit: the newest are view-only or hidden until the server’s operator raises your plan.',
  },
  pickerTitle: { id: 'subscription.picker.title', defaultMessage: 'Choose a plan' },
  billing: { id: 'subscription.picker.billing', defaultMessage: 'Billing period' },
  monthly: { id: 'subscription.picker.monthly', defaultMessage: '1 month' },
  yearly: { id: 'subscription.picker.yearly', defaultMessage: '1 year' },
  saveAlert: {
    id: 'subscription.picker.saveAlert',
    defaultMessage: 'Save 20% with a yearly plan.',
  },
  switchToYearly: { id: 'subscription.picker.switchToYearly', defaultMessage: 'Switch to yearly' },
  saveBadge: { id: 'subscription.plan.saveBadge', defaultMessage: 'Save 20%' },
  perMonth: { id: 'subscription.plan.perMonth', defaultMessage: '{price} / month' },
  billedMonthly: { id: 'subscription.plan.billedMonthly', defaultMessage: 'Billed monthly' },
  billedYearly: { id: 'subscription.plan.billedYearly', defaultMessage: '{price} billed yearly' },
  boardsCap: {
    id: 'subscription.plan.boardsCap',
    defaultMessage: 'Up to {cap, plural, one {# active board} other {# active boards}}',
  },
  boardsUnlimited: {
    id: 'subscription.plan.boardsUnlimited',
    defaultMessage: 'Unlimited active boards',
  },
  ideasCap: {
    id: 'subscription.plan.ideasCap',
    defaultMessage: '{cap, plural, one {# visible idea} other {# visible ideas}}',
  },
  ideasUnlimited: { id: 'subscription.plan.ideasUnlimited', defaultMessage: 'Unlimited ideas' },
  currentBadge: { id: 'subscription.plan.currentBadge', defaultMessage: 'Your plan' },
  continue: { id: 'subscription.picker.continue', defaultMessage: 'Continue' },
  pickHint: {
    id: 'subscription.picker.pickHint',
    defaultMessage: 'Pick a plan to continue.',
  },
});

export const checkoutMessages = defineMessages({
  title: { id: 'checkout.title', defaultMessage: 'Confirm your order' },
  description: {
    id: 'checkout.description',
    defaultMessage: 'You will pay on Stripe’s secure page, then come back here.',
  },
  plan: { id: 'checkout.plan', defaultMessage: 'Plan' },
  period: { id: 'checkout.period', defaultMessage: 'Period' },
  total: { id: 'checkout.total', defaultMessage: 'Total' },
  topUp: {
    id: 'checkout.topUp',
    defaultMessage:
      'This is a one-off payment, not a subscription: it adds {months, plural, one {# month} other {# months}} to your plan, counted from today or, while your plan is running, from the day it ends.',
  },
  pay: { id: 'checkout.pay', defaultMessage: 'Pay with Stripe' },
  redirecting: { id: 'checkout.redirecting', defaultMessage: 'Opening Stripe…' },
});

export const paymentsMessages = defineMessages({
  title: { id: 'payments.title', defaultMessage: 'Payments history' },
  empty: { id: 'payments.empty', defaultMessage: 'No payments yet.' },
  caption: { id: 'payments.caption', defaultMessage: 'Your plan purchases, newest first' },
  date: { id: 'payments.date', defaultMessage: 'Date' },
  plan: { id: 'payments.plan', defaultMessage: 'Plan' },
  amount: { id: 'payments.amount', defaultMessage: 'Amount' },
  planPeriod: { id: 'payments.planPeriod', defaultMessage: '{plan}, {period}' },
  status: { id: 'payments.status', defaultMessage: 'Status' },
  PENDING: { id: 'payments.status.pending', defaultMessage: 'Pending' },
  PAID: { id: 'payments.status.paid', defaultMessage: 'Paid' },
  FAILED: { id: 'payments.status.failed', defaultMessage: 'Not completed' },
  more: { id: 'payments.more', defaultMessage: 'Show more payments' },
});

export const invoiceMessages = defineMessages({
  title: { id: 'invoice.title', defaultMessage: 'Need an invoice?' },
  intro: {
    id: 'invoice.intro',
    defaultMessage:
      'Send us your company details and we will email the invoice to you. We reply within 12 hours.',
  },
  details: { id: 'invoice.details', defaultMessage: 'Invoice details' },
  detailsHint: {
    id: 'invoice.detailsHint',
    defaultMessage: 'Company name, address and tax number (6 to 500 characters).',
  },
  send: { id: 'invoice.send', defaultMessage: 'Request invoice' },
  sending: { id: 'invoice.sending', defaultMessage: 'Sending…' },
  sentTitle: { id: 'toast.invoiceRequested.title', defaultMessage: 'Invoice requested' },
  sentDescription: {
    id: 'toast.invoiceRequested.description',
    defaultMessage: 'We will email your invoice within 12 hours.',
  },
});
