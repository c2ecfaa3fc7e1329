/**
 * What the audit log records: a fixed list, stored as these strings and exposed as the GraphQL
 * enum AuditAction with the same values. Add new actions at the end; never rename one (old
 * entries keep the old name).
 */
export const AUDIT_ACTIONS = {
  SIGN_IN_SUCCEEDED: 'A user signed in with email and password.',
  SIGN_IN_FAILED: 'A sign-in with email and password was refused (the email tried is in details).',
  COMPANY_SECRET_ROTATED: "The company's SSO secret was replaced.",
  API_KEY_CREATED: 'An API key was created.',
  API_KEY_REVOKED: 'An API key was revoked.',
  WEBHOOK_CREATED: 'A webhook was created.',
  WEBHOOK_UPDATED: "A webhook's address, events, board filter or state changed.",
  WEBHOOK_SECRET_ROTATED: "A webhook's signing secret was replaced.",
  WEBHOOK_DELETED: 'A webhook was deleted.',
  BOARD_VISIBILITY_CHANGED:
    'A board was made public or private, or who may see it changed (SSO users, email domains, customer companies).',
  PLAN_CHECKOUT_STARTED: 'A purchase of a paid plan was started (a checkout link was made).',
  PLAN_CHANGED: "A paid checkout was settled: the company's plan or its expiry changed.",
  IDEAS_EXPORTED: "A board's ideas were exported as CSV.",
  VOTERS_EXPORTED: "A board's voters were exported as CSV.",
  SSO_SETTINGS_CHANGED:
    "The company's rules for widget SSO tokens (expiry, lifetime, trusted addresses) or who may sign up changed.",
  TWO_FACTOR_ENABLED: 'A user turned on two-factor sign-in.',
  TWO_FACTOR_DISABLED: 'A user turned off two-factor sign-in.',
  TWO_FACTOR_REQUIREMENT_CHANGED: 'The owner required two-factor sign-in of the team, or stopped.',
  END_USER_EXPORTED: 'Everything stored about one end user was exported (GDPR).',
  END_USER_ERASED: 'One end user was erased (GDPR); details say how their content was treated.',
  TWO_FACTOR_RECOVERY_CODES_REPLACED:
    'A user replaced their two-factor recovery codes with new ones (the old ones stopped working).',
  AUDIT_LOG_EXPORTED: "The company's audit log was exported as CSV (details hold the filter).",
  TEAM_ROLE_CHANGED: "A team member's role changed (details: from, to).",
  TEAM_MEMBER_REMOVED:
    'A team member was removed from the team (their ideas, comments and votes stay; they became an end user).',
  OWNERSHIP_TRANSFERRED: 'The owner handed ownership of the company to another team member.',
  INVITATION_SENT: 'A person was invited to the team by email with a role.',
  INVITATION_RESENT: 'A pending team invitation was mailed again with a new link.',
  INVITATION_REVOKED: 'A pending team invitation was revoked (its link stopped working).',
  INVITATION_ACCEPTED: 'A team invitation was accepted: the person joined the team.',
  END_USER_BLOCKED:
    'An end user was blocked: they cannot vote, comment or submit ideas (details: whether their votes were removed, and how many).',
  END_USER_UNBLOCKED: 'A blocked end user was unblocked: they may vote, comment and submit again.',
  PASSWORD_CHANGED:
    'A user changed their own password (their other sessions were signed out; details: how many).',
  SLACK_CONNECTED:
    'Slack was connected: an incoming webhook (details: the last characters of its URL, events, board, language).',
  SLACK_CONNECTION_UPDATED:
    "A Slack connection's events, board, language or URL changed (details: what changed).",
  SLACK_DISCONNECTED: 'A Slack connection was removed: nothing more is posted to its channel.',
  ISSUE_TRACKER_CONNECTED:
    'GitHub or Linear was connected (details: the kind, the last characters of its token, repository or team, closed status).',
  ISSUE_TRACKER_UPDATED:
    "A GitHub or Linear connection's token, repository, team, webhook secret or closed status changed.",
  ISSUE_TRACKER_DISCONNECTED: 'A GitHub or Linear connection was removed with its issue links.',
  BOARD_CREATED:
    'A board was created (details: its name and who may see it: public or private, SSO users, email domains, customer companies).',
  COMPANY_RENAMED: "The company's name changed (details: from, to).",
  COMPANY_CURRENCY_CHANGED:
    "The currency of the company's customer values changed (details: from, to, ISO 4217 codes).",
} as const;

export type TAuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as TAuditAction[];
