import { signOutOtherSessions } from '../services/account/sign-out-other-sessions.ts';
import { setRequireTwoFactor } from '../services/company/set-require-two-factor.ts';
import { confirmTwoFactorEnrolment } from '../services/two-factor/confirm-two-factor-enrolment.ts';
import { disableTwoFactor } from '../services/two-factor/disable-two-factor.ts';
import { logInSecondFactor } from '../services/two-factor/log-in-second-factor.ts';
import { replaceRecoveryCodes } from '../services/two-factor/replace-recovery-codes.ts';
import { startTwoFactorEnrolment } from '../services/two-factor/start-two-factor-enrolment.ts';
import { builder } from './builder.ts';
import { CompanyType } from './company.ts';
import { TwoFactorEnabledType } from './two-factor-enabled.ts';
import { TwoFactorEnrolmentType } from './two-factor-enrolment.ts';

const SessionTokenType = builder.objectRef<{ token: string }>('SecondFactorSession').implement({
  description:
    'The second sign-in step passed: a bearer token for `Authorization: Bearer <token>`.',
  fields: (t) => ({ token: t.exposeString('token', { description: 'The session token.' }) }),
});

const SignedOutType = builder.objectRef<{ signedOut: number }>('OtherSessionsSignedOut').implement({
  description: 'Every other session of the user is signed out.',
  fields: (t) => ({
    signedOut: t.exposeInt('signedOut', { description: 'How many sessions were signed out.' }),
  }),
});

const TwoFactorDisabledType = builder.objectRef<{ enabled: false }>('TwoFactorDisabled').implement({
  description: 'Two-factor sign-in is off; the recovery codes are gone.',
  fields: (t) => ({ enabled: t.exposeBoolean('enabled', { description: 'Always false.' }) }),
});

const RecoveryCodesType = builder
  .objectRef<{ recoveryCodes: string[] }>('RecoveryCodes')
  .implement({
    description: 'New recovery codes; the ones before them stopped working.',
    fields: (t) => ({
      recoveryCodes: t.exposeStringList('recoveryCodes', {
        description:
          'Ten one-use codes that stand in for the app. Shown this once; only hashes are kept.',
      }),
    }),
  });

builder.objectField(CompanyType, 'requireTwoFactor', (t) =>
  t.exposeBoolean('requireTwoFactor', {
    description:
      'Every team member (owners, admins and members) must sign in with a second factor; those without one set it up at their next sign-in (or when accepting an invitation).',
  }),
);

const withErrors = { errors: {} };

builder.mutationFields((t) => ({
  loginSecondFactor: t.field({
    type: SessionTokenType,
    ...withErrors,
    description:
      'The second sign-in step: the challenge `login` answered and a current code from the authenticator app (or a recovery code, each usable once) give a session token. A code is refused when it was used already; attempts are rate-limited like sign-in.',
    args: {
      challenge: t.arg.string({ required: true, description: 'The challenge `login` answered.' }),
      code: t.arg.string({
        required: true,
        description: 'The six-digit code, or a recovery code (xxxxx-xxxxx).',
      }),
    },
    resolve: (_root, args, context) => logInSecondFactor(context.deps, args, context.client),
  }),
  startTwoFactorEnrolment: t.field({
    type: TwoFactorEnrolmentType,
    ...withErrors,
    description:
      'Starts setting up two-factor sign-in: a new TOTP secret, its otpauth URI and QR code. Signed in with a session, or with the challenge of a sign-in whose company requires it (`enrolmentRequired`).',
    args: {
      challenge: t.arg.string({
        description: 'The challenge of a sign-in that must enrol; absent when signed in.',
      }),
    },
    resolve: (_root, args, context) => startTwoFactorEnrolment(context.deps, context.viewer, args),
  }),
  confirmTwoFactorEnrolment: t.field({
    type: TwoFactorEnabledType,
    ...withErrors,
    description:
      'Turns two-factor sign-in on with the first code of the new secret and the password (or the challenge of a required enrolment at sign-in, which then answers the session token). Answers ten recovery codes, shown this once.',
    args: {
      code: t.arg.string({ required: true, description: 'The current six-digit code.' }),
      password: t.arg.string({ description: "The account's password (when signed in)." }),
      challenge: t.arg.string({
        description: 'The challenge of a sign-in that must enrol; absent when signed in.',
      }),
    },
    resolve: (_root, args, context) =>
      confirmTwoFactorEnrolment(context.deps, context.viewer, args, context.client),
  }),
  disableTwoFactor: t.field({
    type: TwoFactorDisabledType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Turns two-factor sign-in off with the password and a current code from the authenticator app or an unused recovery code (used up). Refused (FORBIDDEN) for an owner or admin whose company requires it.',
    args: {
      password: t.arg.string({ required: true, description: "The account's password." }),
      // Checked by the service, so that a missing code is a field message like any other.
      code: t.arg.string({
        description:
          'Required: a current six-digit code from the app, or a recovery code (xxxxx-xxxxx).',
      }),
    },
    resolve: async (_root, args, context) => {
      await disableTwoFactor(context.deps, context.viewer, args, context.client);
      return { enabled: false as const };
    },
  }),
  replaceRecoveryCodes: t.field({
    type: RecoveryCodesType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Replaces the recovery codes with ten new ones, with the password and a current code from the authenticator app; the old codes stop working. Answers the new codes, shown this once.',
    args: {
      password: t.arg.string({ required: true, description: "The account's password." }),
      code: t.arg.string({
        required: true,
        description: 'A current code from the authenticator app (not a recovery code).',
      }),
    },
    resolve: async (_root, args, context) => ({
      recoveryCodes: await replaceRecoveryCodes(context.deps, context.viewer, args, context.client),
    }),
  }),
  signOutOtherSessions: t.field({
    type: SignedOutType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Signs out everywhere else: every session of the signed-in user but this one stops working.',
    resolve: (_root, _args, context) => signOutOtherSessions(context.deps, context.viewer),
  }),
  setRequireTwoFactor: t.field({
    type: CompanyType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Requires (or stops requiring) two-factor sign-in of the company's whole team: owners, admins and members (members read private boards). The owner only, signed in, with two-factor sign-in on for their own account first (CONFLICT otherwise).",
    args: {
      required: t.arg.boolean({ required: true, description: 'Whether it is required.' }),
    },
    resolve: (_root, args, context) => setRequireTwoFactor(context.deps, context.viewer, args),
  }),
}));
