import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { boardConsoleUrl } from '../webhook/emit-webhook-event.ts';
import { csvStream } from './csv-stream.ts';
import type { IdeaStatus } from '../../generated/prisma/client.ts';
import { STATUS_LABELS } from '../notification/notification-texts.ts';

const IMPORTANCE_LABELS: Record<string, string> = {
  NICE_TO_HAVE: 'nice to have',
  IMPORTANT: 'important',
  MUST_HAVE: 'must have',
};

/** A CSV download: its file name and its rows, read a page at a time as the client takes them. */
export type TCsvFile = { filename: string; stream: ReadableStream<Uint8Array> };

/**
 * Rows read per statement: a page of votes, so memory stays flat however big the board, and no
 * statement holds the embedded database (which runs in the server's thread) for long: about
 * 0.1 s for 1,000 votes on PGlite.
 */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Ideas read per statement: each brings its votes' counts and customer companies (ten votes an
 * idea on the bench's board: about 0.1 s on PGlite for 250 ideas).
 */
export const IDEA_EXPORT_PAGE_SIZE = 250;

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

type TIdeaExportRow = {
  id: number;
  title: string;
  description: string | null;
  tags: string | null;
  status: string;
  statusNameEn: string | null;
  statusNamePl: string | null;
  voteCount: number;
  commentCount: number;
  createdAt: Date;
  value: number | null;
  author: string | null;
  companies: string | null;
  niceToHave: number;
  important: number;
  mustHave: number;
};

type TVoteExportRow = {
  id: number;
  ideaId: number;
  title: string;
  userId: number;
  displayName: string;
  email: string | null;
  createdAt: Date;
  importance: string | null;
  note: string | null;
  addedBy: string | null;
  companies: string | null;
};

/** A money amount as spreadsheets read it: two decimals, no grouping. */
const money = (value: number) => Number(value).toFixed(2);

/**
 * Every idea of a board (admins of its company; another company's board is not found): title,
 * status, votes, comments count, author, created date and the console address, oldest first;
 * then its value, customer companies and votes per importance (nice to have, important, must
 * have), appended after the first columns so that older readers keep working; last the
 * status as people read it (`status name`: the idea's custom status, else the status's own
 * name, in the exporting admin's language) beside the code in `status` (issue 34.12); then
 * the description and the idea's tags (`; ` between them). `url` opens the idea in the console
 * by its number.
 */
