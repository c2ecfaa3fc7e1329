import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { AuditEntry, Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from '../company/company-access.ts';
import type { TAuditAction } from './audit-actions.ts';

/**
 * Who may read a company's audit log: its owners, signed in as themselves. Another company's
 * log is not found; admins, members and end users are forbidden; an API key (even an owner's)
 * is refused, so a leaked key cannot learn who does what and from where.
 */
export function requireAuditReader(viewer: TViewer | null, companyId: number): TViewer {
  const admin = requireOwnCompanyAdmin(viewer, companyId);
  if (admin.apiKeyId !== undefined) {
    throw new AppError('FORBIDDEN', 'API keys cannot read the audit log: sign in to read it.');
  }
  if (admin.role !== 'OWNER') throw errors.forbidden();
  return admin;
}

export type TAuditFilter = {
  /** Entries of this user (as themselves or through their API keys). */
  actorUserId?: number;
  /** Entries made with this API key. */
  actorApiKeyId?: number;
  action?: TAuditAction;
  /** From this moment, inclusive. */
  from?: Date;
  /** Up to this moment, exclusive. */
  to?: Date;
};

/** A place in the list, newest first: entries are ordered by createdAt, then id. */
export type TAuditPosition = { createdAt: Date; id: number };

function filterWhere(companyId: number, filter: TAuditFilter): Prisma.AuditEntryWhereInput {
  if (filter.from && filter.to && filter.from >= filter.to) {
    throw errors.validation([{ field: 'to', message: 'It has to be later than from.' }]);
  }
  return {
    companyId,
    ...(filter.actorUserId !== undefined ? { actorUserId: filter.actorUserId } : {}),
    ...(filter.actorApiKeyId !== undefined ? { actorApiKeyId: filter.actorApiKeyId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: filter.from } : {}),
            ...(filter.to ? { lt: filter.to } : {}),
          },
        }
      : {}),
  };
}

/** Entries after `at` in the newest-first order (older), or before it (newer). */
function beyond(at: TAuditPosition, older: boolean): Prisma.AuditEntryWhereInput {
  const op = older ? 'lt' : 'gt';
  return {
    OR: [{ createdAt: { [op]: at.createdAt } }, { createdAt: at.createdAt, id: { [op]: at.id } }],
  };
}

/**
 * One page of the company's audit log, newest first (owners only, see requireAuditReader):
 * `limit` entries after `after` and/or before `before`; `reverse` reads from the oldest end
 * (a `last` page) and answers in newest-first order still.
 */
export async function findAuditPage(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  filter: TAuditFilter,
  page: { limit: number; after?: TAuditPosition; before?: TAuditPosition; reverse?: boolean },
): Promise<AuditEntry[]> {
  requireAuditReader(viewer, companyId);
  const direction = page.reverse ? 'asc' : 'desc';
  const rows = await deps.prisma.auditEntry.findMany({
    where: {
      AND: [
        filterWhere(companyId, filter),
        ...(page.after ? [beyond(page.after, true)] : []),
        ...(page.before ? [beyond(page.before, false)] : []),
      ],
    },
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: page.limit,
  });
  return page.reverse ? rows.reverse() : rows;
}

/** How many entries match the filter (all pages). */
export async function countAuditEntries(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  filter: TAuditFilter,
): Promise<number> {
  requireAuditReader(viewer, companyId);
  return deps.prisma.auditEntry.count({ where: filterWhere(companyId, filter) });
}

/** Someone who appears in the log as the actor: a user, or an API key. */
export type TAuditActor = { userId: number | null; apiKeyId: number | null; label: string };

/**
 * Who appears in the company's audit log as the actor (users and API keys, each with the label
 * of their latest entry), for the log's "who" filter; at most 200, the most recent first.
 */
export async function listAuditActors(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
): Promise<TAuditActor[]> {
  requireAuditReader(viewer, companyId);
  const rows = await deps.prisma.$queryRaw<
    { actorUserId: number | null; actorApiKeyId: number | null; actorLabel: string; at: Date }[]
  >`
    SELECT * FROM (
      SELECT DISTINCT ON ("actorUserId", "actorApiKeyId")
        "actorUserId", "actorApiKeyId", "actorLabel", "createdAt" AS "at"
      FROM "AuditEntry"
      WHERE "companyId" = ${companyId}
        AND ("actorUserId" IS NOT NULL OR "actorApiKeyId" IS NOT NULL)
      ORDER BY "actorUserId", "actorApiKeyId", "createdAt" DESC
    ) AS actors
    ORDER BY "at" DESC
    LIMIT 200`;
  return rows.map((row) => ({
    userId: row.actorUserId,
    apiKeyId: row.actorApiKeyId,
    label: row.actorLabel,
  }));
}

/**
 * Every entry matching the filter, newest first, read a page at a time so that a long log is
 * never held whole (for the CSV export): yields pages of up to `pageSize` entries.
 */
export async function* auditEntriesInPages(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
  filter: TAuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEntry[]> {
  let after: TAuditPosition | undefined;
  for (;;) {
    const page = await findAuditPage(deps, viewer, companyId, filter, {
      limit: pageSize,
      ...(after ? { after } : {}),
    });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
