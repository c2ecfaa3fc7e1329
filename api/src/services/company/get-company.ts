import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';

export type TCompanyDetails = {
  companyId: number;
  companyName: string;
  companySecret: string;
  slug: string;
};

/** The viewer's company with its SSO signing secret (admins only). */
export async function getCompany(deps: TDeps, viewer: TViewer | null): Promise<TCompanyDetails> {
  const { companyId } = requireCompanyAdmin(viewer);
  const company = await deps.prisma.company.findUnique({ where: { id: companyId } });
  if (!company) throw errors.notFound('Company');
  return {
    companyId: company.id,
    companyName: company.name,
    companySecret: company.secret,
    slug: company.slug,
  };
}
