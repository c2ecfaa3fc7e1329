import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { ZPasswordChange, changePassword } from '../services/account/change-password.ts';
import { getProfile } from '../services/account/get-profile.ts';
import { ZProfileUpdate, updateProfile } from '../services/account/update-profile.ts';
import { ZCredentials, logIn } from '../services/account/log-in.ts';
import { logOut } from '../services/account/log-out.ts';
import {
  RESET_LINK_ANSWER,
  ZCheckToken,
  ZNewPassword,
  ZSendLink,
  checkResetToken,
  sendResetLink,
  setNewPassword,
} from '../services/account/password-recovery.ts';
import { ZRegistration, registerAccount } from '../services/account/register-account.ts';
import { resendEmailConfirmation } from '../services/account/send-email-confirmation.ts';
import {
  PRIVACY_REQUEST_KINDS,
  ZPrivacyRequest,
  requestPrivacy,
} from '../services/privacy/privacy-requests.ts';
import { ZSetLanguage, setLanguage } from '../services/account/set-language.ts';
import { getCompany } from '../services/company/get-company.ts';
import { rotateCompanySecret } from '../services/company/rotate-company-secret.ts';
import { sendTestEmail } from '../services/mail/send-test-email.ts';
import {
  ZNotificationPreference,
  ZSetNotifications,
  setNotificationPreference,
} from '../services/notification/set-notification-preference.ts';
import { ZSecondFactor, logInSecondFactor } from '../services/two-factor/log-in-second-factor.ts';
import { clientOfRequest, readJson } from './http.ts';
import { emptyRoute, jsonRoute } from './route.ts';
import type { TRestRoute } from './route.ts';

const ZToken = z.object({ token: z.string().meta({ description: 'The bearer token.' }) });
const ZMessage = z.object({ message: z.string() });

// The spec's `{token}` for accounts without two-factor sign-in; `secondFactor` instead of it
// when a code is due (the token then comes from /login/second-factor).
const ZLoginAnswer = z
  .object({
    token: z.string().optional().meta({
      description: 'The bearer token; absent when a second factor is due (see `secondFactor`).',
    }),
    secondFactor: z
      .object({
        challenge: z.string().meta({
          description: 'One-use token for POST /login/second-factor, valid five minutes.',
        }),
        expiresAt: z.string().meta({ description: 'When the challenge stops working (ISO 8601).' }),
        enrolmentRequired: z.boolean().meta({
          description:
            'The company requires two-factor sign-in of its team (owners, admins, members) and this account has none: set it up in the console first.',
        }),
      })
      .optional()
      .meta({ description: 'Set instead of `token` for accounts with two-factor sign-in.' }),
    companies: z
      .array(
        z
          .object({
            name: z.string().meta({ description: "The company's name." }),
            slug: z.string().meta({ description: 'Send it as `companySlug` to sign in there.' }),
          })
          .meta({ id: 'LoginCompany' }),
      )
      .optional()
      .meta({
        description:
          'Set instead of `token` when the password opens team accounts of several companies and no `companySlug` was sent: the companies whose account it opened. Sign in again with one of their slugs.',
      }),
  })
  .meta({ id: 'LoginAnswer' });

const ZProfileJson = z
  .object({
    id: z.number().int(),
    login: z.string(),
    email: z.string().nullable(),
    language: z.string(),
    notifications: ZNotificationPreference,
    emailConfirmed: z.boolean().meta({
      description:
        'Whether the owner of `email` confirmed it (the mailed link) or the company’s SSO token carried it. Notification mail goes only to confirmed addresses.',
    }),
  })
  .meta({ id: 'Profile' });

const ZMeJson = ZProfileJson.extend({
  displayName: z.string(),
  kind: z.enum(['REGULAR', 'SSO']),
  role: z.enum(['OWNER', 'ADMIN', 'MEMBER']).meta({
    description:
      'The role as the spec’s clients read it: OWNER, ADMIN, or MEMBER for everyone else (team members and end users alike). `teamRole` tells them apart.',
  }),
  teamRole: z.enum(['OWNER', 'ADMIN', 'MEMBER']).nullable().meta({
    description:
      'The role in the company’s team; null for end users (not on the team) and for any widget or portal session (END_USER-scoped), a team member’s included.',
  }),
  companyId: z.number().int(),
  avatarUrl: z.string().nullable(),
}).meta({ id: 'Me' });

