import { builder } from './builder.ts';
import { CompanyType } from './company.ts';
import type { TViewer } from '../viewer.ts';
import { UserType } from './user.ts';

type TViewerShape = Pick<TViewer, 'userId' | 'companyId' | 'twoFactorEnrolmentRequired'>;

export const ViewerType = builder.objectRef<TViewerShape>('Viewer').implement({
  description: 'The signed-in user and their company.',
  fields: (t) => ({
    user: t.prismaField({
      type: UserType,
      description: 'The signed-in user.',
      resolve: (query, viewer, _args, context) =>
        context.deps.prisma.user.findUniqueOrThrow({ ...query, where: { id: viewer.userId } }),
    }),
    company: t.prismaField({
      type: CompanyType,
      description: "The signed-in user's company.",
      resolve: (query, viewer, _args, context) =>
        context.deps.prisma.company.findUniqueOrThrow({
          ...query,
          where: { id: viewer.companyId },
        }),
    }),
    twoFactorEnrolmentRequired: t.boolean({
      description:
        'The company requires two-factor sign-in and this account has none: the session acts as an end user until it is set up (`startTwoFactorEnrolment`, `confirmTwoFactorEnrolment`), and then its team powers come back. False for widget and portal sessions and API keys.',
      resolve: (viewer) => viewer.twoFactorEnrolmentRequired === true,
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerType,
    nullable: true,
    description: 'Who is signed in (from the bearer token), or null for anonymous callers.',
    resolve: (_root, _args, context) => context.viewer,
  }),
);
