import { builder } from './builder.ts';

export const TwoFactorEnabledType = builder
  .objectRef<{ recoveryCodes: string[]; token: string | null }>('TwoFactorEnabled')
  .implement({
    description: 'Two-factor sign-in is on.',
    fields: (t) => ({
      recoveryCodes: t.exposeStringList('recoveryCodes', {
        description:
          'Ten one-use codes that stand in for the app (a lost phone). Shown this once; only hashes are kept.',
      }),
      token: t.exposeString('token', {
        nullable: true,
        description:
          'A session token when the enrolment finished a sign-in (a challenge was sent); null otherwise.',
      }),
    }),
  });
