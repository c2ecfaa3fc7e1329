import { PASSWORD_LIMITS } from '../../../api/src/contract/limits.ts';
import { defineMessages } from '../i18n/define-messages.ts';

export { PASSWORD_LIMITS };

/**
 * The password rule as the forms that choose a password (sign-up, reset, change) say it beside
 * the field, before the first try: the spec's lengths, from the limits the server checks.
 */
export const passwordRuleMessages = defineMessages({
  rule: { id: 'password.rule', defaultMessage: '{min} to {max} characters.' },
});
