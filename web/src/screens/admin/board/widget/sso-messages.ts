import { defineMessages } from '../../../../i18n/define-messages.ts';

/** What step 3 says about each claim of the SSO token. */
export const claimMessages = defineMessages({
  intro: {
    id: 'widget.claims.intro',
    defaultMessage:
      'Your server signs a fresh token for the signed-in user with HS256 and your company secret each time the widget asks (or writes it into the container’s data-sso-token, if your pages are made on the server). The token carries these claims (the last two are optional and tell your team who is asking):',
  },
  id: {
    id: 'widget.claims.id',
    defaultMessage:
      'the user’s id in your system (required). It must be unique for each user and never change: it keeps their ideas, votes and comments together across visits.',
  },
  name: {
    id: 'widget.claims.name',
    defaultMessage: 'the name others see next to the user’s ideas and comments (required).',
  },
  email: {
    id: 'widget.claims.email',
    defaultMessage:
      'the address the user’s notification emails go to (leave it out if you have none). We send them only to an address your token vouches for with email_verified, or to every address when “Trust the email addresses in our SSO tokens” is on (it is off until an admin turns it on below). Any other address gets no mail until its owner confirms it.',
  },
  email_verified: {
    id: 'widget.claims.emailVerified',
    defaultMessage:
      'true when your system has confirmed that the user owns the address (optional). Each sample sets it from the verified flag you pass it: pass what your user records say, never a plain true.',
  },
  exp: {
    id: 'widget.claims.exp',
    defaultMessage:
      'when the token stops working, in seconds since 1 January 1970 (UTC). The samples make it 10 minutes from now: a page needs it only to sign in, and a leaked token is soon useless.',
  },
  attributes: {
    id: 'widget.claims.attributes',
    defaultMessage:
      'facts about the user, such as their role or number of seats: an object of at most 20 keys (1 to 50 characters each) whose values are strings (up to 250 characters), numbers or booleans. Stored with the user at every sign-in that carries it; leave it out to keep what is stored.',
  },
  companies: {
    id: 'widget.claims.companies',
    defaultMessage:
      'the customer companies the user works for, at most 20 of id (your id of the customer), name, monthlySpend (a number from 0 to 1,000,000,000), and optionally plan and attributes. An idea’s value is the summed monthly spend of the companies behind its votes. The user is linked to exactly the companies listed: [] detaches them, and leaving the claim out keeps the links.',
  },
});

/** The card with the company's rules for SSO tokens. */
export const rulesMessages = defineMessages({
  title: { id: 'widget.rules.title', defaultMessage: 'Token rules' },
  intro: {
    id: 'widget.rules.intro',
    defaultMessage:
      'These rules apply to every board of your company. They take effect at the next sign-in; users already signed in stay signed in.',
  },
  requireExpiry: {
    id: 'widget.rules.requireExpiry',
    defaultMessage: 'Require an expiry (exp) on SSO tokens',
  },
  requireExpiryHint: {
    id: 'widget.rules.requireExpiryHint',
    defaultMessage:
      'Without exp a token works forever, so anyone who copies it can sign in as that user. Turn this off only while your server cannot add exp yet.',
  },
  maxLifetime: {
    id: 'widget.rules.maxLifetime',
    defaultMessage: 'Longest accepted lifetime (minutes)',
  },
  maxLifetimeHint: {
    id: 'widget.rules.maxLifetimeHint',
    defaultMessage:
      'A token that is valid for longer than this (from its iat, or from now) is refused. 1440 minutes is 24 hours.',
  },
});

