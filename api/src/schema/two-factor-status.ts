import { getTwoFactorStatus } from '../services/two-factor/get-two-factor-status.ts';
import type { TTwoFactorStatus } from '../services/two-factor/get-two-factor-status.ts';
import { requireAccountConsole } from '../viewer.ts';
import { builder } from './builder.ts';
import { ViewerType } from './viewer.ts';

const TwoFactorStatusType = builder.objectRef<TTwoFactorStatus>('TwoFactorStatus').implement({
  description: "The signed-in user's two-factor sign-in.",
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', {
      description: 'A code is asked after the password at sign-in.',
    }),
    enabledAt: t.expose('enabledAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was turned on.',
    }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft', {
      description: 'Recovery codes not used yet.',
    }),
    requiredByCompany: t.exposeBoolean('requiredByCompany', {
      description:
        'The company requires it of this user (an owner or admin): it cannot be turned off.',
    }),
  }),
});

builder.objectField(ViewerType, 'twoFactor', (t) =>
  t.field({
    type: TwoFactorStatusType,
    description: "The signed-in user's two-factor sign-in.",
    resolve: (_viewer, _args, context) =>
      getTwoFactorStatus(context.deps, requireAccountConsole(context.viewer).userId),
  }),
);
