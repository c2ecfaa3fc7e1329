import type { TSecondFactorChallenge } from '../services/two-factor/login-challenge.ts';
import { builder } from './builder.ts';

export const SecondFactorChallengeType = builder
  .objectRef<TSecondFactorChallenge>('SecondFactorChallenge')
  .implement({
    description:
      'The password was right and a second factor is due: send `challenge` with a code to `loginSecondFactor` (or, when `enrolmentRequired`, set two-factor sign-in up with it first).',
    fields: (t) => ({
      challenge: t.exposeString('challenge', {
        description: 'A one-use token, valid for five minutes.',
      }),
      expiresAt: t.expose('expiresAt', {
        type: 'DateTime',
        description: 'When the challenge stops working (sign in again after it).',
      }),
      enrolmentRequired: t.exposeBoolean('enrolmentRequired', {
        description:
          'The company requires two-factor sign-in of its owners and admins and this account has none yet: call startTwoFactorEnrolment and confirmTwoFactorEnrolment with the challenge; the latter answers the session.',
      }),
    }),
  });
