import { logIn } from '../services/account/log-in.ts';
import { logOut } from '../services/account/log-out.ts';
import {
  checkResetToken,
  sendResetLink,
  setNewPassword,
} from '../services/account/password-recovery.ts';
import { registerAccount } from '../services/account/register-account.ts';
import { resendEmailConfirmation } from '../services/account/send-email-confirmation.ts';
import { setLanguage } from '../services/account/set-language.ts';
import { setNewIdeaMail } from '../services/notification/new-idea-mail.ts';
import { setMentionPreference } from '../services/notification/set-mention-preference.ts';
import { setNotificationPreference } from '../services/notification/set-notification-preference.ts';
import { builder } from './builder.ts';
import { LoginResultType } from './login-result.ts';
import { NewIdeaMailEnum, NotificationPreferenceEnum } from './user.ts';

const DonePayload = builder.objectRef<{ done: true }>('Done').implement({
  description: 'The operation succeeded and has nothing else to answer.',
  fields: (t) => ({ done: t.exposeBoolean('done', { description: 'Always true.' }) }),
});

const LanguagePayload = builder.objectRef<{ language: string }>('LanguageChange').implement({
  description: 'The stored interface language.',
  fields: (t) => ({
    language: t.exposeString('language', { description: 'The language: en-US or pl-PL.' }),
  }),
});

const NotificationsPayload = builder
  .objectRef<{ notifications: 'ALL' | 'MY_IDEAS' | 'NONE' }>('NotificationPreferenceChange')
  .implement({
    description: 'The stored notification preference.',
    fields: (t) => ({
      notifications: t.expose('notifications', {
        type: NotificationPreferenceEnum,
        description: 'ALL, MY_IDEAS or NONE.',
      }),
    }),
  });

const NewIdeaMailPayload = builder
  .objectRef<{ newIdeaMail: 'EACH' | 'DIGEST' | 'NONE' }>('NewIdeaMailChange')
  .implement({
    description: 'The stored new-idea mail preference.',
    fields: (t) => ({
      newIdeaMail: t.expose('newIdeaMail', {
        type: NewIdeaMailEnum,
        description: 'EACH, DIGEST or NONE.',
      }),
    }),
  });

const MentionPreferencePayload = builder
  .objectRef<{ notifyMentions: boolean }>('MentionPreferenceChange')
  .implement({
    description: 'The stored mention-mail preference.',
    fields: (t) => ({
      notifyMentions: t.exposeBoolean('notifyMentions', {
        description: 'Whether a mention is mailed.',
      }),
    }),
  });

const EmailConfirmationPayload = builder
  .objectRef<{ email: string }>('EmailConfirmationSent')
  .implement({
    description: 'A confirmation link is on its way.',
    fields: (t) => ({
      email: t.exposeString('email', { description: 'The address the link was mailed to.' }),
    }),
  });

const NewPasswordTokenPayload = builder
  .objectRef<{ newPasswordToken: string; email: string }>('NewPasswordToken')
  .implement({
    description: 'A single-use token for setNewPassword, valid for one hour.',
    fields: (t) => ({
      newPasswordToken: t.exposeString('newPasswordToken', { description: 'The token.' }),
      email: t.exposeString('email', {
        description: 'The address of the account the token resets (the link does not carry it).',
      }),
    }),
  });

const RegistrationStatusEnum = builder.enumType('RegistrationStatus', {
  description: 'What a sign-up did.',
  values: {
    CREATED: { description: 'The company and its owner exist; `token` is their session.' },
    CHECK_INBOX: {
      description:
        'No longer answered: every sign-up creates a company (one address may be on several teams). Kept so that clients which handle it still parse.',
      deprecationReason: 'Every sign-up answers CREATED with a token.',
    },
  } as const,
});

const RegistrationPayload = builder
  .objectRef<{ status: 'CREATED' | 'CHECK_INBOX'; token: string | null }>('Registration')
  .implement({
    description: 'What a sign-up answers: CREATED and the new owner’s session token.',
    fields: (t) => ({
      status: t.expose('status', { type: RegistrationStatusEnum, description: 'What happened.' }),
      token: t.exposeString('token', {
        nullable: true,
        description: 'The new owner’s session token (never null since CHECK_INBOX went).',
      }),
    }),
  });

const withErrors = { errors: {} };

