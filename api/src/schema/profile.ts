import { changePassword } from '../services/account/change-password.ts';
import { updateProfile } from '../services/account/update-profile.ts';
import { builder } from './builder.ts';
import { UserType } from './user.ts';

const PasswordChangeType = builder
  .objectRef<{ signedOutSessions: number }>('PasswordChange')
  .implement({
    description: 'The password was changed; the other sessions of the account are signed out.',
    fields: (t) => ({
      signedOutSessions: t.exposeInt('signedOutSessions', {
        description: 'How many other sessions were signed out.',
      }),
    }),
  });

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: UserType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Changes the caller’s own display name (2 to 50 characters) and avatar (an http:// or https:// address, at most 1,000 characters; null or blank removes it). An argument left out stays as it is. SSO users’ name and picture come from their company’s sign-in (CONFLICT).',
    args: {
      displayName: t.arg.string({ required: false, description: 'The name shown on ideas.' }),
      avatarUrl: t.arg.string({
        required: false,
        description: 'The picture’s http(s) address; null or blank removes it.',
      }),
    },
    resolve: (_root, args, context) => updateProfile(context.deps, context.viewer, args),
  }),
  changePassword: t.field({
    type: PasswordChangeType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Changes the caller’s password: `currentPassword` must be the one in force (a VALIDATION error on that field otherwise), `newPassword` 6 to 50 characters and different. Every other session of the account is signed out; this one stays. Not for API keys or SSO users.',
    args: {
      currentPassword: t.arg.string({ required: true, description: 'The password in force.' }),
      newPassword: t.arg.string({ required: true, description: 'The new password, 6 to 50.' }),
    },
    resolve: (_root, args, context) => changePassword(context.deps, context.viewer, args),
  }),
}));
