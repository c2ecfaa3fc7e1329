import { builder } from './builder.ts';
import { toRowId } from '../services/access.ts';
import { rotateCompanySecret } from '../services/company/rotate-company-secret.ts';

export const CompanyType = builder.prismaNode('Company', {
  description: 'A customer of Feedboard: owns boards, users, releases and a plan.',
  id: { field: 'id' },
  // `node(id:)` finds only the viewer's own company: another company, an unknown id, or any
  // company for an anonymous caller answers null (ids start at 1, so 0 is no row).
  findUnique: (id, context) => ({
    id: toRowId(id) === context.viewer?.companyId ? context.viewer.companyId : 0,
  }),
  nullable: true,
  authScopes: { signedIn: true },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Display name.' }),
    slug: t.exposeString('slug', {
      description: 'Unique address part used by public board pages: /public/{slug}/{boardSlug}.',
    }),
    secret: t.exposeString('secret', {
      description:
        "The HS256 secret the company's own server signs widget SSO tokens with. Admins only (null for others).",
      nullable: true,
      authScopes: { companyAdmin: true },
      unauthorizedResolver: () => null,
    }),
  }),
});

builder.mutationFields((t) => ({
  rotateCompanySecret: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Replaces the company's SSO secret with a new random one (owners and admins, signed in; not with an API key). Widget SSO tokens signed with the old secret are refused from now on; sessions already open stay.",
    resolve: (_root, _args, context) => rotateCompanySecret(context.deps, context.viewer),
  }),
}));
