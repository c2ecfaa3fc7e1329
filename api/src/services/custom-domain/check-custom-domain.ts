import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Company, Prisma } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { DOMAIN_TAKEN } from '../company/update-company-portal.ts';
import { lookUpDomainProof } from './domain-proof.ts';
import type { TProofLookup } from './domain-proof.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How often the periodic check looks at a claim still waiting for its record. */
export const PENDING_RECHECK_MS = 10 * MINUTE;
/** A claim whose record never appeared is given up (FAILED) after this long. */
export const PENDING_DAYS = 7;
/** How often a verified domain's record is looked up again. */
export const VERIFIED_RECHECK_MS = 6 * HOUR;
/** …and how often while it is missing (until it is back, or the grace period ends). */
export const MISSING_RECHECK_MS = HOUR;

/** What one check found, with the company as it is afterwards. */
export type TDomainCheck = {
  /** The lookup's finding, or TAKEN: the record is there but another company holds the name. */
  outcome: TProofLookup | 'TAKEN';
  company: Company;
};

const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * Looks up the company's domain proof now and moves the claim on: a record found binds the
 * name (VERIFIED; the unique key on customDomainBound decides between companies: the first to
 * prove it wins); a verified name whose record is missing stays served through the grace period
 * (CUSTOM_DOMAIN_GRACE_HOURS) and is then unbound (FAILED); a claim never proved is given up
 * after PENDING_DAYS. The update applies only if the claim is the one that was looked up (an
 * admin may have changed the domain meanwhile). Null when the company claims no domain.
 */
export async function checkCustomDomain(
  deps: Pick<TDeps, 'prisma' | 'config' | 'log'>,
  companyId: number,
): Promise<TDomainCheck | null> {
  const company = await deps.prisma.company.findUnique({ where: { id: companyId } });
  const domain = company?.customDomain;
  const token = company?.customDomainToken;
  const status = company?.customDomainStatus;
  if (!company || !domain || !token || !status) {
    if (company?.customDomainNextCheckAt) {
      await deps.prisma.company.update({
        where: { id: companyId },
        data: { customDomainNextCheckAt: null },
      });
    }
    return null;
  }
  const lookup = await lookUpDomainProof(deps.config, domain, token);
  const now = new Date();
  const claim: Prisma.CompanyWhereInput = {
    id: companyId,
    customDomain: domain,
    customDomainToken: token,
  };
  let outcome: TDomainCheck['outcome'] = lookup;
  if (lookup === 'FOUND') {
    try {
      const bound = await deps.prisma.company.updateMany({
        where: claim,
        data: {
          customDomainStatus: 'VERIFIED',
          customDomainBound: domain,
          customDomainMissingSince: null,
          customDomainCheckedAt: now,
          customDomainNextCheckAt: addMs(now, VERIFIED_RECHECK_MS),
        },
      });
      if (bound.count > 0 && status !== 'VERIFIED') {
        deps.log.info(`Company ${companyId}: ${domain} verified by its DNS record; now served.`);
      }
    } catch (error) {
      if (!isUniqueViolation(error, 'customDomainBound')) throw error;
      outcome = 'TAKEN';
    }
  }
  if (outcome !== 'FOUND') {
    await deps.prisma.company.updateMany({
      where: claim,
      data: unprovenState(company, now, deps.config.customDomainGraceHours),
    });
    if (status === 'VERIFIED' && !company.customDomainMissingSince) {
      deps.log.warn(
        `Company ${companyId}: the DNS record proving ${domain} is missing (${lookup}).`,
      );
    }
  }
  const after = await deps.prisma.company.findUniqueOrThrow({ where: { id: companyId } });
  if (status === 'VERIFIED' && after.customDomainStatus === 'FAILED') {
    deps.log.warn(`Company ${companyId}: ${domain} unbound, its DNS record missing too long.`);
  }
  return { outcome, company: after };
}

/** The claim after a check that did not prove it, by its state before. */
function unprovenState(
  company: Company,
  now: Date,
  graceHours: number,
): Prisma.CompanyUpdateManyMutationInput {
  // For a claim waiting for its record, "missing since" is when it was made.
  const missingSince = company.customDomainMissingSince ?? now;
  const missingMs = now.getTime() - missingSince.getTime();
  const checked = { customDomainCheckedAt: now, customDomainMissingSince: missingSince };
  if (company.customDomainStatus === 'VERIFIED') {
    if (missingMs < graceHours * HOUR) {
      return { ...checked, customDomainNextCheckAt: addMs(now, MISSING_RECHECK_MS) };
    }
    return {
      ...checked,
      customDomainStatus: 'FAILED',
      customDomainBound: null,
      customDomainNextCheckAt: null,
    };
  }
  if (company.customDomainStatus === 'PENDING' && missingMs < PENDING_DAYS * 24 * HOUR) {
    return { ...checked, customDomainNextCheckAt: addMs(now, PENDING_RECHECK_MS) };
  }
  // Given up: only "Check now" looks again.
  return { ...checked, customDomainStatus: 'FAILED', customDomainNextCheckAt: null };
}

/**
 * "Check now" in the console: looks up the company's domain proof at once and answers what it
 * found (owners and admins signed in as themselves; a few dozen an hour per company, since
 * each is a DNS lookup of a name the company chose). CONFLICT without a domain; VALIDATION on
 * `customDomain` when another company has proved the name already.
 */
export async function verifyCustomDomain(
  deps: TDeps,
  viewer: TViewer | null,
  client?: TClient,
): Promise<TDomainCheck> {
  const admin = requireSignedInAdmin(
    viewer,
    "API keys cannot check the company's domain: sign in to check it.",
  );
  await deps.rateLimiter.consume('domainCheck', {
    ip: client?.ip,
    account: `company:${admin.companyId}`,
  });
  const checked = await checkCustomDomain(deps, admin.companyId);
  if (!checked) throw new AppError('CONFLICT', 'Set your own domain first, then check it.');
  if (checked.outcome === 'TAKEN') {
    throw errors.validation([{ field: 'customDomain', message: DOMAIN_TAKEN }]);
  }
  return checked;
}
