import { newToken } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { PORTAL_PAGE_SLUGS } from '../portal/portal-page-slugs.ts';
import { slugify } from '../slug.ts';
import { ZCreateBoard } from './board-input.ts';
import {
  BOARD_ACCESS_INCLUDE,
  ZBoardAccess,
  boardAccessDetails,
  requireOwnCustomerCompanies,
} from './update-board-access.ts';
import type { TBoardWithAccess } from './update-board-access.ts';

/**
 * The name, and optionally who may see the board from the start, with updateBoardAccess's
 * rules (ZBoardAccess): isPublic, ssoAccess, allowedEmailDomains, allowedCustomerCompanyIds.
 */
export const ZCreateBoardWithAccess = ZCreateBoard.extend(ZBoardAccess.shape);

/**
 * Creates a board in the admin's company, with its access settings when given (so a private
 * board is never visible to more than meant, not even between two calls). The slug comes from
 * the name and is unique within the company (a short suffix is added on a clash). A board past
 * the plan's active-board cap is created view-only (`active: false`) and becomes active when
 * the plan allows it. Customer companies of another company are a field error. The board and
 * its audit entry (BOARD_CREATED, with who may see it) are one transaction.
 */
export async function createBoard(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<TBoardWithAccess> {
  const admin = requireCompanyAdmin(viewer);
  const { companyId } = admin;
  const { name, isPublic, ssoAccess, allowedEmailDomains, allowedCustomerCompanyIds } = parseInput(
    ZCreateBoardWithAccess,
    input,
  );
  await requireOwnCustomerCompanies(deps, companyId, allowedCustomerCompanyIds);
  const baseSlug = slugify(name) || 'board';
  // `/{company}/changelog` and `/roadmap` are the portal's own pages: a board takes `-2`.
  const firstAttempt = PORTAL_PAGE_SLUGS.has(baseSlug) ? 1 : 0;
  for (let attempt = firstAttempt; ; attempt += 1) {
    const slug = attempt === 0 ? baseSlug : `${baseSlug}-${attempt + 1}`;
    try {
      const board = await deps.prisma.$transaction(async (tx) => {
        const created = await tx.board.create({
          data: {
            companyId,
            name,
            slug,
            widgetHash: newToken().slice(0, 24),
            ...(isPublic === undefined ? {} : { isPublic }),
            ...(ssoAccess === undefined ? {} : { ssoAccess }),
            ...(allowedEmailDomains === undefined ? {} : { allowedEmailDomains }),
            ...(allowedCustomerCompanyIds?.length
              ? {
                  customerAccess: {
                    create: allowedCustomerCompanyIds.map((customerCompanyId) => ({
                      customerCompanyId,
                    })),
                  },
                }
              : {}),
          },
          include: BOARD_ACCESS_INCLUDE,
        });
        // Who may see it from the start is audited as a later change of it would be.
        await recordAudit(
          deps,
          {
            action: 'BOARD_CREATED',
            companyId,
            actor: actorOf(admin),
            target: { type: 'Board', id: created.id },
            details: boardAccessDetails(created),
          },
          tx,
        );
        return created;
      });
      deps.log.debug(`Board ${board.id} created in company ${companyId}`);
      return board;
    } catch (error) {
      if (isUniqueViolation(error, 'slug') && attempt < 50 + firstAttempt) continue;
      throw error;
    }
  }
}
