import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TCustomerClaims } from './customer-claims.ts';
import { lockCustomerValues } from './idea-value.ts';

/**
 * Stores what an SSO sign-in's token says about the user's customers, in one transaction: the
 * user's `attributes` (when the claim is there), each named customer company created or brought
 * up to date (name, monthly spend, plan, and attributes when given) by its id in the company's
 * system, and the user linked to exactly the companies listed (an empty list detaches them all;
 * no `companies` claim leaves the links alone). Companies are written with
 * INSERT … ON CONFLICT, so two users of one customer signing in at once make one row. A new
 * spend or a changed list of companies moves the value of the ideas concerned, in the same
 * transaction (customer/idea-value.ts). Answers whether the user was detached from a customer
 * company (a grant of private boards withdrawn: the caller publishes the access change).
 */
export async function storeCustomerClaims(
  deps: Pick<TDeps, 'prisma'>,
  companyId: number,
  userId: number,
  claims: TCustomerClaims,
): Promise<{ isDetached: boolean }> {
  const { attributes, companies } = claims;
  if (attributes === null && companies === null) return { isDetached: false };
  return deps.prisma.$transaction(async (tx) => {
    // Spends and memberships move ideas' values: the company's value lock comes first.
    if (companies !== null) await lockCustomerValues(tx, companyId);
    if (attributes !== null) {
      await tx.user.update({
        where: { id: userId },
        data: { attributes: attributes as Prisma.InputJsonObject },
      });
    }
    if (companies === null) return { isDetached: false };
    // In id order of the customers' own ids, so two sign-ins never wait on each other's rows.
    const sorted = [...companies].sort((a, b) => (a.externalId < b.externalId ? -1 : 1));
    const ids: number[] = [];
    for (const company of sorted) {
      const [row] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO "CustomerCompany"
          ("companyId", "externalId", "name", "monthlySpend", "plan", "attributes", "updatedAt")
        VALUES (${companyId}::int, ${company.externalId}, ${company.name},
                ${company.monthlySpend}::numeric, ${company.plan},
                ${JSON.stringify(company.attributes ?? {})}::jsonb, now() AT TIME ZONE 'UTC')
        ON CONFLICT ("companyId", "externalId") DO UPDATE SET
          "name" = EXCLUDED."name",
          "monthlySpend" = EXCLUDED."monthlySpend",
          "plan" = EXCLUDED."plan",
          "attributes" = CASE WHEN ${company.attributes === null}::boolean
                              THEN "CustomerCompany"."attributes" ELSE EXCLUDED."attributes" END,
          "updatedAt" = EXCLUDED."updatedAt"
        RETURNING "id"`;
      ids.push(row!.id);
    }
    const detached = await tx.customerCompanyMember.deleteMany({
      where: { userId, customerCompanyId: { notIn: ids } },
    });
    // The ideas' values and customer counts follow the spends and memberships written here
    // (the triggers of migration idea_customer_company): a sign-in that changes neither (the
    // usual one) moves nothing.
    if (ids.length) {
      await tx.customerCompanyMember.createMany({
        data: ids.map((customerCompanyId) => ({ customerCompanyId, userId })),
        skipDuplicates: true,
      });
    }
    return { isDetached: detached.count > 0 };
  });
}