/** The token checker card. */
export const checkerMessages = defineMessages({
  title: { id: 'widget.checker.title', defaultMessage: 'SSO token checker' },
  intro: {
    id: 'widget.checker.intro',
    defaultMessage:
      'Your users see only a short “could not sign you in” message when a token is refused. Paste a token your server made to see every check and why one fails. The token is checked on our server with your secret and rules; nothing is stored and no one is signed in.',
  },
  token: { id: 'widget.checker.token', defaultMessage: 'SSO token' },
  tokenHint: {
    id: 'widget.checker.tokenHint',
    defaultMessage: 'The value your server puts in data-sso-token (three parts separated by dots).',
  },
  submit: { id: 'widget.checker.submit', defaultMessage: 'Check the token' },
  checking: { id: 'widget.checker.checking', defaultMessage: 'Checking…' },
  accepted: {
    id: 'widget.checker.accepted',
    defaultMessage: 'The widget accepts this token.',
  },
  acceptedWithWarnings: {
    id: 'widget.checker.acceptedWithWarnings',
    defaultMessage: 'The widget accepts this token, but look at the warnings below.',
  },
  refused: {
    id: 'widget.checker.refused',
    defaultMessage: 'The widget refuses this token: {reason}',
  },
  results: { id: 'widget.checker.results', defaultMessage: 'Checks' },
  failed: {
    id: 'widget.checker.failed',
    defaultMessage: 'The token could not be checked. Please try again.',
  },
  PASSED: { id: 'widget.checker.status.PASSED', defaultMessage: 'Passed' },
  WARNING: { id: 'widget.checker.status.WARNING', defaultMessage: 'Warning' },
  FAILED: { id: 'widget.checker.status.FAILED', defaultMessage: 'Failed' },
  SKIPPED: { id: 'widget.checker.status.SKIPPED', defaultMessage: 'Not checked' },
});

/** The name of each check (SsoCheckName). */
export const checkNameMessages = defineMessages({
  TOKEN: { id: 'widget.checker.check.TOKEN', defaultMessage: 'Token format' },
  ALGORITHM: { id: 'widget.checker.check.ALGORITHM', defaultMessage: 'Algorithm (alg)' },
  SIGNATURE: { id: 'widget.checker.check.SIGNATURE', defaultMessage: 'Signature' },
  EXPIRY: { id: 'widget.checker.check.EXPIRY', defaultMessage: 'Expiry (exp)' },
  NOT_BEFORE: { id: 'widget.checker.check.NOT_BEFORE', defaultMessage: 'Not before (nbf)' },
  LIFETIME: { id: 'widget.checker.check.LIFETIME', defaultMessage: 'Lifetime' },
  ID: { id: 'widget.checker.check.ID', defaultMessage: 'User id (id)' },
  NAME: { id: 'widget.checker.check.NAME', defaultMessage: 'Name (name)' },
  EMAIL: { id: 'widget.checker.check.EMAIL', defaultMessage: 'Email (email)' },
  AVATAR: { id: 'widget.checker.check.AVATAR', defaultMessage: 'Avatar (avatarUrl)' },
  ATTRIBUTES: { id: 'widget.checker.check.ATTRIBUTES', defaultMessage: 'Attributes (attributes)' },
  COMPANIES: { id: 'widget.checker.check.COMPANIES', defaultMessage: 'Companies (companies)' },
});

/**
 * What each check found, by `CHECK.REASON` (the pairs inspectSsoToken answers); `{value}`,
 * `{at}`, `{minutes}` and `{max}` come from the check.
 */
