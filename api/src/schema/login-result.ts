import type { TCompanyChoice, TLogInResult } from '../services/account/log-in.ts';
import { builder } from './builder.ts';
import { SecondFactorChallengeType } from './second-factor-challenge.ts';

const LoginCompanyType = builder.objectRef<TCompanyChoice>('LoginCompany').implement({
  description: 'A company whose team account of the address the password opened.',
  fields: (t) => ({
    name: t.exposeString('name', { description: "The company's name." }),
    slug: t.exposeString('slug', {
      description: 'Send it as `companySlug` to `login` to sign in to this company.',
    }),
  }),
});

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
    companies: t.field({
      type: [LoginCompanyType],
      nullable: true,
      description:
        'Set (with no token and no challenge) when the password opens team accounts of several companies and no `companySlug` was given: the companies whose account it opened, for the person to choose one and sign in again with its slug.',
      resolve: (result) => ('companies' in result ? result.companies : null),
    }),
  }),
});
