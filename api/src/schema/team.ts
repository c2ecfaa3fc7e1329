import { changeMemberRole } from '../services/team/change-member-role.ts';
import { removeMember } from '../services/team/remove-member.ts';
import { transferOwnership } from '../services/team/transfer-ownership.ts';
import { builder } from './builder.ts';
import { CompanyUserType } from './company-user.ts';
import { decodeId } from './ids.ts';

export const AssignableRoleEnum = builder.enumType('AssignableRole', {
  description: 'A role an admin gives a team member (OWNER passes only by transferOwnership).',
  values: {
    ADMIN: { description: 'Everything but billing and ownership.' },
    MEMBER: { description: 'Sees every board and idea, comments and changes statuses.' },
  } as const,
});

const USER_ID_ARG = {
  required: true,
  description: 'The global id of the team member (CompanyUser).',
} as const;

builder.mutationFields((t) => ({
  changeMemberRole: t.field({
    type: CompanyUserType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Makes a team member an ADMIN or a MEMBER (owners and admins, signed in; not the owner).',
    args: {
      userId: t.arg.id(USER_ID_ARG),
      role: t.arg({ type: AssignableRoleEnum, required: true, description: 'The new role.' }),
    },
    resolve: (_root, args, context) =>
      changeMemberRole(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser'), args),
  }),
  removeMember: t.field({
    type: CompanyUserType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Takes a person off the team (owners and admins): they become an end user; their ideas, comments and votes stay.',
    args: { userId: t.arg.id(USER_ID_ARG) },
    resolve: (_root, args, context) =>
      removeMember(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser')),
  }),
  transferOwnership: t.field({
    type: CompanyUserType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Hands the company to another team member (the owner only): they become OWNER and the caller ADMIN. Answers the new owner.',
    args: { userId: t.arg.id(USER_ID_ARG) },
    resolve: (_root, args, context) =>
      transferOwnership(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser')),
  }),
}));
