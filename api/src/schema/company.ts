import { builder } from './builder.ts';
import { toRowId } from '../services/access.ts';
import { companySecretFor } from '../services/company/get-company.ts';
import { rotateCompanySecret } from '../services/company/rotate-company-secret.ts';
import { updateCompanyCurrency } from '../services/company/update-company-currency.ts';
import { updateCompanyName } from '../services/company/update-company-name.ts';
import { updateCompanyPortal } from '../services/company/update-company-portal.ts';
import { verifyCustomDomain } from '../services/custom-domain/check-custom-domain.ts';
import type { TDomainCheck } from '../services/custom-domain/check-custom-domain.ts';
import { domainChallenge } from '../services/custom-domain/domain-proof.ts';
import type { Company } from '../generated/prisma/client.ts';
import { updateSsoSettings } from '../services/sso/update-sso-settings.ts';

const CustomDomainStatusEnum = builder.enumType('CustomDomainStatus', {
  description: "Where the company's own domain stands.",
  values: {
    PENDING: { description: 'Claimed; waiting for the DNS TXT record that proves it. Not served.' },
    VERIFIED: { description: 'The record was found: served, and looked up again every few hours.' },
    FAILED: {
      description:
        'Not served: the record was missing past the grace period, or never appeared within 7 days. "Check now" looks again.',
    },
  } as const,
});

const HOUR_MS = 3_600_000;

const CustomDomainProofType = builder.objectRef<Company>('CustomDomainProof').implement({
  description:
    "The DNS TXT record that proves the company's own domain is theirs, and what the last lookup found.",
  fields: (t) => ({
    status: t.field({
      type: CustomDomainStatusEnum,
      description: 'PENDING, VERIFIED or FAILED.',
      resolve: (company) => company.customDomainStatus ?? 'PENDING',
    }),
    recordName: t.string({
      description: 'The name of the TXT record to create: `_feedboard-challenge.<domain>`.',
      resolve: (company) =>
        domainChallenge(company.customDomain ?? '', company.customDomainToken ?? '').name,
    }),
    recordValue: t.string({
      description: 'Its value: `feedboard-verification=<token>`.',
      resolve: (company) =>
        domainChallenge(company.customDomain ?? '', company.customDomainToken ?? '').value,
    }),
    checkedAt: t.expose('customDomainCheckedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the record was last looked up, or null.',
    }),
    missingSince: t.expose('customDomainMissingSince', {
      type: 'DateTime',
      nullable: true,
      description:
        'Since when the record has not been found (for a claim: since it was made), or null while it is found.',
    }),
    unbindsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'A verified domain whose record is missing stops being served then, unless the record is back (CUSTOM_DOMAIN_GRACE_HOURS after it went missing); null otherwise.',
      resolve: (company, _args, context) =>
        company.customDomainStatus === 'VERIFIED' && company.customDomainMissingSince
          ? new Date(
              company.customDomainMissingSince.getTime() +
                context.deps.config.customDomainGraceHours * HOUR_MS,
            )
          : null,
    }),
  }),
});

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
    currency: t.exposeString('currency', {
      description:
        'ISO 4217 code of the money the team records about its customers (customer companies’ monthly spend, ideas’ value). Default USD.',
    }),
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
    brandColor: t.exposeString('brandColor', {
      description:
        "The company's brand colour (6 hex digits, no `#`): the portal's header and buttons and its mail's buttons; null for a neutral slate.",
      nullable: true,
    }),
    termsUrl: t.exposeString('termsUrl', {
      description:
        "The company's own terms of use (an https address) that the widget's and the portal's sign-up link instead of Feedboard's default, or null for the default.",
      nullable: true,
    }),
    customDomain: t.exposeString('customDomain', {
      description:
        "The company's own host name for its portal (`feedback.example.com`), or null. Requests with this Host are served the portal at `/` once a DNS TXT record proves the company holds it (see `customDomainProof`).",
      nullable: true,
    }),
    customDomainProof: t.field({
      type: CustomDomainProofType,
      nullable: true,
      description:
        'The TXT record that proves `customDomain`, and where the proof stands. Owners and admins only (null for others, and without a domain).',
      authScopes: { companyAdmin: true },
      unauthorizedResolver: () => null,
      resolve: (company) => (company.customDomain && company.customDomainToken ? company : null),
    }),
  }),
});

