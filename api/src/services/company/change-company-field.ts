import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TAuditAction } from '../audit/audit-actions.ts';

/** The company's own settings an admin changes one at a time, each audited with old and new. */
type TCompanyField = 'name' | 'currency';

/**
 * Writes one field of the admin's company and, when its value changed, its audit entry (`from`,
 * `to`) in the same transaction. Answers the company as written.
 */
export function changeCompanyField<TField extends TCompanyField>(
  deps: TDeps,
  admin: TViewer,
  field: TField,
  value: Company[TField],
  action: TAuditAction,
): Promise<Company> {
  return deps.prisma.$transaction(async (tx) => {
    const current = await tx.company.findUniqueOrThrow({
      where: { id: admin.companyId },
      select: { name: true, currency: true },
    });
    const updated = await tx.company.update({
      where: { id: admin.companyId },
      data: { [field]: value },
    });
    const from = current[field];
    if (from !== value) {
      await recordAudit(
        deps,
        {
          action,
          companyId: admin.companyId,
          actor: actorOf(admin),
          target: { type: 'Company', id: admin.companyId },
          details: { from, to: value },
        },
        tx,
      );
    }
    return updated;
  });
}
