import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Board } from '../../generated/prisma/client.ts';
import { parseInput, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canReadBoardAccess, findBoardForAdmin } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import type { TDetail } from '../audit/record-audit.ts';
import { publishBoardAccessChange } from '../idea/watch-idea-changes.ts';
import { BOARD_ACCESS_LIMITS, DOMAIN_NAME } from './board-access-limits.ts';

const { maxDomains, maxDomainLength, maxCustomerCompanies } = BOARD_ACCESS_LIMITS;

const ZDomain = z.preprocess(
  (input) => (typeof input === 'string' ? input.trim().replace(/^@/, '').toLowerCase() : input),
  z
    .string({ error: 'It has to be text.' })
    .min(1, { error: 'This field is required.' })
    .max(maxDomainLength, { error: `It has to be max ${maxDomainLength} characters.` })
    .regex(DOMAIN_NAME, { error: 'It has to be a domain name, e.g. example.com.' }),
);

/**
 * Who may see a board: public or not, and the grants of a private board. Every field is
 * optional: what is left out stays as it is.
 */
export const ZBoardAccess = z.object({
  isPublic: z.boolean({ error: requiredOr('It has to be true or false.') }).optional(),
  ssoAccess: z.boolean({ error: requiredOr('It has to be true or false.') }).optional(),
  allowedEmailDomains: z
    .array(ZDomain, { error: 'It has to be a list of domain names.' })
    .max(maxDomains, { error: `It has to be max ${maxDomains} domains.` })
    .transform((domains) => [...new Set(domains)])
    .optional(),
  allowedCustomerCompanyIds: z
    .array(z.number().int().nonnegative(), { error: 'It has to be a list of ids.' })
    .max(maxCustomerCompanies, {
      error: `It has to be max ${maxCustomerCompanies} customer companies.`,
    })
    .transform((ids) => [...new Set(ids)])
    .optional(),
});

export type TBoardAccessInput = z.input<typeof ZBoardAccess>;

/**
 * Refuses customer companies that are not the company's own (another company's, or no such
 * id), as a field error on the first of them: what updateBoardAccess and createBoard grant.
 */
export async function requireOwnCustomerCompanies(
  deps: TDeps,
  companyId: number,
  customerIds: readonly number[] | undefined,
): Promise<void> {
  if (!customerIds || customerIds.length === 0) return;
  // An id past the column's integer is no row (and the database would refuse the statement).
  const possible = customerIds.filter((id) => id <= 2_147_483_647);
  const found = await deps.prisma.customerCompany.findMany({
    where: { id: { in: possible }, companyId },
    select: { id: true },
  });
  const known = new Set(found.map((c) => c.id));
  const unknown = customerIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) {
    throw errors.validation([
      { field: `allowedCustomerCompanyIds.${unknown}`, message: 'No such customer company.' },
    ]);
  }
}

/** A board with the customer companies its access settings grant. */
export type TBoardWithAccess = Board & { customerAccess: { customerCompanyId: number }[] };

/**
 * The board with its access grants when the caller may read them (canReadBoardAccess), else
 * null: what GET /boards/{id} adds for the board's admins.
 */
export async function findBoardAccess(
  deps: TDeps,
  viewer: TViewer | null,
  board: Board,
): Promise<TBoardWithAccess | null> {
  if (!canReadBoardAccess(viewer, board)) return null;
  const customerAccess = await deps.prisma.boardCustomerAccess.findMany({
    where: { boardId: board.id },
    select: { customerCompanyId: true },
    orderBy: { customerCompanyId: 'asc' },
  });
  return { ...board, customerAccess };
}

/** A board with its customer-company grants, as the access services answer it. */
export const BOARD_ACCESS_INCLUDE = {
  customerAccess: {
    select: { customerCompanyId: true },
    orderBy: { customerCompanyId: 'asc' as const },
  },
};

/** Who may see a board, as its audit entries record it (BOARD_CREATED, BOARD_VISIBILITY_CHANGED). */
export function boardAccessDetails(board: TBoardWithAccess): Record<string, TDetail> {
  return {
    board: board.name,
    isPublic: board.isPublic,
    ssoAccess: board.ssoAccess,
    allowedEmailDomains: board.allowedEmailDomains,
    allowedCustomerCompanyIds: board.customerAccess.map((c) => String(c.customerCompanyId)),
  };
}

/**
 * Sets who may see a board (services/access.ts canSeeBoard): public or private, and for a
 * private board the end users it grants (the company's SSO users, confirmed addresses at the
 * allowed domains, members of the allowed customer companies). Admins only, on any board
 * (inactive ones too: closing a board must never wait for the plan). Customer companies of
 * another company are not found (a field error). The change and its audit entry are one
 * transaction; then every live stream and cached portal page of the board learns of it at once.
 */
export async function updateBoardAccess(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<TBoardWithAccess> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  const data = parseInput(ZBoardAccess, input);
  const customerIds = data.allowedCustomerCompanyIds;
  await requireOwnCustomerCompanies(deps, board.companyId, customerIds);
  const updated = await deps.prisma.$transaction(async (tx) => {
    const before = await tx.board.findUniqueOrThrow({
      where: { id: board.id },
      include: { customerAccess: { select: { customerCompanyId: true } } },
    });
    if (customerIds) {
      await tx.boardCustomerAccess.deleteMany({ where: { boardId: board.id } });
      await tx.boardCustomerAccess.createMany({
        data: customerIds.map((customerCompanyId) => ({ boardId: board.id, customerCompanyId })),
      });
    }
    const after = await tx.board.update({
      where: { id: board.id },
      data: {
        ...(data.isPublic === undefined ? {} : { isPublic: data.isPublic }),
        ...(data.ssoAccess === undefined ? {} : { ssoAccess: data.ssoAccess }),
        ...(data.allowedEmailDomains === undefined
          ? {}
          : { allowedEmailDomains: data.allowedEmailDomains }),
      },
      include: BOARD_ACCESS_INCLUDE,
    });
    await recordAudit(
      deps,
      {
        action: 'BOARD_VISIBILITY_CHANGED',
        companyId: board.companyId,
        actor: actorOf(admin),
        target: { type: 'Board', id: board.id },
        details: {
          ...boardAccessDetails({ ...after, name: board.name }),
          wasPublic: before.isPublic,
        },
      },
      tx,
    );
    return after;
  });
  publishBoardAccessChange(deps, updated);
  return updated;
}
