import { isCompanyAdmin, isTeamMember } from '../viewer.ts';
import { effectiveNewIdeaMail } from '../services/notification/new-idea-mail.ts';
import { toRowId } from '../services/access.ts';
import { builder } from './builder.ts';

export const UserKindEnum = builder.enumType('UserKind', {
  description: 'How a user signs in.',
  values: {
    REGULAR: { description: 'Email and password.' },
    SSO: { description: "Through a company's widget, signed in by the company's own system." },
  } as const,
});

export const RoleEnum = builder.enumType('Role', {
  description: "A user's role in their company.",
  values: {
    OWNER: {
      description: 'The one owner of the company: everything, billing and ownership included.',
    },
    ADMIN: { description: 'Team admin: everything but billing and ownership.' },
    MEMBER: {
      description:
        'Team member: sees every board and idea, comments and changes statuses; no settings, billing, webhooks or API keys.',
    },
    END_USER: {
      description: 'Not on the team: signed up on a board or came through the widget (SSO).',
    },
  } as const,
});

export const NewIdeaMailEnum = builder.enumType('NewIdeaMail', {
  description: 'How a team member hears of new ideas by mail.',
  values: {
    EACH: { description: 'A mail per idea, as it arrives.' },
    DIGEST: { description: "One mail a day listing the previous day's new ideas (UTC days)." },
    NONE: { description: "No mail; the console's notifications list them either way." },
  } as const,
});

export const NotificationPreferenceEnum = builder.enumType('NotificationPreference', {
  description: 'Which notification mails a user gets.',
  values: {
    ALL: {
      description:
        'Every notification: status changes of ideas you submitted or voted for, releases shipping them, admins’ comments on your ideas (the team’s mail about new ideas is `newIdeaMail`).',
    },
    MY_IDEAS: { description: 'Only mails about ideas you submitted.' },
    NONE: { description: 'No notification mail (what an unsubscribe link sets).' },
  } as const,
});

/** A user as the signed-in user sees themselves. */
export const UserType = builder.prismaNode('User', {
  description: 'A person using Feedboard.',
  id: { field: 'id' },
  // `node(id:)` finds the viewer themselves, or (for admins) a user of their own company:
  // another company's user, another end user, an unknown id, or any user for an anonymous
  // caller answers null (ids start at 1, so 0 is no row).
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: context.viewer?.companyId ?? 0,
    AND: [isCompanyAdmin(context.viewer) ? {} : { id: context.viewer?.userId ?? 0 }],
  }),
  nullable: true,
  authScopes: { signedIn: true },
  fields: (t) => ({
    displayName: t.exposeString('displayName', {
      description: 'The name shown on ideas and comments.',
    }),
    email: t.exposeString('email', { nullable: true, description: 'Contact email, if known.' }),
    emailConfirmed: t.boolean({
      description:
        'Whether the owner of `email` confirmed it (the mailed link) or the company’s SSO token carried it. Notification mail goes only to confirmed addresses; false without an email.',
      select: { email: true, emailConfirmedAt: true },
      resolve: (user) => user.email !== null && user.emailConfirmedAt !== null,
    }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Picture URL, if any.' }),
    language: t.exposeString('language', { description: 'Interface language: en-US or pl-PL.' }),
    kind: t.expose('kind', { type: UserKindEnum, description: 'REGULAR or SSO.' }),
    notifications: t.field({
      type: NotificationPreferenceEnum,
      description:
        'Which notification mails the user gets. Only the user themselves reads it (null for others).',
      nullable: true,
      resolve: (user, _args, context) =>
        context.viewer?.userId === user.id ? user.notifications : null,
    }),
    newIdeaMail: t.field({
      type: NewIdeaMailEnum,
      description:
        "How the team member hears of new ideas by mail: their choice, else their role's default (OWNER and ADMIN EACH, MEMBER DIGEST; NONE after turning notification mail down). Only the team member themselves reads it (null for others and for end users).",
      nullable: true,
      select: { role: true, newIdeaMail: true, notifications: true, kind: true },
      resolve: (user, _args, context) =>
        context.viewer?.userId === user.id && isTeamMember(context.viewer)
          ? effectiveNewIdeaMail(user)
          : null,
    }),
    notifyMentions: t.boolean({
      description:
        'Whether the user gets a mail when someone mentions them. Only the user themselves reads it (null for others).',
      nullable: true,
      resolve: (user, _args, context) =>
        context.viewer?.userId === user.id ? user.notifyMentions : null,
    }),
    role: t.field({
      type: RoleEnum,
      description:
        "OWNER, ADMIN, MEMBER (the team) or END_USER. The signed-in user's own is their session's: END_USER in a widget or portal session, whatever their role on the team.",
      select: { role: true },
      resolve: (user, _args, context) =>
        context.viewer?.userId === user.id ? context.viewer.role : user.role,
    }),
    company: t.relation('company', { description: 'The company this user belongs to.' }),
    isBlocked: t.boolean({
      description:
        'An admin of the company blocked this end user: they read boards but cannot vote, comment or submit ideas.',
      select: { blockedAt: true },
      resolve: (user) => user.blockedAt !== null,
    }),
  }),
});
