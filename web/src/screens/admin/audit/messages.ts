import { defineMessages } from '../../../i18n/define-messages.ts';

export const auditMessages = defineMessages({
  title: { id: 'audit.title', defaultMessage: 'Audit log' },
  intro: {
    id: 'audit.intro',
    defaultMessage:
      'Who did what, when and from where: sign-ins, security settings, API keys, webhooks, plans, exports and erasures. Entries cannot be changed or deleted.',
  },
  ownerOnly: {
    id: 'audit.ownerOnly',
    defaultMessage: 'Only the owner of the company can read the audit log.',
  },
  filters: { id: 'audit.filters', defaultMessage: 'Filter the log' },
  actor: { id: 'audit.filter.actor', defaultMessage: 'Who' },
  anyone: { id: 'audit.filter.anyone', defaultMessage: 'Anyone' },
  action: { id: 'audit.filter.action', defaultMessage: 'What' },
  anything: { id: 'audit.filter.anything', defaultMessage: 'Any action' },
  from: { id: 'audit.filter.from', defaultMessage: 'From' },
  to: { id: 'audit.filter.to', defaultMessage: 'To' },
  clear: { id: 'audit.filter.clear', defaultMessage: 'Clear filters' },
  badRange: {
    id: 'audit.filter.badRange',
    defaultMessage: 'The end date has to be on or after the start date.',
  },
  count: {
    id: 'audit.count',
    defaultMessage:
      '{count, plural, =0 {No entries} one {# entry} few {# entries} many {# entries} other {# entries}}',
  },
  empty: { id: 'audit.empty', defaultMessage: 'Nothing recorded yet.' },
  emptyFiltered: { id: 'audit.emptyFiltered', defaultMessage: 'No entries match these filters.' },
  when: { id: 'audit.column.when', defaultMessage: 'When' },
  who: { id: 'audit.column.who', defaultMessage: 'Who' },
  what: { id: 'audit.column.what', defaultMessage: 'What' },
  details: { id: 'audit.column.details', defaultMessage: 'Details' },
  address: { id: 'audit.column.address', defaultMessage: 'From' },
  noAddress: { id: 'audit.noAddress', defaultMessage: 'no request (automatic)' },
  more: { id: 'audit.more', defaultMessage: 'Show more' },
  loadingMore: { id: 'audit.loadingMore', defaultMessage: 'Loading…' },
  export: { id: 'audit.export', defaultMessage: 'Export (CSV)' },
  exporting: { id: 'audit.exporting', defaultMessage: 'Exporting…' },
});

