import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { parseInput, requiredBoolean, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

export const SIGNUP_POLICIES = ['ANYONE', 'EMAIL_DOMAINS', 'SSO_ONLY'] as const;

/** How many domains a company may list for EMAIL_DOMAINS sign-ups. */
export const MAX_SIGNUP_EMAIL_DOMAINS = 50;

// A host name of letters, digits and hyphens, with a dot and a top-level part of letters.
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ZSignInSettings = z.object({
  ssoTrustEmails: requiredBoolean().meta({
    description:
      'Take the `email` claim of every SSO token as confirmed. Off: only tokens with `email_verified: true` confirm an address; others stay unconfirmed (no notification mail) until the person confirms them.',
  }),
  signupPolicy: requiredEnum(SIGNUP_POLICIES).meta({
    description:
      'Who may sign up through the widget and the portal: ANYONE, EMAIL_DOMAINS (addresses of `signupEmailDomains`, acting once confirmed) or SSO_ONLY (no email sign-up or sign-in there).',
  }),
  signupEmailDomains: z
    .array(z.string().max(300), { error: 'It has to be a list of domains.' })
    .max(MAX_SIGNUP_EMAIL_DOMAINS, {
      error: `It has to be ${MAX_SIGNUP_EMAIL_DOMAINS} domains at most.`,
    })
    .meta({
      description: 'Domains such as `example.com` (EMAIL_DOMAINS); may be empty otherwise.',
    }),
});

/** The listed domains, lower case, without a leading `@`, each once; a bad one is a field error. */
function normalisedDomains(values: readonly string[]): string[] {
  const domains = [...new Set(values.map((v) => v.trim().toLowerCase().replace(/^@/, '')))].filter(
    Boolean,
  );
  const bad = domains.find((domain) => !DOMAIN.test(domain));
  if (bad !== undefined) {
    throw errors.validation([
      {
        field: 'signupEmailDomains',
        message: `"${bad.slice(0, 60)}" is not a domain: write it as example.com.`,
      },
    ]);
  }
  return domains;
}

/**
 * Sets who may sign up through the company's widget and portal (signupPolicy and its domains)
 * and whether SSO tokens' addresses are trusted as confirmed. Owners and admins signed in as
 * themselves (an API key may not: a leaked key must not open sign-ups). Audit-logged with the
 * change, in one transaction. EMAIL_DOMAINS needs one domain at least.
 */
export async function updateSignInSettings(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot change who may sign up: sign in to change it.',
  );
  const data = parseInput(ZSignInSettings, input);
  const domains = normalisedDomains(data.signupEmailDomains);
  if (data.signupPolicy === 'EMAIL_DOMAINS' && domains.length === 0) {
    throw errors.validation([
      { field: 'signupEmailDomains', message: 'List one domain at least, such as example.com.' },
    ]);
  }
  const settings = {
    ssoTrustEmails: data.ssoTrustEmails,
    signupPolicy: data.signupPolicy,
    signupEmailDomains: domains,
  };
  const company = await deps.prisma.$transaction(async (tx) => {
    const updated = await tx.company.update({ where: { id: admin.companyId }, data: settings });
    await recordAudit(
      deps,
      {
        action: 'SSO_SETTINGS_CHANGED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Company', id: admin.companyId },
        details: settings,
      },
      tx,
    );
    return updated;
  });
  deps.log.info(
    `Company ${company.id}: sign-up policy ${settings.signupPolicy}, SSO emails ${settings.ssoTrustEmails ? 'trusted' : 'confirmed by token only'}, set by user ${admin.userId}.`,
  );
  return company;
}