const ZCompanyJson = z
  .object({
    companyId: z.number().int(),
    companyName: z.string(),
    companySecret: z.string().meta({ description: 'HS256 secret for widget SSO tokens.' }),
    slug: z.string(),
  })
  .meta({ id: 'Company' });

const tag = 'Accounts';

/** Sign-up, sign-in, password recovery (public) and the signed-in user's own records. */
export function accountRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'post',
      path: '/registrations',
      operationId: 'createRegistration',
      tag,
      summary: 'Sign up: creates a company and its owner; answers a session token',
      description:
        'Every address gets a new company and its session, also one that is on other companies’ teams already (each account has its own password; signing in then asks which company), so the answer never tells which addresses have accounts. Such an address is also mailed that a new company was made with it (a few times an hour at most).',
      auth: 'none',
      request: { body: ZRegistration },
      errors: [429],
      status: 201,
      response: ZToken,
      handle: async (c) => {
        const result = await registerAccount(deps, await readJson(c), clientOfRequest(deps, c));
        return { token: result.token };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/login',
      operationId: 'logIn',
      tag,
      summary:
        'Sign in with email and password: a token, or a second-factor challenge for accounts with two-factor sign-in',
      auth: 'none',
      request: { body: ZCredentials },
      errors: [429],
      response: ZLoginAnswer,
      handle: async (c) => {
        const result = await logIn(deps, await readJson(c), clientOfRequest(deps, c));
        if ('token' in result) return { token: result.token };
        if ('companies' in result) return { companies: result.companies };
        const { challenge, expiresAt, enrolmentRequired } = result.secondFactor;
        return {
          secondFactor: { challenge, expiresAt: expiresAt.toISOString(), enrolmentRequired },
        };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/login/second-factor',
      operationId: 'logInWithSecondFactor',
      tag,
      summary:
        'Second sign-in step: the challenge from /login and a current authenticator code (or a one-use recovery code) give the session token',
      auth: 'none',
      request: { body: ZSecondFactor },
      errors: [403, 429],
      response: ZToken,
      handle: async (c) => logInSecondFactor(deps, await readJson(c), clientOfRequest(deps, c)),
    }),
    jsonRoute({
      method: 'post',
      path: '/password-recovery/send-link',
      operationId: 'sendPasswordRecoveryLink',
      tag,
      summary:
        'Mails a link to choose a new password of a team account (the answer never says whether it exists)',
      description:
        'For team accounts (the console); end users reset through their company’s widget or portal (POST /widget/boards/{hash}/password-recovery/send-link). Always 200 with the same body whether or not the account exists. Limited per source (429); per address and source, and per address a day, silently: the same 200 and no mail, so a stranger’s requests never use up the owner’s own.',
      auth: 'none',
      request: { body: ZSendLink },
      errors: [429],
      response: ZMessage,
      handle: async (c) => {
        await sendResetLink(deps, await readJson(c), clientOfRequest(deps, c));
        return { message: RESET_LINK_ANSWER };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/password-recovery/check-token',
      operationId: 'checkPasswordRecoveryToken',
      tag,
      summary: 'Exchanges the mailed token for a one-use newPasswordToken',
      auth: 'none',
      request: { body: ZCheckToken },
      errors: [429],
      response: z.object({ newPasswordToken: z.string() }),
      handle: async (c) => checkResetToken(deps, await readJson(c), clientOfRequest(deps, c)),
    }),
    jsonRoute({
      method: 'post',
      path: '/password-recovery/new-password',
      operationId: 'setNewPassword',
      tag,
      summary: 'Sets the new password and signs the user out everywhere',
      auth: 'none',
      request: { body: ZNewPassword },
      errors: [429],
      response: ZMessage,
      handle: async (c) => {
        await setNewPassword(deps, await readJson(c), clientOfRequest(deps, c));
        return { message: 'Your password has been changed. Sign in with the new one.' };
      },
    }),
    emptyRoute({
      method: 'post',
      path: '/logout',
      operationId: 'logOut',
      tag,
      summary: 'Ends the session of the token used',
      auth: 'signedIn',
      handle: async (c) => logOut(deps, c.get('viewer')),
    }),
    jsonRoute({
      method: 'get',
      path: '/me',
      operationId: 'getMe',
      tag,
      summary: 'The signed-in user',
      auth: 'signedIn',
      response: ZMeJson,
      handle: async (c) => {
        const profile = await getProfile(deps, c.get('viewer'));
        const teamRole = profile.role === 'END_USER' ? null : profile.role;
        return {
          ...profile,
          role: teamRole === 'OWNER' || teamRole === 'ADMIN' ? teamRole : ('MEMBER' as const),
          teamRole,
        };
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/profile',
      operationId: 'getProfile',
      tag,
      summary: 'The signed-in user’s profile',
      auth: 'signedIn',
      response: ZProfileJson,
      handle: async (c) => {
        const { id, login, email, language, notifications, emailConfirmed } = await getProfile(
          deps,
          c.get('viewer'),
        );
        return { id, login, email, language, notifications, emailConfirmed };
      },
    }),
    jsonRoute({
      method: 'put',
      path: '/profile',
      operationId: 'updateProfile',
      tag,
      summary: 'Changes the signed-in user’s display name and avatar',
      description:
        'displayName: 2 to 50 characters. avatarUrl: an http:// or https:// address of at most 1,000 characters; null or blank removes it. A field left out stays. SSO users’ name and picture come from their company’s sign-in: 409.',
      auth: 'signedIn',
      request: { body: ZProfileUpdate },
      errors: [409],
      response: z
        .object({ displayName: z.string(), avatarUrl: z.string().nullable() })
        .meta({ id: 'ProfileChange' }),
      handle: async (c) => {
        const user = await updateProfile(deps, c.get('viewer'), await readJson(c));
        return { displayName: user.displayName, avatarUrl: user.avatarUrl };
      },
    }),
    jsonRoute({
      method: 'put',
      path: '/profile/password',
      operationId: 'changePassword',
      tag,
      summary: 'Changes the signed-in user’s password; every other session is signed out',
      description:
        'currentPassword must be the password in force (400 with the field otherwise); newPassword 6 to 50 characters and different from it. The session making the change stays signed in. Attempts count against the sign-in limit (429). SSO users have no password: 409.',
      auth: 'signedIn',
      request: { body: ZPasswordChange },
      errors: [409, 429],
      response: z
        .object({
          signedOutSessions: z
            .number()
            .int()
            .meta({ description: 'How many other sessions were signed out.' }),
        })
        .meta({ id: 'PasswordChange' }),
      handle: async (c) => changePassword(deps, c.get('viewer'), await readJson(c)),
    }),
    jsonRoute({
      method: 'put',
      path: '/profile/language',
      operationId: 'setProfileLanguage',
      tag,
      summary: 'Sets the user’s language (en-US or pl-PL; en and pl are read as those)',
      auth: 'signedIn',
      request: { body: ZSetLanguage },
      response: z.object({ language: z.string() }),
      handle: async (c) => setLanguage(deps, c.get('viewer'), await readJson(c)),
    }),
    jsonRoute({
      method: 'put',
      path: '/profile/notifications',
      operationId: 'setNotificationPreference',
      tag,
      summary: 'Sets which notification mails the user gets: ALL, MY_IDEAS or NONE',
      description:
        'ALL (the default): status changes of ideas you submitted or voted for, releases shipping them, admins’ comments on your ideas and (admins) ideas awaiting acceptance. MY_IDEAS: only mails about ideas you submitted. NONE: no notification mail. Regular and SSO users alike.',
      auth: 'signedIn',
      request: { body: ZSetNotifications },
      response: z.object({ notifications: ZNotificationPreference }),
      handle: async (c) => setNotificationPreference(deps, c.get('viewer'), await readJson(c)),
    }),
    jsonRoute({
      method: 'post',
      path: '/profile/email-confirmation',
      operationId: 'sendEmailConfirmation',
      tag,
      summary: 'Mails a new link to confirm the signed-in user’s email address',
      description:
        'Until the address is confirmed no notification mail goes to it (SSO emails are confirmed by the company’s signed token). Limited per address (RATE_LIMIT_CONFIRM_EMAIL_*); 409 when there is no email or it is confirmed already.',
      auth: 'signedIn',
      errors: [409, 429],
      response: z.object({ email: z.string().meta({ description: 'Where the link went.' }) }),
      handle: async (c) => resendEmailConfirmation(deps, c.get('viewer'), clientOfRequest(deps, c)),
    }),
    jsonRoute({
      method: 'post',
      path: '/profile/privacy-requests',
      operationId: 'createPrivacyRequest',
      tag,
      summary: 'Asks for one’s own data (EXPORT) or erasure (ERASE); a one-use link is mailed',
      description:
        'For end users (owners and admins manage people from the console: 409). Nothing happens until the mailed link (24 hours, once) is opened and its button pressed: an export downloads everything stored about the person as JSON, an erasure deletes the account (the person chooses whether their ideas and comments stay without their name). 409 when the account has no email; limited per address like confirmation mails (429).',
      auth: 'signedIn',
      request: { body: ZPrivacyRequest },
      errors: [409, 429],
      status: 201,
      response: z.object({
        kind: z.enum(PRIVACY_REQUEST_KINDS),
        email: z.string().meta({ description: 'Where the link went.' }),
      }),
      handle: async (c) =>
        requestPrivacy(deps, c.get('viewer'), await readJson(c), clientOfRequest(deps, c)),
    }),
    jsonRoute({
      method: 'post',
      path: '/company/test-email',
      operationId: 'sendTestEmail',
      tag,
      summary: 'Sends a test email to the signed-in admin and answers the SMTP server’s reply',
      description:
        'Sent at once, outside the mail queue. `outcome` is SENT (with the server’s success line), FAILED (with its error) or NOT_CONFIGURED (SMTP_URL is unset: mail stays in the outbox). 403 `EMAIL_NOT_CONFIRMED` until the admin has confirmed their address; 429 past a few an hour per company and per address (RATE_LIMIT_TEST_EMAIL_*, RATE_LIMIT_MAIL_RECIPIENT_*).',
      auth: 'signedIn',
      errors: [403, 409, 429],
      response: z
        .object({
          outcome: z.enum(['SENT', 'FAILED', 'NOT_CONFIGURED']),
          response: z.string().meta({ description: 'The SMTP server’s exact answer.' }),
          to: z.string(),
        })
        .meta({ id: 'TestEmail' }),
      handle: async (c) => sendTestEmail(deps, c.get('viewer'), clientOfRequest(deps, c)),
    }),
    jsonRoute({
      method: 'get',
      path: '/company',
      operationId: 'getCompany',
      tag,
      summary: 'The signed-in admin’s company, with its SSO secret',
      auth: 'signedIn',
      errors: [403],
      response: ZCompanyJson,
      handle: async (c) => getCompany(deps, c.get('viewer')),
    }),
    jsonRoute({
      method: 'post',
      path: '/company/rotate-secret',
      operationId: 'rotateCompanySecret',
      tag,
      summary: 'Replaces the company’s SSO secret with a new one (owners and admins)',
      description:
        'Widget SSO tokens signed with the old secret are refused from now on; sessions already open stay. Answers the company with the new `companySecret`.',
      auth: 'signedIn',
      errors: [403],
      response: ZCompanyJson,
      handle: async (c) => {
        const company = await rotateCompanySecret(deps, c.get('viewer'));
        return {
          companyId: company.id,
          companyName: company.name,
          companySecret: company.secret,
          slug: company.slug,
        };
      },
    }),
  ];
}