export async function exportIdeasCsv(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  pageSize = IDEA_EXPORT_PAGE_SIZE,
): Promise<TCsvFile> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  await recordExport(deps, admin, board, 'IDEAS_EXPORTED');
  const { language } = await deps.prisma.user.findUniqueOrThrow({
    where: { id: admin.userId },
    select: { language: true },
  });
  const lang = language.startsWith('pl') ? 'pl' : 'en';
  const statusName = (idea: TIdeaExportRow) =>
    (lang === 'pl' ? idea.statusNamePl : idea.statusNameEn) ??
    STATUS_LABELS[lang][idea.status as IdeaStatus] ??
    idea.status;
  async function* pages(): AsyncGenerator<unknown[][]> {
    // Keyset pages on the index ("boardId", "createdAt", "id"): each statement reads its page's
    // rows only, however far into the board it is.
    let after = { createdAt: new Date(0), id: 0 };
    for (;;) {
      // The page's ideas first, then its votes' counts and customer companies in one pass over
      // the page's votes (set-based: no statement or subquery per idea).
      const ideas = await deps.sql<TIdeaExportRow>`
        WITH page AS (
          SELECT i."id", i."title", i."description", i."status", i."voteCount", i."commentCount",
            i."createdAt", i."value", i."authorId", i."customStatusId"
          FROM "Idea" i
          WHERE i."boardId" = ${board.id}
            AND (i."createdAt", i."id") > (${after.createdAt.toISOString()}::timestamp, ${after.id}::int)
          ORDER BY i."createdAt", i."id"
          LIMIT ${pageSize}::int
        ), page_votes AS MATERIALIZED (
          -- Each idea's votes through the index on "ideaId" (OFFSET 0 keeps the planner from
          -- turning this into a scan of every vote of the database).
          SELECT p."id" AS "ideaId", v."userId", v."importance"
          FROM page p
          CROSS JOIN LATERAL (
            SELECT v."userId", v."importance" FROM "Vote" v WHERE v."ideaId" = p."id" OFFSET 0
          ) v
        ), votes AS (
          SELECT v."ideaId",
            count(*) FILTER (WHERE v."importance" = 'NICE_TO_HAVE')::int AS "niceToHave",
            count(*) FILTER (WHERE v."importance" = 'IMPORTANT')::int AS "important",
            count(*) FILTER (WHERE v."importance" = 'MUST_HAVE')::int AS "mustHave"
          FROM page_votes v
          GROUP BY v."ideaId"
        ), companies AS (
          SELECT v."ideaId", string_agg(DISTINCT cc."name", '; ' ORDER BY cc."name") AS "companies"
          FROM page_votes v
          JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
          JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
          GROUP BY v."ideaId"
        ), tags AS (
          -- The admins' export: every tag, the team's private ones too, by name.
          SELECT it."ideaId", string_agg(t."name", '; ' ORDER BY t."nameKey") AS "tags"
          FROM page p
          JOIN "IdeaTag" it ON it."ideaId" = p."id"
          JOIN "Tag" t ON t."id" = it."tagId"
          GROUP BY it."ideaId"
        )
        SELECT p."id", p."title", p."description", tg."tags", p."status", p."voteCount", p."commentCount", p."createdAt",
          p."value", u."displayName" AS "author", c."companies",
          bs."nameEn" AS "statusNameEn", bs."namePl" AS "statusNamePl",
          coalesce(vc."niceToHave", 0)::int AS "niceToHave",
          coalesce(vc."important", 0)::int AS "important",
          coalesce(vc."mustHave", 0)::int AS "mustHave"
        FROM page p
        LEFT JOIN "User" u ON u."id" = p."authorId"
        LEFT JOIN "BoardStatus" bs ON bs."id" = p."customStatusId"
        LEFT JOIN votes vc ON vc."ideaId" = p."id"
        LEFT JOIN companies c ON c."ideaId" = p."id"
        LEFT JOIN tags tg ON tg."ideaId" = p."id"
        ORDER BY p."createdAt", p."id"`;
      if (ideas.length === 0) return;
      yield ideas.map((idea) => [
        idea.id,
        idea.title,
        idea.status,
        idea.voteCount,
        idea.commentCount,
        idea.author ?? '',
        idea.createdAt,
        // The idea's own address in the console, by its number (the board's list alone told a
        // reader nothing: first-hour F16; a global id in it read as noise: walkthrough 7).
        `${boardConsoleUrl(deps, board.id).replace(/\/list$/, '')}/ideas/${idea.id}`,
        money(idea.value ?? 0),
        idea.companies ?? '',
        idea.niceToHave,
        idea.important,
        idea.mustHave,
        statusName(idea),
        idea.description ?? '',
        idea.tags ?? '',
      ]);
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
        'status name',
        'description',
        'tags',
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
    // Keyset pages in the order of the index ("ideaId", "createdAt"): the board's ideas by id,
    // each idea's votes read in order from the index, so a page reads its own rows only (the
    // old OR-form keyset sorted every vote of the board for each page: quadratic).
    let after = { ideaId: 0, createdAt: new Date(0), id: 0 };
    for (;;) {
      const votes = await deps.sql<TVoteExportRow>`
        SELECT v."id", v."ideaId", i."title", v."userId", u."displayName", u."email",
          v."createdAt", v."importance", v."note", a."displayName" AS "addedBy",
          (SELECT string_agg(cc."name", '; ' ORDER BY cc."name")
             FROM "CustomerCompanyMember" m
             JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
            WHERE m."userId" = v."userId") AS "companies"
        FROM "Idea" i
        JOIN "Vote" v ON v."ideaId" = i."id"
        JOIN "User" u ON u."id" = v."userId"
        LEFT JOIN "User" a ON a."id" = v."addedById"
        WHERE i."boardId" = ${board.id} AND i."id" >= ${after.ideaId}::int
          AND (v."ideaId", v."createdAt", v."id")
            > (${after.ideaId}::int, ${after.createdAt.toISOString()}::timestamp, ${after.id}::int)
        ORDER BY v."ideaId", v."createdAt", v."id"
        LIMIT ${pageSize}::int`;
      if (votes.length === 0) return;
      yield votes.map((vote) => [
        vote.ideaId,
        vote.title,
        vote.userId,
        vote.displayName,
        vote.email ?? '',
        vote.createdAt,
        vote.companies ?? '',
        IMPORTANCE_LABELS[vote.importance ?? ''] ?? '',
        vote.addedBy ?? '',
        vote.note ?? '',
      ]);
      if (votes.length < pageSize) return;
      const last = votes[votes.length - 1]!;
      after = { ideaId: last.ideaId, createdAt: last.createdAt, id: last.id };
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
