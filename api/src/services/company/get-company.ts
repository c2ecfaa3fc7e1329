import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { canReadCredentials, requireSignedInAdmin } from '../../viewer.ts';

export type TCompanyDetails = {
  companyId: number;
  companyName: string;
  companySecret: string;
  slug: string;
};

const KEYS_REFUSED = 'API keys cannot read the company secret: sign in to see it.';

/**
 * The viewer's company with its SSO signing secret: owners and admins signed in with a session
 * (canReadCredentials); members are forbidden, API keys refused.
 */
export async function getCompany(deps: TDeps, viewer: TViewer | null): Promise<TCompanyDetails> {
  const { companyId } = requireSignedInAdmin(viewer, KEYS_REFUSED);
  const company = await deps.prisma.company.findUnique({ where: { id: companyId } });
  if (!company) throw errors.notFound('Company');
  return {
    companyId: company.id,
    companyName: company.name,
    companySecret: company.secret,
    slug: company.slug,
  };
}

/**
 * A company's SSO secret as the caller may see it: the secret for an owner or admin of that
 * very company signed in with a session, null for anyone else (members, API keys, end users,
 * other companies). GraphQL's `Company.secret` answers through this.
 */
export function companySecretFor(
  viewer: TViewer | null,
  company: { id: number; secret: string },
): string | null {
  return canReadCredentials(viewer) && viewer.companyId === company.id ? company.secret : null;
}