export const findingMessages = defineMessages({
  'TOKEN.OK': { id: 'widget.checker.TOKEN.OK', defaultMessage: 'It is a JSON Web Token.' },
  'TOKEN.MISSING': { id: 'widget.checker.TOKEN.MISSING', defaultMessage: 'The token is empty.' },
  'TOKEN.TOO_LONG': {
    id: 'widget.checker.TOKEN.TOO_LONG',
    defaultMessage: 'The token is longer than 4096 characters.',
  },
  'TOKEN.NOT_A_JWT': {
    id: 'widget.checker.TOKEN.NOT_A_JWT',
    defaultMessage:
      'This is not a JSON Web Token: it needs three base64url parts separated by dots.',
  },
  'TOKEN.NOT_AN_OBJECT': {
    id: 'widget.checker.TOKEN.NOT_AN_OBJECT',
    defaultMessage: 'The payload (the middle part) is not a JSON object.',
  },
  'TOKEN.CRITICAL_HEADER': {
    id: 'widget.checker.TOKEN.CRITICAL_HEADER',
    defaultMessage:
      'The header lists critical extensions (crit), which Feedboard does not support: leave crit out.',
  },
  'ALGORITHM.OK': { id: 'widget.checker.ALGORITHM.OK', defaultMessage: 'Signed with HS256.' },
  'ALGORITHM.WRONG_ALGORITHM': {
    id: 'widget.checker.ALGORITHM.WRONG_ALGORITHM',
    defaultMessage: 'The header says “{value}”; only HS256 is accepted.',
  },
  'SIGNATURE.OK': {
    id: 'widget.checker.SIGNATURE.OK',
    defaultMessage: 'The signature matches your company secret.',
  },
  'SIGNATURE.MISMATCH': {
    id: 'widget.checker.SIGNATURE.MISMATCH',
    defaultMessage:
      'The signature does not match your company secret. Sign with the secret shown in step 3 (it changes when someone replaces it).',
  },
  'EXPIRY.OK': { id: 'widget.checker.EXPIRY.OK', defaultMessage: 'Valid until {at}.' },
  'EXPIRY.EXPIRED': {
    id: 'widget.checker.EXPIRY.EXPIRED',
    defaultMessage: 'It expired at {at}. Make a fresh token on every page load.',
  },
  'EXPIRY.REQUIRED': {
    id: 'widget.checker.EXPIRY.REQUIRED',
    defaultMessage: 'There is no exp, and your token rules require one.',
  },
  'EXPIRY.ABSENT': {
    id: 'widget.checker.EXPIRY.ABSENT',
    defaultMessage:
      'There is no exp, so this token works forever if it leaks. Add exp (10 minutes ahead is enough).',
  },
  'EXPIRY.NOT_A_NUMBER': {
    id: 'widget.checker.EXPIRY.NOT_A_NUMBER',
    defaultMessage: 'exp is “{value}”; it has to be a number of seconds since 1970.',
  },
  'NOT_BEFORE.OK': { id: 'widget.checker.NOT_BEFORE.OK', defaultMessage: 'Valid from {at}.' },
  'NOT_BEFORE.ABSENT': {
    id: 'widget.checker.NOT_BEFORE.ABSENT',
    defaultMessage: 'No nbf (optional).',
  },
  'NOT_BEFORE.NOT_YET_VALID': {
    id: 'widget.checker.NOT_BEFORE.NOT_YET_VALID',
    defaultMessage: 'It is valid only from {at}. Check your server’s clock.',
  },
  'NOT_BEFORE.NOT_A_NUMBER': {
    id: 'widget.checker.NOT_BEFORE.NOT_A_NUMBER',
    defaultMessage: 'nbf is “{value}”; it has to be a number of seconds since 1970.',
  },
  'LIFETIME.OK': {
    id: 'widget.checker.LIFETIME.OK',
    defaultMessage: 'Valid for {minutes} min (at most {max} min accepted).',
  },
  'LIFETIME.LONG': {
    id: 'widget.checker.LIFETIME.LONG',
    defaultMessage:
      'Valid for {minutes} min. Accepted (at most {max} min), but a few minutes are enough.',
  },
  'LIFETIME.OVER_MAXIMUM': {
    id: 'widget.checker.LIFETIME.OVER_MAXIMUM',
    defaultMessage: 'Valid for {minutes} min; your token rules accept at most {max} min.',
  },
  'ID.OK': { id: 'widget.checker.ID.OK', defaultMessage: 'id is “{value}”.' },
  'ID.MISSING': { id: 'widget.checker.ID.MISSING', defaultMessage: 'There is no id claim.' },
  'ID.INVALID': {
    id: 'widget.checker.ID.INVALID',
    defaultMessage: 'id is “{value}”; it has to be text (1 to 200 characters) or a whole number.',
  },
  'NAME.OK': { id: 'widget.checker.NAME.OK', defaultMessage: 'name is “{value}”.' },
  'NAME.MISSING': {
    id: 'widget.checker.NAME.MISSING',
    defaultMessage: 'There is no name claim.',
  },
  'NAME.INVALID': {
    id: 'widget.checker.NAME.INVALID',
    defaultMessage: 'name is “{value}”; it has to be text of 1 to 100 characters.',
  },
  'EMAIL.OK': {
    id: 'widget.checker.EMAIL.OK',
    defaultMessage: 'Notifications go to {value}.',
  },
  'EMAIL.UNCONFIRMED': {
    id: 'widget.checker.EMAIL.UNCONFIRMED',
    defaultMessage:
      'No notifications go to {value} yet: the token does not say email_verified: true and your company does not trust its tokens’ addresses, so the user has to confirm the address first.',
  },
  'EMAIL.ABSENT': {
    id: 'widget.checker.EMAIL.ABSENT',
    defaultMessage: 'There is no email, so this user gets no notification emails.',
  },
  'EMAIL.INVALID': {
    id: 'widget.checker.EMAIL.INVALID',
    defaultMessage: '“{value}” is not an email address; it is ignored.',
  },
  'AVATAR.OK': { id: 'widget.checker.AVATAR.OK', defaultMessage: 'An http(s) picture address.' },
  'AVATAR.ABSENT': {
    id: 'widget.checker.AVATAR.ABSENT',
    defaultMessage: 'No avatar (optional).',
  },
  'AVATAR.INVALID': {
    id: 'widget.checker.AVATAR.INVALID',
    defaultMessage: '“{value}” is not an http(s) address; it is ignored.',
  },
  'ATTRIBUTES.OK': {
    id: 'widget.checker.ATTRIBUTES.OK',
    defaultMessage:
      '{value, plural, one {# attribute} other {# attributes}}, stored with the user.',
  },
  'ATTRIBUTES.ABSENT': {
    id: 'widget.checker.ATTRIBUTES.ABSENT',
    defaultMessage: 'No attributes (optional).',
  },
  'ATTRIBUTES.INVALID': {
    id: 'widget.checker.ATTRIBUTES.INVALID',
    defaultMessage: 'The token is refused: {value}',
  },
  'COMPANIES.OK': {
    id: 'widget.checker.COMPANIES.OK',
    defaultMessage:
      '{value, plural, one {# customer company} other {# customer companies}}, stored and linked to the user.',
  },
  'COMPANIES.ABSENT': {
    id: 'widget.checker.COMPANIES.ABSENT',
    defaultMessage: 'No customer companies (optional).',
  },
  'COMPANIES.INVALID': {
    id: 'widget.checker.COMPANIES.INVALID',
    defaultMessage: 'The token is refused: {value}',
  },
  NOT_CHECKED: {
    id: 'widget.checker.NOT_CHECKED',
    defaultMessage: 'Not checked: an earlier check failed.',
  },
});

