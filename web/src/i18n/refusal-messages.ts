import { defineMessages } from './define-messages.ts';

/**
 * Each refusal the console can meet, by its AppError code (schema.graphql's ErrorCode; FORBIDDEN's
 * is refusalMessages.forbidden), for the catalogues: `npm run i18n:extract` reads them here. No
 * screen imports this module: a Polish console reads the texts from its catalogue by id
 * (common-messages.ts's errorCodeMessage), and an English one shows the server's own words,
 * so the English texts stay out of the sign-in page's and the shell's budgets.
 */
export const errorCodeMessages = defineMessages({
  BAD_REQUEST: {
    id: 'refusal.BAD_REQUEST',
    defaultMessage: 'The request could not be understood. Reload the page and try again.',
  },
  CONFLICT: {
    id: 'refusal.CONFLICT',
    defaultMessage:
      'This conflicts with what is saved now (for example, the name is taken). Reload the page and check.',
  },
  EMAIL_NOT_CONFIRMED: {
    id: 'refusal.EMAIL_NOT_CONFIRMED',
    defaultMessage: 'Confirm your email address first: open the link we sent you.',
  },
  INVALID_CREDENTIALS: {
    id: 'refusal.INVALID_CREDENTIALS',
    defaultMessage: 'The email and password (or the code) do not match.',
  },
  INVALID_TOKEN: {
    id: 'refusal.INVALID_TOKEN',
    defaultMessage: 'This link or code is not valid: it was used already or has expired.',
  },
  NOT_FOUND: {
    id: 'refusal.NOT_FOUND',
    defaultMessage: 'It was not found: it may have been removed. Reload the page.',
  },
  PAYLOAD_TOO_LARGE: {
    id: 'refusal.PAYLOAD_TOO_LARGE',
    defaultMessage: 'This is too large to send.',
  },
  PAYMENTS_NOT_CONFIGURED: {
    id: 'refusal.PAYMENTS_NOT_CONFIGURED',
    defaultMessage: 'Payments are not set up on this server.',
  },
  PAYMENT_REQUIRED: {
    id: 'refusal.PAYMENT_REQUIRED',
    defaultMessage: 'Your company’s plan does not include this.',
  },
  PLAN_LIMIT: {
    id: 'refusal.PLAN_LIMIT',
    defaultMessage: 'Your company’s plan does not allow more of this: upgrade the plan.',
  },
  RATE_LIMITED: {
    id: 'refusal.RATE_LIMITED',
    defaultMessage: 'Too many attempts: wait a moment and try again.',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    id: 'refusal.TWO_FACTOR_ENROLMENT_REQUIRED',
    defaultMessage: 'Your company requires two-factor sign-in: set it up first.',
  },
  UNAUTHENTICATED: { id: 'refusal.UNAUTHENTICATED', defaultMessage: 'Sign in to continue.' },
  UNAVAILABLE: {
    id: 'refusal.UNAVAILABLE',
    defaultMessage: 'The server cannot do this right now. Please try again shortly.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    id: 'refusal.UNSUPPORTED_MEDIA_TYPE',
    defaultMessage: 'This kind of file is not accepted.',
  },
  USER_BLOCKED: {
    id: 'refusal.USER_BLOCKED',
    defaultMessage: 'This account is blocked: it can read, but not vote, comment or add ideas.',
  },
  VALIDATION: { id: 'refusal.VALIDATION', defaultMessage: 'Some fields are not valid.' },
});
