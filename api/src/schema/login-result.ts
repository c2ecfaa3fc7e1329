import type { TLogInResult } from '../services/account/log-in.ts';
import { builder } from './builder.ts';
import { SecondFactorChallengeType } from './second-factor-challenge.ts';

export const LoginResultType = builder.objectRef<TLogInResult>('LoginResult').implement({
  description:
    'What a sign-in answers: a session token, or (for accounts with two-factor sign-in) a challenge for the second step.',
  fields: (t) => ({
    token: t.string({
      nullable: true,
      description:
        'The session token (`Authorization: Bearer <token>`); null when a second factor is due.',
      resolve: (result) => ('token' in result ? result.token : null),
    }),
    secondFactor: t.field({
      type: SecondFactorChallengeType,
      nullable: true,
      description: 'Set when a second factor is due instead of the token.',
      resolve: (result) => ('secondFactor' in result ? result.secondFactor : null),
    }),
  }),
});
