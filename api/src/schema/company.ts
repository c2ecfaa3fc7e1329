import { builder } from './builder.ts';
import { toRowId } from '../services/access.ts';
import { companySecretFor } from '../services/company/get-company.ts';
import { rotateCompanySecret } from '../services/company/rotate-company-secret.ts';
import { updateCompanyPortal } from '../services/company/update-company-portal.ts';
import { updateSsoSettings } from '../services/sso/update-sso-settings.ts';

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
    secret: t.string({
      description:
        "The HS256 secret the company's own server signs widget SSO tokens with. Owners and admins signed in with a session only: null for everyone else, API keys included.",
      nullable: true,
      resolve: (company, _args, context) => companySecretFor(context.viewer, company),
    }),
    ssoRequireExpiry: t.exposeBoolean('ssoRequireExpiry', {
      description:
        'Widget SSO tokens without `exp` are refused. On for companies created since the setting exists, off for older ones. Admins only (null for others).',
      nullable: true,
      authScopes: { companyAdmin: true },
      unauthorizedResolver: () => null,
    }),
    ssoMaxLifetimeMinutes: t.exposeInt('ssoMaxLifetimeMinutes', {
      description:
        'The longest lifetime (`exp` minus `iat`, or minus now) of a widget SSO token that is accepted, in minutes (default 1440, 24 hours). Admins only (null for others).',
      nullable: true,
      authScopes: { companyAdmin: true },
      unauthorizedResolver: () => null,
    }),
    logoUrl: t.exposeString('logoUrl', {
      description: 'The logo the public portal shows in its header (an http(s) address), or null.',
      nullable: true,
    }),
    websiteUrl: t.exposeString('websiteUrl', {
      description: "The company's own site, linked from the portal's header, or null.",
      nullable: true,
    }),
    customDomain: t.exposeString('customDomain', {
      description:
        "The company's own host name for its portal (`feedback.example.com`), or null. Requests with this Host are served the portal at `/`.",
      nullable: true,
    }),
  }),
});

builder.mutationFields((t) => ({
  updateCompanyPortal: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Sets the public portal's logo, the link back to the company's site and the company's own host name (owners and admins, signed in; not with an API key). An omitted argument stays as it is; null or blank clears it. A domain another company uses is refused (VALIDATION on `customDomain`).",
    args: {
      logoUrl: t.arg.string({ description: 'The logo, an http(s) address.' }),
      websiteUrl: t.arg.string({ description: "The company's site, an http(s) address." }),
      customDomain: t.arg.string({ description: 'A host name such as feedback.example.com.' }),
    },
    resolve: (_root, args, context) => updateCompanyPortal(context.deps, context.viewer, args),
  }),
  rotateCompanySecret: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Replaces the company's SSO secret with a new random one (owners and admins, signed in; not with an API key). Widget SSO tokens signed with the old secret are refused from now on; sessions already open stay.",
    resolve: (_root, _args, context) => rotateCompanySecret(context.deps, context.viewer),
  }),
  updateSsoSettings: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Sets the company's rules for widget SSO tokens (owners and admins, signed in; not with an API key): whether `exp` is required, and the longest lifetime accepted (1 to 10080 minutes). They apply from the next sign-in; sessions already open stay.",
    args: {
      requireExpiry: t.arg.boolean({
        required: true,
        description: 'Refuse tokens without `exp`.',
      }),
      maxLifetimeMinutes: t.arg.int({
        required: true,
        description: 'The longest lifetime of a token, in minutes (1 to 10080).',
      }),
    },
    resolve: (_root, args, context) => updateSsoSettings(context.deps, context.viewer, args),
  }),
}));