builder.mutationFields((t) => ({
  register: t.field({
    type: RegistrationPayload,
    ...withErrors,
    description:
      "Signs up: creates a company (on the server's default plan, no boards yet), its owner, and a session, and mails the owner a link to confirm their address. Fields: email and password 6 to 50 characters; company name optional, 6 to 50. Every address gets a company and a token, also one on other companies' teams already (each account has its own password; signing in then asks which company), so nobody learns which addresses have accounts; such an address is mailed that a new company was made with it.",
    args: {
      email: t.arg.string({
        required: true,
        description: "The new owner's email address, also the login (unique).",
      }),
      password: t.arg.string({ required: true, description: 'The password, 6 to 50 characters.' }),
      company: t.arg.string({ description: 'Company name; derived from the email when absent.' }),
      displayName: t.arg.string({
        description:
          "The owner's name as the team sees it, 2 to 50 characters; the part of the email before @ when absent.",
      }),
      ref: t.arg.string({ description: 'Referral code from /signup/{ref}.' }),
      language: t.arg.string({
        description:
          'The language of the account and of its confirmation mail: en-US or pl-PL (en-US when absent).',
      }),
    },
    resolve: async (_root, args, context) => {
      const result = await registerAccount(context.deps, args, context.client);
      return { status: result.status, token: result.token };
    },
  }),
  login: t.field({
    type: LoginResultType,
    ...withErrors,
    description:
      'Signs in with email and password; answers a new session token, or, for an account with two-factor sign-in (or one whose company requires it), a challenge for loginSecondFactor in `secondFactor`, or, when the password opens team accounts of several companies and no `companySlug` was given, those companies in `companies` (sign in again with one of their slugs).',
    args: {
      email: t.arg.string({ required: true, description: "The account's email address." }),
      password: t.arg.string({ required: true, description: "The account's password." }),
      companySlug: t.arg.string({
        description:
          "Sign in to this company's team account of the address only (a slug from `companies` of an earlier answer). Absent: every team account of the address is tried.",
      }),
    },
    resolve: (_root, args, context) => logIn(context.deps, args, context.client),
  }),
  logout: t.field({
    type: DonePayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Revokes the session token this request was made with.',
    resolve: async (_root, _args, context) => {
      await logOut(context.deps, context.viewer);
      return { done: true as const };
    },
  }),
  setLanguage: t.field({
    type: LanguagePayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description: "Stores the signed-in user's interface language (en-US or pl-PL).",
    args: { language: t.arg.string({ required: true, description: '`en-US` or `pl-PL`.' }) },
    resolve: (_root, args, context) => setLanguage(context.deps, context.viewer, args),
  }),
  setNotificationPreference: t.field({
    type: NotificationsPayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Stores which notification mails the signed-in user (regular or SSO) gets: ALL, MY_IDEAS (only about ideas they submitted) or NONE.',
    args: {
      notifications: t.arg({
        type: NotificationPreferenceEnum,
        required: true,
        description: 'Which mails to get from now on.',
      }),
    },
    resolve: (_root, args, context) =>
      setNotificationPreference(context.deps, context.viewer, args),
  }),
  setNewIdeaMail: t.field({
    type: NewIdeaMailPayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Stores how the signed-in team member hears of new ideas by mail: EACH (a mail per idea), DIGEST (one a day) or NONE; the console's notifications list new ideas either way. End users are refused (FORBIDDEN).",
    args: {
      newIdeaMail: t.arg({
        type: NewIdeaMailEnum,
        required: true,
        description: 'Which mail to get from now on.',
      }),
    },
    resolve: (_root, args, context) => setNewIdeaMail(context.deps, context.viewer, args),
  }),
  setMentionPreference: t.field({
    type: MentionPreferencePayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Stores whether the signed-in user gets a mail when someone mentions them (`@name`); the in-console notification list gets mentions either way.',
    args: {
      notifyMentions: t.arg.boolean({ required: true, description: 'Mail mentions from now on.' }),
    },
    resolve: (_root, args, context) => setMentionPreference(context.deps, context.viewer, args),
  }),
  resendEmailConfirmation: t.field({
    type: EmailConfirmationPayload,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Mails the signed-in user a new link to confirm their email address (no notification mail goes to it until then). Limited per address; CONFLICT when there is no email or it is confirmed already.',
    resolve: (_root, _args, context) =>
      resendEmailConfirmation(context.deps, context.viewer, context.client),
  }),
  sendPasswordResetLink: t.field({
    type: DonePayload,
    ...withErrors,
    description:
      "Mails a password reset link if the email has an account. Answers the same either way (past the per-address limits too: then nothing is mailed). Without `boardHash`, a team account's (the console); with it, only the account of that address in the board's company (a widget or portal).",
    args: {
      email: t.arg.string({
        required: true,
        description: 'The email address of the account to reset.',
      }),
      boardHash: t.arg.string({
        description:
          "The board hash of the widget or portal asking: resets that company's account of the address only.",
      }),
    },
    resolve: async (_root, args, context) => {
      await sendResetLink(
        context.deps,
        { email: args.email },
        context.client,
        args.boardHash ? { boardHash: args.boardHash } : undefined,
      );
      return { done: true as const };
    },
  }),
  checkPasswordResetToken: t.field({
    type: NewPasswordTokenPayload,
    ...withErrors,
    description: 'Exchanges the mailed token (single use) for a new-password token.',
    args: {
      email: t.arg.string({
        required: false,
        description:
          'Not needed: the token names its account. Links mailed before issue 34 carry the address; if sent, it must be the account’s.',
      }),
      token: t.arg.string({
        required: true,
        description: 'The single-use token from the mailed link.',
      }),
    },
    resolve: (_root, args, context) =>
      checkResetToken(context.deps, { ...args, email: args.email ?? undefined }, context.client),
  }),
  setNewPassword: t.field({
    type: DonePayload,
    ...withErrors,
    description: 'Sets a new password with a new-password token and signs out every session.',
    args: {
      email: t.arg.string({
        required: false,
        description: 'Not needed: the token names its account. If sent, it must be the account’s.',
      }),
      newPasswordToken: t.arg.string({
        required: true,
        description: 'The token `checkPasswordResetToken` answered.',
      }),
      password: t.arg.string({
        required: true,
        description: 'The new password, 6 to 50 characters.',
      }),
    },
    resolve: async (_root, args, context) => {
      await setNewPassword(
        context.deps,
        { ...args, email: args.email ?? undefined },
        context.client,
      );
      return { done: true as const };
    },
  }),
}));
