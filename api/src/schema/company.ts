import { builder } from './builder.ts';
import { toRowId } from '../services/access.ts';

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
