import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { clearableHttpUrl, isMissing, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';

/** The longest logo or website address kept. */
export const COMPANY_URL_MAX = 2_000;

/** The longest host name DNS allows. */
const DOMAIN_MAX = 253;

const URL_MESSAGE = 'Enter an address that starts with http:// or https://.';
const DOMAIN_MESSAGE = 'It has to be a host name such as feedback.example.com.';
export const DOMAIN_TAKEN = 'Another company uses this domain already.';
const DOMAIN_OURS = "This is Feedboard's own address: use a domain of yours.";

/** Blank or null clears the value (null); absent leaves it as it is (undefined). */
const blankToNull = (input: unknown) => (input !== undefined && isMissing(input) ? null : input);

const ZHttpUrl = clearableHttpUrl(COMPANY_URL_MAX, URL_MESSAGE);

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

export const ZCompanyPortal = z.object({
  logoUrl: ZHttpUrl.meta({ description: 'The logo shown in the portal header.' }),
  websiteUrl: ZHttpUrl.meta({ description: "The company's own site, linked from the portal." }),
  customDomain: ZDomain.meta({ description: "The company's own host name for its portal." }),
});

/**
 * Whether `domain` is the app's own host, a name under it or one it is under (`www.` and bare
 * variants included): a company claiming one would be served Feedboard's own traffic wherever
 * that name points at the app. (Ownership of other names is not checked: see the README.)
 */
function isOfAppHost(domain: string, appHost: string): boolean {
  return domain === appHost || domain.endsWith(`.${appHost}`) || appHost.endsWith(`.${domain}`);
}

/**
 * Sets how the company's public portal presents itself: its logo, the link back to the
 * company's site, and its own host name (which must be unique across companies and never
 * Feedboard's own). Owners and admins signed in as themselves. Absent fields stay; blank clears.
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
  const data = parseInput(ZCompanyPortal, input);
  if (data.customDomain && isOfAppHost(data.customDomain, new URL(deps.config.appUrl).hostname)) {
    throw errors.validation([{ field: 'customDomain', message: DOMAIN_OURS }]);
  }
  try {
    const company = await deps.prisma.company.update({ where: { id: admin.companyId }, data });
    deps.log.info(`Company ${company.id}: portal settings changed by user ${admin.userId}.`);
    deps.events.publishPortalStale({ companyId: company.id, boardId: null });
    return company;
  } catch (error) {
    // The unique key decides between two companies claiming one domain at once.
    if (isUniqueViolation(error, 'customDomain')) {
      throw errors.validation([{ field: 'customDomain', message: DOMAIN_TAKEN }]);
    }
    throw error;
  }
}