export type TFindingKey = keyof typeof findingMessages;

export const signInMessages = defineMessages({
  title: { id: 'widget.signIn.title', defaultMessage: 'Who may sign up' },
  intro: {
    id: 'widget.signIn.intro',
    defaultMessage:
      'For every board and the portal of your company. Your team always signs in here, in the console.',
  },
  policy: { id: 'widget.signIn.policy', defaultMessage: 'Sign-up through the widget and portal' },
  policyAnyone: {
    id: 'widget.signIn.policy.anyone',
    defaultMessage: 'Anyone with an email address',
  },
  policyDomains: {
    id: 'widget.signIn.policy.domains',
    defaultMessage: 'Only confirmed addresses of the domains listed below',
  },
  policySsoOnly: {
    id: 'widget.signIn.policy.ssoOnly',
    defaultMessage: 'Only people your site signs in (SSO)',
  },
  domains: { id: 'widget.signIn.domains', defaultMessage: 'Email domains' },
  domainsHint: {
    id: 'widget.signIn.domainsHint',
    defaultMessage:
      'One per line, such as example.com. People with these addresses vote and comment once they confirm them.',
  },
  trustEmails: {
    id: 'widget.signIn.trustEmails',
    defaultMessage: 'Trust the email addresses in our SSO tokens',
  },
  trustEmailsHint: {
    id: 'widget.signIn.trustEmailsHint',
    defaultMessage:
      'Only if your sign-in proves every address it puts in a token. Otherwise an address counts as confirmed only when the token says email_verified: true.',
  },
});
