import { administeredCompanyId, toRowId } from '../services/access.ts';
import { companyUsersQuery, countCompanyUsers } from '../services/company/list-company-users.ts';
import type { TUserCounts } from '../services/company/list-company-users.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import type { TGraphQLContext } from './builder.ts';
import { UserKindEnum, RoleEnum } from './user.ts';

/** A user of the company as its admins see them in the users list. */
export const CompanyUserType = builder.prismaNode('User', {
  variant: 'CompanyUser',
  description: 'A user of the company (regular or SSO), as its admins see them.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: administeredCompanyId(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    displayName: t.exposeString('displayName', { description: 'The name shown.' }),
    email: t.exposeString('email', { nullable: true, description: 'Contact email, if known.' }),
    photoUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Avatar URL, if any.' }),
    kind: t.expose('kind', { type: UserKindEnum, description: 'REGULAR or SSO.' }),
    role: t.expose('role', {
      type: RoleEnum,
      description: 'OWNER, ADMIN, MEMBER (the team) or END_USER.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they joined.' }),
    blockedAt: t.expose('blockedAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'When an admin blocked this end user (they cannot vote, comment or submit); null: not blocked.',
    }),
  }),
});

// One count query per operation, however many count fields are asked for.
const countsByContext = new WeakMap<TGraphQLContext, Promise<TUserCounts>>();
function countsFor(context: TGraphQLContext): Promise<TUserCounts> {
  let counts = countsByContext.get(context);
  if (!counts) {
    counts = countCompanyUsers(context.deps, context.viewer);
    countsByContext.set(context, counts);
  }
  return counts;
}

builder.queryField('companyUsers', (t) =>
  t.prismaConnection(
    {
      type: CompanyUserType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      authScopes: { signedIn: true },
      description:
        "The admin's company users, sorted by display name (admins only); `roles` keeps those of the roles named.",
      args: {
        roles: t.arg({
          type: [RoleEnum],
          required: false,
          description: 'Only users of these roles (the counts stay over all users).',
        }),
      },
      resolve: async (query, _root, args, context) => {
        const list = companyUsersQuery(context.viewer, undefined, args.roles ?? undefined);
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.user.count({ where: { AND: [list.where, { id }] } }),
        );
        return context.deps.prisma.user.findMany({ ...query, ...list });
      },
    },
    {
      description: 'A page of company users, with counts over all of them.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'All users of the company.',
          resolve: async (_connection, _args, context) => (await countsFor(context)).total,
        }),
        ssoCount: c.int({
          description: 'Users of kind SSO (signed in through the widget).',
          resolve: async (_connection, _args, context) => (await countsFor(context)).sso,
        }),
        regularCount: c.int({
          description: 'Users who sign in with email and password.',
          resolve: async (_connection, _args, context) => (await countsFor(context)).regular,
        }),
      }),
    },
    { description: 'A company user in a page.' },
  ),
);
