import { updateSignInSettings } from '../services/sso/update-sign-in-settings.ts';
import { builder } from './builder.ts';
import { CompanyType } from './company.ts';

export const SignupPolicyEnum = builder.enumType('SignupPolicy', {
  description: 'Who may sign up through a company’s widget and portal.',
  values: {
    ANYONE: { description: 'Anyone with an email address (the default).' },
    EMAIL_DOMAINS: {
      description:
        'Only addresses of the listed domains (`signupEmailDomains`); they vote, comment and submit once they confirm the address.',
    },
    SSO_ONLY: {
      description: 'Nobody by email: visitors arrive signed in by the company’s own SSO token.',
    },
  } as const,
});

// Beside the SSO token rules of company.ts: who may sign up, and which SSO addresses count.
builder.prismaObjectFields(CompanyType, (t) => ({
  ssoTrustEmails: t.exposeBoolean('ssoTrustEmails', {
    description:
      'SSO tokens’ `email` claims count as confirmed addresses (notification mail goes to them). Off (the default): only tokens saying `email_verified: true` confirm one. Admins only (null for others).',
    nullable: true,
    authScopes: { companyAdmin: true },
    unauthorizedResolver: () => null,
  }),
  signupPolicy: t.field({
    type: SignupPolicyEnum,
    description:
      'Who may sign up through the widget and the portal. Admins only (null for others).',
    nullable: true,
    authScopes: { companyAdmin: true },
    unauthorizedResolver: () => null,
    resolve: (company) => company.signupPolicy,
  }),
  signupEmailDomains: t.stringList({
    description:
      'The domains whose addresses may sign up under EMAIL_DOMAINS (lower case). Admins only (null for others).',
    nullable: true,
    authScopes: { companyAdmin: true },
    unauthorizedResolver: () => null,
    resolve: (company) => company.signupEmailDomains,
  }),
}));

builder.mutationFields((t) => ({
  updateSignInSettings: t.field({
    type: CompanyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Sets who may sign up through the widget and the portal (ANYONE, EMAIL_DOMAINS with its domains, SSO_ONLY) and whether SSO tokens’ addresses count as confirmed (owners and admins, signed in; not with an API key). Audit-logged as SSO_SETTINGS_CHANGED.',
    args: {
      ssoTrustEmails: t.arg.boolean({
        required: true,
        description: 'Take every SSO token’s `email` as confirmed.',
      }),
      signupPolicy: t.arg({
        type: SignupPolicyEnum,
        required: true,
        description: 'Who may sign up through the widget and the portal.',
      }),
      signupEmailDomains: t.arg.stringList({
        required: true,
        description: 'Domains such as example.com (at most 50); one at least for EMAIL_DOMAINS.',
      }),
    },
    resolve: (_root, args, context) => updateSignInSettings(context.deps, context.viewer, args),
  }),
}));