/** Each action in plain words (the enum names stay in the API and the CSV). */
export const actionMessages = defineMessages({
  SIGN_IN_SUCCEEDED: { id: 'audit.action.SIGN_IN_SUCCEEDED', defaultMessage: 'Signed in' },
  SIGN_IN_FAILED: { id: 'audit.action.SIGN_IN_FAILED', defaultMessage: 'Sign-in refused' },
  COMPANY_SECRET_ROTATED: {
    id: 'audit.action.COMPANY_SECRET_ROTATED',
    defaultMessage: 'Replaced the SSO secret',
  },
  API_KEY_CREATED: { id: 'audit.action.API_KEY_CREATED', defaultMessage: 'Created an API key' },
  API_KEY_REVOKED: { id: 'audit.action.API_KEY_REVOKED', defaultMessage: 'Revoked an API key' },
  WEBHOOK_CREATED: { id: 'audit.action.WEBHOOK_CREATED', defaultMessage: 'Created a webhook' },
  WEBHOOK_UPDATED: { id: 'audit.action.WEBHOOK_UPDATED', defaultMessage: 'Changed a webhook' },
  WEBHOOK_SECRET_ROTATED: {
    id: 'audit.action.WEBHOOK_SECRET_ROTATED',
    defaultMessage: 'Replaced a webhook’s secret',
  },
  WEBHOOK_DELETED: { id: 'audit.action.WEBHOOK_DELETED', defaultMessage: 'Deleted a webhook' },
  BOARD_VISIBILITY_CHANGED: {
    id: 'audit.action.BOARD_VISIBILITY_CHANGED',
    defaultMessage: 'Made a board public or private',
  },
  PLAN_CHECKOUT_STARTED: {
    id: 'audit.action.PLAN_CHECKOUT_STARTED',
    defaultMessage: 'Started buying a plan',
  },
  PLAN_CHANGED: { id: 'audit.action.PLAN_CHANGED', defaultMessage: 'Plan changed' },
  IDEAS_EXPORTED: { id: 'audit.action.IDEAS_EXPORTED', defaultMessage: 'Exported ideas' },
  VOTERS_EXPORTED: { id: 'audit.action.VOTERS_EXPORTED', defaultMessage: 'Exported voters' },
  SSO_SETTINGS_CHANGED: {
    id: 'audit.action.SSO_SETTINGS_CHANGED',
    defaultMessage: 'Changed the SSO token rules',
  },
  TWO_FACTOR_ENABLED: {
    id: 'audit.action.TWO_FACTOR_ENABLED',
    defaultMessage: 'Turned on two-factor sign-in',
  },
  TWO_FACTOR_DISABLED: {
    id: 'audit.action.TWO_FACTOR_DISABLED',
    defaultMessage: 'Turned off two-factor sign-in',
  },
  TWO_FACTOR_REQUIREMENT_CHANGED: {
    id: 'audit.action.TWO_FACTOR_REQUIREMENT_CHANGED',
    defaultMessage: 'Changed the team’s two-factor rule',
  },
  END_USER_EXPORTED: {
    id: 'audit.action.END_USER_EXPORTED',
    defaultMessage: 'Exported a person’s data (GDPR)',
  },
  END_USER_ERASED: { id: 'audit.action.END_USER_ERASED', defaultMessage: 'Erased a person (GDPR)' },
  TWO_FACTOR_RECOVERY_CODES_REPLACED: {
    id: 'audit.action.TWO_FACTOR_RECOVERY_CODES_REPLACED',
    defaultMessage: 'Made new recovery codes',
  },
  AUDIT_LOG_EXPORTED: {
    id: 'audit.action.AUDIT_LOG_EXPORTED',
    defaultMessage: 'Exported the audit log',
  },
  TEAM_ROLE_CHANGED: {
    id: 'audit.action.TEAM_ROLE_CHANGED',
    defaultMessage: 'Changed a team member’s role',
  },
  TEAM_MEMBER_REMOVED: {
    id: 'audit.action.TEAM_MEMBER_REMOVED',
    defaultMessage: 'Removed a member from the team',
  },
  OWNERSHIP_TRANSFERRED: {
    id: 'audit.action.OWNERSHIP_TRANSFERRED',
    defaultMessage: 'Handed over ownership of the company',
  },
  INVITATION_SENT: {
    id: 'audit.action.INVITATION_SENT',
    defaultMessage: 'Invited a person to the team',
  },
  INVITATION_RESENT: {
    id: 'audit.action.INVITATION_RESENT',
    defaultMessage: 'Sent a team invitation again',
  },
  INVITATION_REVOKED: {
    id: 'audit.action.INVITATION_REVOKED',
    defaultMessage: 'Revoked a team invitation',
  },
  INVITATION_ACCEPTED: {
    id: 'audit.action.INVITATION_ACCEPTED',
    defaultMessage: 'Joined the team through an invitation',
  },
  END_USER_BLOCKED: {
    id: 'audit.action.END_USER_BLOCKED',
    defaultMessage: 'Blocked a user',
  },
  END_USER_UNBLOCKED: {
    id: 'audit.action.END_USER_UNBLOCKED',
    defaultMessage: 'Unblocked a user',
  },
  PASSWORD_CHANGED: {
    id: 'audit.action.PASSWORD_CHANGED',
    defaultMessage: 'Changed their password',
  },
  SLACK_CONNECTED: { id: 'audit.action.SLACK_CONNECTED', defaultMessage: 'Connected Slack' },
  SLACK_CONNECTION_UPDATED: {
    id: 'audit.action.SLACK_CONNECTION_UPDATED',
    defaultMessage: 'Changed a Slack connection',
  },
  SLACK_DISCONNECTED: {
    id: 'audit.action.SLACK_DISCONNECTED',
    defaultMessage: 'Disconnected Slack',
  },
  ISSUE_TRACKER_CONNECTED: {
    id: 'audit.action.ISSUE_TRACKER_CONNECTED',
    defaultMessage: 'Connected GitHub or Linear',
  },
  ISSUE_TRACKER_UPDATED: {
    id: 'audit.action.ISSUE_TRACKER_UPDATED',
    defaultMessage: 'Changed a GitHub or Linear connection',
  },
  ISSUE_TRACKER_DISCONNECTED: {
    id: 'audit.action.ISSUE_TRACKER_DISCONNECTED',
    defaultMessage: 'Disconnected GitHub or Linear',
  },
  BOARD_CREATED: { id: 'audit.action.BOARD_CREATED', defaultMessage: 'Created a board' },
  COMPANY_RENAMED: { id: 'audit.action.COMPANY_RENAMED', defaultMessage: 'Renamed the company' },
  COMPANY_CURRENCY_CHANGED: {
    id: 'audit.action.COMPANY_CURRENCY_CHANGED',
    defaultMessage: 'Changed the currency of customer values',
  },
});