const CustomDomainLookupEnum = builder.enumType('CustomDomainLookup', {
  description: 'What a lookup of the domain proof found.',
  values: {
    FOUND: { description: 'The TXT record with the right value: the domain is served.' },
    WRONG_VALUE: { description: 'TXT records at that name, none with the right value.' },
    NO_RECORD: { description: 'No TXT record at that name (yet: DNS changes can take a while).' },
    DNS_ERROR: { description: 'The DNS servers gave no answer (a timeout or a failure).' },
  } as const,
});

const CustomDomainCheckType = builder.objectRef<TDomainCheck>('CustomDomainCheck').implement({
  description: 'What "Check now" found, and the company afterwards.',
  fields: (t) => ({
    outcome: t.field({
      type: CustomDomainLookupEnum,
      description: 'FOUND, WRONG_VALUE, NO_RECORD or DNS_ERROR.',
      resolve: (check) => (check.outcome === 'TAKEN' ? 'FOUND' : check.outcome),
    }),
    company: t.field({
      type: CompanyType,
      description: 'The company, with its domain proof as it is now.',
      resolve: (check) => check.company,
    }),
  }),
});

builder.mutationFields((t) => ({
  updateCompanyName: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Renames the company (owners and admins, signed in; not with an API key): 6 to 50 characters, the sign-up rule. The slug, and so every public address, stays. Recorded in the audit log (COMPANY_RENAMED).',
    args: {
      name: t.arg.string({
        required: true,
        description: "The company's new name, 6 to 50 characters.",
      }),
    },
    resolve: (_root, args, context) => updateCompanyName(context.deps, context.viewer, args),
  }),
  updateCompanyCurrency: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Sets the currency of the customer values (owners and admins, signed in): an ISO 4217 code such as USD, EUR or PLN. Amounts are not converted. Audited (COMPANY_CURRENCY_CHANGED).',
    args: {
      currency: t.arg.string({ required: true, description: 'An ISO 4217 currency code.' }),
    },
    resolve: (_root, args, context) => updateCompanyCurrency(context.deps, context.viewer, args),
  }),
  updateCompanyPortal: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Sets the public portal's logo, its brand colour, the link back to the company's site, the company's terms of use (https only) and the company's own host name (owners and admins, signed in; not with an API key). An omitted argument stays as it is; null or blank clears it. A new domain is PENDING until a DNS TXT record proves it (see `customDomainProof` and `verifyCustomDomain`); a domain another company has proved is refused (VALIDATION on `customDomain`).",
    args: {
      logoUrl: t.arg.string({ description: 'The logo, an http(s) address.' }),
      websiteUrl: t.arg.string({ description: "The company's site, an http(s) address." }),
      termsUrl: t.arg.string({
        description:
          "The company's terms of use, an https address; the widget's and portal's sign-up link it.",
      }),
      customDomain: t.arg.string({ description: 'A host name such as feedback.example.com.' }),
      brandColor: t.arg.string({
        description:
          "The company's brand colour, 6 hex digits (`3b5bdb`, a leading `#` is dropped): the portal's header and buttons and the buttons of mail sent in the company's name.",
      }),
    },
    resolve: (_root, args, context) => updateCompanyPortal(context.deps, context.viewer, args),
  }),
  verifyCustomDomain: t.field({
    type: CustomDomainCheckType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Looks up the TXT record that proves the company's own domain now and answers what it found (owners and admins, signed in; a few dozen an hour). Found, the domain is served; a periodic check also looks every few minutes while it is pending. CONFLICT without a domain; VALIDATION on `customDomain` when another company has proved it first.",
    resolve: (_root, _args, context) =>
      verifyCustomDomain(context.deps, context.viewer, context.client),
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
