import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { boardConsoleUrl } from '../webhook/emit-webhook-event.ts';
import { csvStream } from './csv-stream.ts';

const IMPORTANCE_LABELS: Record<string, string> = {
  NICE_TO_HAVE: 'nice to have',
  IMPORTANT: 'important',
  MUST_HAVE: 'must have',
};

/** A CSV download: its file name and its rows, read a page at a time as the client takes them. */
export type TCsvFile = { filename: string; stream: ReadableStream<Uint8Array> };

/** Rows read per statement: a page of ideas or votes, so memory stays flat however big the board. */
export const EXPORT_PAGE_SIZE = 1000;

/** A file name from the board's slug and today's date. */
function fileName(slug: string, what: string): string {
  return `${slug}-${what}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * An export has no transaction (it only reads), and the data leaves once answered: the entry
 * is written before the rows are read, and an export whose entry cannot be written fails
 * rather than leave unrecorded.
 */
function recordExport(
  deps: TDeps,
  admin: TViewer,
  board: { id: number; companyId: number; name: string },
  action: 'IDEAS_EXPORTED' | 'VOTERS_EXPORTED',
): Promise<void> {
  return recordAudit(deps, {
    action,
    companyId: board.companyId,
    actor: actorOf(admin),
    target: { type: 'Board', id: board.id },
    details: { board: board.name },
  });
}

type TIdeaCustomerRow = {
  id: number;
  value: number;
  companies: string | null;
  niceToHave: number;
  important: number;
  mustHave: number;
};

/**
 * Each idea of a page with its stored value (summed monthly spend of the distinct customer
 * companies behind its votes), those companies' names, and its votes per importance: one
 * statement.
 */
async function customerColumns(
  deps: TDeps,
  ideaIds: number[],
): Promise<Map<number, TIdeaCustomerRow>> {
  const columns = new Map<number, TIdeaCustomerRow>();
  // A few hundred ideas per statement: a thousand held the embedded database 300-360 ms at a
  // time (10,000 ideas, 100,000 votes), and every other request waited that long.
  for (let start = 0; start < ideaIds.length; start += CUSTOMER_COLUMNS_BATCH) {
    const batch = ideaIds.slice(start, start + CUSTOMER_COLUMNS_BATCH);
    for (const row of await customerColumnsOf(deps, batch)) columns.set(Number(row.id), row);
  }
  return columns;
}

/** Ideas per statement of customerColumns. */
const CUSTOMER_COLUMNS_BATCH = 200;

async function customerColumnsOf(deps: TDeps, ideaIds: number[]): Promise<TIdeaCustomerRow[]> {
  return deps.sql<TIdeaCustomerRow>`
    SELECT i."id", i."value",
      (SELECT string_agg(DISTINCT cc."name", '; ' ORDER BY cc."name")
         FROM "Vote" v
         JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
         JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
        WHERE v."ideaId" = i."id") AS "companies",
      (SELECT count(*) FILTER (WHERE v."importance" = 'NICE_TO_HAVE') FROM "Vote" v
        WHERE v."ideaId" = i."id")::int AS "niceToHave",
      (SELECT count(*) FILTER (WHERE v."importance" = 'IMPORTANT') FROM "Vote" v
        WHERE v."ideaId" = i."id")::int AS "important",
      (SELECT count(*) FILTER (WHERE v."importance" = 'MUST_HAVE') FROM "Vote" v
        WHERE v."ideaId" = i."id")::int AS "mustHave"
    FROM "Idea" i WHERE i."id" = ANY(${ideaIds}::int[])`;
}

/** A money amount as spreadsheets read it: two decimals, no grouping. */
const money = (value: number) => Number(value).toFixed(2);

/**
 * Every idea of a board (admins of its company; another company's board is not found): title,
 * status, votes, comments count, author, created date and the console address, oldest first;
 * then its value, customer companies and votes per importance (nice to have, important, must
 * have), appended after the first columns so that older readers keep working.
 */
export async function exportIdeasCsv(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<TCsvFile> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  await recordExport(deps, admin, board, 'IDEAS_EXPORTED');
  const url = boardConsoleUrl(deps, board.id);
  async function* pages(): AsyncGenerator<unknown[][]> {
    let after: { createdAt: Date; id: number } | undefined;
    for (;;) {
      const ideas = await deps.prisma.idea.findMany({
        where: {
          boardId: board.id,
          ...(after
            ? {
                OR: [
                  { createdAt: { gt: after.createdAt } },
                  { createdAt: after.createdAt, id: { gt: after.id } },
                ],
              }
            : {}),
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: pageSize,
        select: {
          id: true,
          title: true,
          status: true,
          voteCount: true,
          commentCount: true,
          createdAt: true,
          author: { select: { displayName: true } },
        },
      });
      if (ideas.length === 0) return;
      const customers = await customerColumns(
        deps,
        ideas.map((idea) => idea.id),
      );
      yield ideas.map((idea) => {
        const extra = customers.get(idea.id);
        return [
          idea.id,
          idea.title,
          idea.status,
          idea.voteCount,
          idea.commentCount,
          idea.author?.displayName ?? '',
          idea.createdAt,
          url,
          money(extra?.value ?? 0),
          extra?.companies ?? '',
          extra?.niceToHave ?? 0,
          extra?.important ?? 0,
          extra?.mustHave ?? 0,
        ];
      });
      if (ideas.length < pageSize) return;
      const last = ideas[ideas.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return {
    filename: fileName(board.slug, 'ideas'),
    stream: csvStream(
      [
        'id',
        'title',
        'status',
        'votes',
        'comments',
        'author',
        'created',
        'url',
        'value',
        'customer companies',
        'nice to have',
        'important',
        'must have',
      ],
      pages(),
    ),
  };
}

/**
 * Who voted for which idea of a board, one row per vote (admins of its company); then the
 * voter's customer companies, the vote's importance, and for a vote added on behalf the team
 * member who added it and their note.
 */
export async function exportVotersCsv(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<TCsvFile> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  await recordExport(deps, admin, board, 'VOTERS_EXPORTED');
  async function* pages(): AsyncGenerator<unknown[][]> {
    let after: { ideaId: number; createdAt: Date; id: number } | undefined;
    for (;;) {
      const votes = await deps.prisma.vote.findMany({
        where: {
          idea: { boardId: board.id },
          ...(after
            ? {
                OR: [
                  { ideaId: { gt: after.ideaId } },
                  { ideaId: after.ideaId, createdAt: { gt: after.createdAt } },
                  { ideaId: after.ideaId, createdAt: after.createdAt, id: { gt: after.id } },
                ],
              }
            : {}),
        },
        orderBy: [{ ideaId: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
        take: pageSize,
        select: {
          id: true,
          createdAt: true,
          importance: true,
          note: true,
          idea: { select: { id: true, title: true } },
          addedBy: { select: { displayName: true } },
          user: {
            select: {
              id: true,
              displayName: true,
              email: true,
              customerCompanies: {
                select: { customerCompany: { select: { name: true } } },
                orderBy: { customerCompany: { name: 'asc' } },
              },
            },
          },
        },
      });
      if (votes.length === 0) return;
      yield votes.map((vote) => [
        vote.idea.id,
        vote.idea.title,
        vote.user.id,
        vote.user.displayName,
        vote.user.email ?? '',
        vote.createdAt,
        vote.user.customerCompanies.map((m) => m.customerCompany.name).join('; '),
        IMPORTANCE_LABELS[vote.importance ?? ''] ?? '',
        vote.addedBy?.displayName ?? '',
        vote.note ?? '',
      ]);
      if (votes.length < pageSize) return;
      const last = votes[votes.length - 1]!;
      after = { ideaId: last.idea.id, createdAt: last.createdAt, id: last.id };
    }
  }
  return {
    filename: fileName(board.slug, 'voters'),
    stream: csvStream(
      [
        'idea id',
        'idea title',
        'voter id',
        'voter name',
        'voter email',
        'voted',
        'voter companies',
        'importance',
        'added by',
        'note',
      ],
      pages(),
    ),
  };
}
