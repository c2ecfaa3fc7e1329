import { AppError } from '../../errors.ts';
import { inspectSsoToken } from './inspect-sso-token.ts';
import type { TSsoClaims, TSsoPolicy } from './sso-checks.ts';

export type { TSsoClaims, TSsoPolicy } from './sso-checks.ts';

/**
 * A refused token: 401 with the reason in `fields` (for the customer's developer), never the
 * token itself. The widget shows its visitors a plain sentence of its own instead; the admin
 * sees every check in the widget tab's token checker (checkSsoToken).
 */
export const refusedToken = (reason: string) =>
  new AppError('UNAUTHENTICATED', `The single sign-on token was refused: ${reason}`, [
    { field: 'token', message: reason },
  ]);

/**
 * Checks an SSO token with the company's secret and rules (inspectSsoToken) and answers the
 * user it names. Throws `refusedToken` with the reason of the first failed check.
 */
export function verifySsoToken(
  token: unknown,
  secret: string,
  policy: TSsoPolicy,
  now = new Date(),
): TSsoClaims {
  const { checks, failure, claims } = inspectSsoToken(token, secret, policy, now);
  if (failure || !claims) {
    const failed = new Set(checks.filter((c) => c.status === 'FAILED').map((c) => c.check));
    // Both required claims wrong: one sentence names both.
    if (failure?.check === 'ID' && failed.has('NAME')) {
      throw refusedToken('the claim id and name is missing or not valid.');
    }
    throw refusedToken(failure?.message ?? 'it could not be checked.');
  }
  return claims;
}
