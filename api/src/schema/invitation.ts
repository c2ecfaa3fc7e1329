import { acceptInvitation, previewInvitation } from '../services/team/accept-invitation.ts';
import type { TInvitationPreview } from '../services/team/accept-invitation.ts';
import {
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from '../services/team/invite-member.ts';
import { AppError } from '../errors.ts';
import { administeredCompanyId, toRowId } from '../services/access.ts';
import { LoginResultType } from './login-result.ts';
import { builder } from './builder.ts';
import { decodeId } from './ids.ts';
import { AssignableRoleEnum } from './team.ts';
import { RoleEnum } from './user.ts';

export const InvitationType = builder.prismaNode('Invitation', {
  description:
    'An invitation to join the team: a single-use link valid for 7 days, answered to the inviter to copy and mailed to the invitee.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: administeredCompanyId(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The invited address.' }),
    role: t.expose('role', { type: RoleEnum, description: 'ADMIN or MEMBER.' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', description: 'When the link was last mailed.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      description: 'When the link stops working (a resend mails a new one).',
    }),
    isExpired: t.boolean({
      description: 'The link has expired: resend to mail a new one.',
      resolve: (invitation) => invitation.expiresAt.getTime() <= Date.now(),
    }),
    isMailHeld: t.boolean({
      description:
        'The mail with the current link waits for the inviter to confirm their address (it goes when they do); the link works meanwhile.',
      select: { heldMailId: true },
      resolve: (invitation) => invitation.heldMailId !== null,
    }),
    link: t.string({
      nullable: true,
      description:
        'The invitation link to copy, in the answer of `inviteMember` and `resendInvitation` only: it is shown this once (the server keeps only its hash) and is null everywhere else. A new link (`resendInvitation`) voids the old one.',
      resolve: (invitation) => (invitation as { link?: string }).link ?? null,
    }),
  }),
});

const InvitationPreviewType = builder.objectRef<TInvitationPreview>('InvitationPreview').implement({
  description: 'What an invitation link offers, shown before the person accepts it.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The invited address (the sign-in).' }),
    role: t.expose('role', { type: RoleEnum, description: 'The role offered.' }),
    companyName: t.exposeString('companyName', { description: 'The company of the team.' }),
    hasAccount: t.exposeBoolean('hasAccount', {
      description: 'An account signs in with this address: accepting asks for its password.',
    }),
  }),
});

builder.queryFields((t) => ({
  invitations: t.field({
    type: [InvitationType],
    authScopes: { companyAdmin: true },
    description: "The company's invitations waiting for an answer, newest first (admins only).",
    resolve: (_root, _args, context) => listInvitations(context.deps, context.viewer),
  }),
  invitation: t.field({
    type: InvitationPreviewType,
    nullable: true,
    description:
      'What an invitation link offers (public: the link is the credential); null when the link was used, revoked or has expired.',
    args: { token: t.arg.string({ required: true, description: 'The token of the link.' }) },
    resolve: async (_root, args, context) => {
      try {
        return await previewInvitation(context.deps, args.token);
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_TOKEN') return null;
        throw error;
      }
    },
  }),
}));

const INVITATION_ID_ARG = {
  required: true,
  description: 'The global id of the invitation.',
} as const;

builder.mutationFields((t) => ({
  inviteMember: t.field({
    type: InvitationType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Invites a person to the team by email with the role ADMIN or MEMBER (owners and admins; FREE allows a few pending at once) and answers the invitation with its single-use link, valid for 7 days, in `link` (shown this once). The link is also mailed to the invitee: at once when the inviter’s address is confirmed, else when they confirm it (`isMailHeld`). Invitation mails are limited per company and per recipient (RATE_LIMITED, 429).',
    args: {
      email: t.arg.string({ required: true, description: 'The address to invite.' }),
      role: t.arg({ type: AssignableRoleEnum, required: true, description: 'ADMIN or MEMBER.' }),
    },
    resolve: (_root, args, context) =>
      inviteMember(context.deps, context.viewer, args, context.client),
  }),
  resendInvitation: t.field({
    type: InvitationType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Gives a pending invitation a new 7-day link, answered in `link` (shown this once) and mailed again (held until the inviter’s address is confirmed, as for `inviteMember`); the old link stops working. Limited like every invitation mail (RATE_LIMITED, 429).',
    args: { invitationId: t.arg.id(INVITATION_ID_ARG) },
    resolve: (_root, args, context) =>
      resendInvitation(
        context.deps,
        context.viewer,
        decodeId(args.invitationId, 'Invitation'),
        context.client,
      ),
  }),
  revokeInvitation: t.field({
    type: InvitationType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Revokes a pending invitation: its link stops working.',
    args: { invitationId: t.arg.id(INVITATION_ID_ARG) },
    resolve: (_root, args, context) =>
      revokeInvitation(context.deps, context.viewer, decodeId(args.invitationId, 'Invitation')),
  }),
  acceptInvitation: t.field({
    type: LoginResultType,
    errors: {},
    description:
      'Accepts an invitation link: creates the account (password 6 to 50 characters, optional name) or, when the address has one, attaches it with its password. Answers a session token, or, as `login` does, a second-factor challenge instead: for an account with two-factor sign-in on, and (`enrolmentRequired`) for a team account of a company that requires two-factor sign-in and has none yet, which must enrol before it gets a session.',
    args: {
      token: t.arg.string({ required: true, description: 'The token of the link.' }),
      password: t.arg.string({
        required: true,
        description: 'A new password, or the password of the existing account.',
      }),
      displayName: t.arg.string({ description: 'The name shown (new accounts; 1 to 50).' }),
      language: t.arg.string({
        description:
          'The language of a new account (its console and mails): en-US or pl-PL; en-US when absent. An existing account keeps its own.',
      }),
    },
    resolve: async (_root, args, context) => {
      const result = await acceptInvitation(context.deps, args.token, args, context.client);
      return 'token' in result ? { token: result.token } : { secondFactor: result.secondFactor };
    },
  }),
}));
