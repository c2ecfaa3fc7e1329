import { SSO_CHECKS, SSO_CHECK_REASONS, SSO_CHECK_STATUSES } from '../services/sso/sso-checks.ts';
import type {
  TSsoCheck,
  TSsoCheckName,
  TSsoCheckReason,
  TSsoCheckStatus,
  TSsoInspection,
} from '../services/sso/sso-checks.ts';
import { checkSsoToken } from '../services/sso/check-sso-token.ts';
import { builder } from './builder.ts';
import { decodeId } from './ids.ts';

const CHECK_DESCRIPTIONS: Record<TSsoCheckName, string> = {
  TOKEN:
    'The text is a JSON Web Token (three base64url parts, a JSON object payload, at most 4096 characters).',
  ALGORITHM: 'The header names HS256 (`alg: none` and every other algorithm are refused).',
  SIGNATURE: 'The signature matches the company secret.',
  EXPIRY: '`exp`: present when the company requires it, and not past.',
  NOT_BEFORE: '`nbf`, when present: not in the future.',
  LIFETIME: '`exp` minus `iat` (or minus now): within the company’s longest accepted lifetime.',
  ID: '`id`: the user’s id in the company’s own system (required).',
  NAME: '`name`: the user’s display name (required).',
  EMAIL:
    '`email`: where the user’s notification mail goes (optional; counted as confirmed by the company).',
  AVATAR: '`avatarUrl` or `avatar`: an http(s) picture address (optional).',
  ATTRIBUTES:
    '`attributes`: the user’s attributes, at most 20 keys of string, number or boolean values (optional; a wrong shape refuses the token).',
  COMPANIES:
    '`companies`: the customer companies the user works for, `[{id, name, monthlySpend, plan?, attributes?}]` (optional; a wrong shape refuses the token).',
};

const STATUS_DESCRIPTIONS: Record<TSsoCheckStatus, string> = {
  PASSED: 'Fine.',
  WARNING: 'Accepted, but worth fixing (see the reason).',
  FAILED: 'The widget refuses the token because of this.',
  SKIPPED: 'Not checked: an earlier check made it impossible.',
};

const REASON_DESCRIPTIONS: Record<TSsoCheckReason, string> = {
  OK: 'As it should be.',
  ABSENT: 'The optional claim is not there.',
  MISSING: 'The token or a required claim is not there.',
  TOO_LONG: 'The token is longer than 4096 characters.',
  NOT_A_JWT: 'The text is not a JSON Web Token.',
  NOT_AN_OBJECT: 'The payload is not a JSON object.',
  CRITICAL_HEADER:
    'The header lists critical extensions (`crit`), which Feedboard does not support (RFC 7515).',
  WRONG_ALGORITHM: 'Signed with another algorithm than HS256 (`value` names it).',
  MISMATCH: 'The signature does not match the company secret.',
  EXPIRED: '`exp` is past.',
  REQUIRED: '`exp` is missing and the company requires it.',
  NOT_A_NUMBER: 'The time claim is not a number of seconds.',
  OVER_MAXIMUM: 'The token lives longer than the company accepts.',
  LONG: 'The token lives longer than an hour: a leaked one stays usable that long.',
  NOT_YET_VALID: '`nbf` is in the future.',
  INVALID: 'The claim is there but not valid (an optional one is then ignored).',
  UNCONFIRMED:
    'EMAIL: the token does not say `email_verified: true` and the company does not trust its tokens’ addresses, so no notification mail goes to it until the user confirms it.',
  NOT_CHECKED: 'Not checked.',
};

const values = <T extends string>(names: readonly T[], descriptions: Record<T, string>) =>
  Object.fromEntries(names.map((name) => [name, { description: descriptions[name] }])) as Record<
    T,
    { description: string }
  >;

const SsoCheckNameEnum = builder.enumType('SsoCheckName', {
  description: 'What one check of an SSO token looks at.',
  values: values(SSO_CHECKS, CHECK_DESCRIPTIONS),
});

const SsoCheckStatusEnum = builder.enumType('SsoCheckStatus', {
  description: 'How one check of an SSO token went.',
  values: values(SSO_CHECK_STATUSES, STATUS_DESCRIPTIONS),
});

const SsoCheckReasonEnum = builder.enumType('SsoCheckReason', {
  description: 'Why a check of an SSO token went as it did (read it with the check’s name).',
  values: values(SSO_CHECK_REASONS, REASON_DESCRIPTIONS),
});

const SsoTokenCheckType = builder.objectRef<TSsoCheck>('SsoTokenCheck').implement({
  description: 'One check the widget’s sign-in makes on an SSO token, and how it went.',
  fields: (t) => ({
    check: t.expose('check', { type: SsoCheckNameEnum, description: 'What was checked.' }),
    status: t.expose('status', { type: SsoCheckStatusEnum, description: 'How it went.' }),
    reason: t.expose('reason', { type: SsoCheckReasonEnum, description: 'Why.' }),
    message: t.exposeString('message', {
      description:
        'The reason in English, as the REST sign-in states a refusal (`/api/v1/widget/sso`).',
    }),
    value: t.exposeString('value', {
      nullable: true,
      description: 'What the token holds for this check (the algorithm, the claim), when useful.',
    }),
    at: t.expose('at', {
      type: 'DateTime',
      nullable: true,
      description: 'EXPIRY and NOT_BEFORE: the instant the claim names.',
    }),
    lifetimeMinutes: t.exposeInt('lifetimeMinutes', {
      nullable: true,
      description: 'LIFETIME: how many minutes the token lives (from `iat`, or from now).',
    }),
    maxLifetimeMinutes: t.exposeInt('maxLifetimeMinutes', {
      nullable: true,
      description: 'LIFETIME: the company’s longest accepted lifetime, in minutes.',
    }),
  }),
});

const SsoTokenReportType = builder.objectRef<TSsoInspection>('SsoTokenReport').implement({
  description: 'Every check of an SSO token against the company’s secret and SSO rules.',
  fields: (t) => ({
    isAccepted: t.boolean({
      description: 'Whether the widget would sign the user in with it now (no check failed).',
      resolve: (report) => report.failure === null,
    }),
    checks: t.field({
      type: [SsoTokenCheckType],
      description: 'Each check in order; the first FAILED one is the reason of a refusal.',
      resolve: (report) => report.checks,
    }),
  }),
});

builder.queryField('checkSsoToken', (t) =>
  t.field({
    type: SsoTokenReportType,
    // Queries have no generated descriptions to skip (descriptions.test.ts): give them here.
    errors: {
      union: { description: 'The checks of the token, or why the caller may not check it.' },
      result: { description: 'The checks of the token.' },
      dataField: { description: 'Every check of the token and how it went.' },
    },
    authScopes: { signedIn: true },
    description:
      'The widget tab’s token checker: every check the widget’s sign-in makes on `token` for this board (its company’s secret and SSO rules) and how each went. Owners and admins signed in as themselves (not API keys); another company’s board is NOT_FOUND. Nothing is stored and no one is signed in.',
    args: {
      boardId: t.arg.id({ required: true, description: 'The board whose widget gets the token.' }),
      token: t.arg.string({ required: true, description: 'The SSO token (a JWT) to check.' }),
    },
    resolve: (_root, args, context) =>
      checkSsoToken(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args.token),
  }),
);
