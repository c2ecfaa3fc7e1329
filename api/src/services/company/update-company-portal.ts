import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Company, Prisma } from '../../generated/prisma/client.ts';
import { clearableHttpUrl, hexDigits, isMissing, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { newDomainToken } from '../custom-domain/domain-proof.ts';

/** The longest logo or website address kept. */
export const COMPANY_URL_MAX = 2_000;

/** The longest host name DNS allows. */
const DOMAIN_MAX = 253;

const URL_MESSAGE = 'Enter an address that starts with http:// or https://.';
const DOMAIN_MESSAGE = 'It has to be a host name such as feedback.example.com.';
/** A name another company has proved is theirs (verified) cannot be claimed. */
export const DOMAIN_TAKEN = 'Another company uses this domain already.';
const DOMAIN_OURS = "This is Feedboard's own address: use a domain of yours.";

/** Blank or null clears the value (null); absent leaves it as it is (undefined). */
const blankToNull = (input: unknown) => (input !== undefined && isMissing(input) ? null : input);

const ZHttpUrl = clearableHttpUrl(COMPANY_URL_MAX, URL_MESSAGE);

const TERMS_MESSAGE = 'Enter an address that starts with https://.';

/** The company's terms of use: https only (a sign-up form links it), blank or null clears. */
const ZHttpsUrl = clearableHttpUrl(COMPANY_URL_MAX, TERMS_MESSAGE).refine(
  (url) => typeof url !== 'string' || url.startsWith('https://'),
  { error: TERMS_MESSAGE },
);

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name of two labels at least, the last one not all digits (no IP addresses). */
export function isHostName(host: string): boolean {
  if (host.length > DOMAIN_MAX) return false;
  const labels = host.split('.');
  const last = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(last);
}

/** `Feedback.Acme.com.` → `feedback.acme.com` (host names compare in lower case). */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

const ZDomain = z.preprocess(
  blankToNull,
  z
    .string({ error: 'It has to be text.' })
    .transform(normaliseHost)
    .refine(isHostName, { error: DOMAIN_MESSAGE })
    .nullable()
    .optional(),
);

const BRAND_MESSAGE = 'It has to be a colour of 6 hex digits, e.g. 3b5bdb.';

/** The brand colour: 6 hex digits (a leading '#' dropped, lower case); blank or null clears. */
const ZBrandColor = z.preprocess(
  (input) => blankToNull(hexDigits(input)),
  z
    .string({ error: 'It has to be text.' })
    .regex(/^[0-9a-f]{6}$/, { error: BRAND_MESSAGE })
    .nullable()
    .optional(),
);

export const ZCompanyPortal = z.object({
  logoUrl: ZHttpUrl.meta({ description: 'The logo shown in the portal header.' }),
  websiteUrl: ZHttpUrl.meta({ description: "The company's own site, linked from the portal." }),
  customDomain: ZDomain.meta({ description: "The company's own host name for its portal." }),
  termsUrl: ZHttpsUrl.meta({
    description: "The company's terms of use, linked from the widget's and portal's sign-up.",
  }),
  brandColor: ZBrandColor.meta({
    description: "The company's brand colour: the portal's header and buttons, its mail's buttons.",
  }),
});

/**
 * Whether `domain` is the app's own host, a name under it or one it is under (`www.` and bare
 * variants included): a company claiming one would be served Feedboard's own traffic wherever
 * that name points at the app, and could prove nothing about it anyway.
 */
function isOfAppHost(domain: string, appHost: string): boolean {
  return domain === appHost || domain.endsWith(`.${appHost}`) || appHost.endsWith(`.${domain}`);
}

/**
 * The domain columns for a new claim of `domain`: PENDING with a new token (the TXT record's
 * value), to be looked up at once by the periodic check; it is served only once proved
 * (services/custom-domain). Null clears the claim and unbinds the name.
 */
function claimOf(domain: string | null): Prisma.CompanyUpdateInput {
  const now = new Date();
  return {
    customDomain: domain,
    customDomainStatus: domain ? 'PENDING' : null,
    customDomainToken: domain ? newDomainToken() : null,
    customDomainBound: null,
    customDomainCheckedAt: null,
    // For a claim, when it was made: it is given up if never proved within PENDING_DAYS.
    customDomainMissingSince: domain ? now : null,
    customDomainNextCheckAt: domain ? now : null,
  };
}

/**
 * Sets how the company's public portal presents itself: its logo, its brand colour, the link
 * back to the company's site, its terms of use (https) and its own host name. A new host name is a claim, served only once a DNS TXT
 * record proves the company holds it (the same name may be claimed by several companies until
 * one proves it; a name another company has proved, or Feedboard's own, is refused). The same
 * name again keeps its claim and token. Owners and admins signed in as themselves. Absent
 * fields stay; blank clears.
 */
export async function updateCompanyPortal(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    "API keys cannot change the company's portal: sign in to change it.",
  );
  const { customDomain, ...presentation } = parseInput(ZCompanyPortal, input);
  if (customDomain && isOfAppHost(customDomain, new URL(deps.config.appUrl).hostname)) {
    throw errors.validation([{ field: 'customDomain', message: DOMAIN_OURS }]);
  }
  let claim: Prisma.CompanyUpdateInput = {};
  if (customDomain !== undefined) {
    const current = await deps.prisma.company.findUniqueOrThrow({
      where: { id: admin.companyId },
      select: { customDomain: true },
    });
    if (customDomain !== current.customDomain) claim = claimOf(customDomain);
  }
  if (customDomain) {
    const holder = await deps.prisma.company.findUnique({
      where: { customDomainBound: customDomain },
      select: { id: true },
    });
    if (holder && holder.id !== admin.companyId) {
      throw errors.validation([{ field: 'customDomain', message: DOMAIN_TAKEN }]);
    }
  }
  const company = await deps.prisma.company.update({
    where: { id: admin.companyId },
    data: { ...presentation, ...claim },
  });
  deps.log.info(`Company ${company.id}: portal settings changed by user ${admin.userId}.`);
  deps.events.publishPortalStale({ companyId: company.id, boardId: null });
  if (claim.customDomain) deps.domainChecks.wake();
  return company;
}