/** Labels of the facts an entry carries (detail-lines.ts); unknown ones show their own name. */
export const detailMessages = defineMessages({
  value: { id: 'audit.detail.value', defaultMessage: 'Value' },
  arrow: { id: 'audit.detail.arrow', defaultMessage: '→' },
  changeSpoken: { id: 'audit.detail.changeSpoken', defaultMessage: '{from} changed to {to}' },
  companyName: { id: 'audit.detail.companyName', defaultMessage: 'Company name' },
  currency: { id: 'audit.detail.currency', defaultMessage: 'Currency' },
  role: { id: 'audit.detail.role', defaultMessage: 'Role' },
  name: { id: 'audit.detail.name', defaultMessage: 'Name' },
  board: { id: 'audit.detail.board', defaultMessage: 'Board' },
  isPublic: { id: 'audit.detail.isPublic', defaultMessage: 'Public' },
  email: { id: 'audit.detail.email', defaultMessage: 'Email' },
  url: { id: 'audit.detail.url', defaultMessage: 'Address' },
  urlHint: { id: 'audit.detail.urlHint', defaultMessage: 'Address' },
  events: { id: 'audit.detail.events', defaultMessage: 'Events' },
  prefix: { id: 'audit.detail.prefix', defaultMessage: 'Key prefix' },
  isReadOnly: { id: 'audit.detail.isReadOnly', defaultMessage: 'Read-only' },
  product: { id: 'audit.detail.product', defaultMessage: 'Plan' },
  months: { id: 'audit.detail.months', defaultMessage: 'Months' },
  amountMinor: { id: 'audit.detail.amountMinor', defaultMessage: 'Amount (cents)' },
  reason: { id: 'audit.detail.reason', defaultMessage: 'Reason' },
  required: { id: 'audit.detail.required', defaultMessage: 'Required' },
  requireExpiry: { id: 'audit.detail.requireExpiry', defaultMessage: 'Tokens must expire' },
  maxLifetimeMinutes: {
    id: 'audit.detail.maxLifetimeMinutes',
    defaultMessage: 'Longest token lifetime (minutes)',
  },
  signedOutSessions: { id: 'audit.detail.signedOutSessions', defaultMessage: 'Sessions ended' },
  kind: { id: 'audit.detail.kind', defaultMessage: 'Kind' },
  tokenHint: { id: 'audit.detail.tokenHint', defaultMessage: 'Token ends with' },
  language: { id: 'audit.detail.language', defaultMessage: 'Language' },
});
