import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Prisma, Role, User } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from './company-access.ts';

export type TUserCounts = { total: number; sso: number; regular: number };

/** The users of the admin's company (regular and SSO), by display name; `roles` filters. */
export function companyUsersQuery(
  viewer: TViewer | null,
  companyId?: number,
  roles?: Role[],
): { where: Prisma.UserWhereInput; orderBy: Prisma.UserOrderByWithRelationInput[] } {
  const admin = requireOwnCompanyAdmin(viewer, companyId);
  return {
    where: { companyId: admin.companyId, ...(roles ? { role: { in: roles } } : {}) },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
  };
}

/** How many users the company has: in all, of kind SSO, and regular (email and password). */
export async function countCompanyUsers(
  deps: TDeps,
  viewer: TViewer | null,
  companyId?: number,
): Promise<TUserCounts> {
  const { where } = companyUsersQuery(viewer, companyId);
  const groups = await deps.prisma.user.groupBy({ by: ['kind'], where, _count: { _all: true } });
  const count = (kind: string) => groups.find((g) => g.kind === kind)?._count._all ?? 0;
  const sso = count('SSO');
  const regular = count('REGULAR');
  return { total: sso + regular, sso, regular };
}

/** The most users one page of the REST list holds; without `limit`, a page holds this many. */
export const MAX_COMPANY_USER_PAGE = 100;

const limitError = `It has to be a whole number from 1 to ${MAX_COMPANY_USER_PAGE}.`;
const cursorError = 'It has to be the cursor a previous page gave.';

export const ZCompanyUserListParams = z.object({
  /** Users per page (1 to 100; 100 without it). */
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(MAX_COMPANY_USER_PAGE, { error: limitError })
    .optional(),
  /** Where the previous page ended (its `X-Next-Cursor`). */
  cursor: z.string().max(1000, { error: cursorError }).optional(),
});

type TUserCursor = { displayName: string; id: number };

/** A page's end as an opaque text: the last user's display name and id (the list's order). */
function encodeCursor(user: User): string {
  return Buffer.from(JSON.stringify([user.displayName, user.id])).toString('base64url');
}

function decodeCursor(cursor: string): TUserCursor {
  try {
    const [displayName, id] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof displayName === 'string' && Number.isSafeInteger(id) && (id as number) > 0) {
      return { displayName, id: id as number };
    }
  } catch {
    // answered below
  }
  throw errors.validation([{ field: 'cursor', message: cursorError }]);
}

/**
 * A page of the company's users, by display name (issue 33 F7: a company with many thousand
 * widget users was one answer): at most `limit` (100 without it) after `cursor`, and the
 * cursor of the next page when there is one. Admins of the company only.
 */
export async function listCompanyUserPage(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  rawParams: unknown = {},
): Promise<{ users: User[]; nextCursor: string | null }> {
  const list = companyUsersQuery(viewer, companyId);
  const { limit = MAX_COMPANY_USER_PAGE, cursor } = parseInput(ZCompanyUserListParams, rawParams);
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const users = await deps.prisma.user.findMany({
    where: after
      ? {
          AND: [
            list.where,
            {
              OR: [
                { displayName: { gt: after.displayName } },
                { displayName: after.displayName, id: { gt: after.id } },
              ],
            },
          ],
        }
      : list.where,
    orderBy: list.orderBy,
    take: limit + 1,
  });
  if (users.length <= limit) return { users, nextCursor: null };
  const page = users.slice(0, limit);
  return { users: page, nextCursor: encodeCursor(page[page.length - 1]!) };
}
