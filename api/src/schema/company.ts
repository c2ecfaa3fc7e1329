import { builder } from './builder.ts';

export const CompanyType = builder.prismaNode('Company', {
  description: 'A customer of Feedboard: owns boards, users, releases and a plan.',
  id: { field: 'id' },
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
