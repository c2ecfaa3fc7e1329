import { stringify } from 'csv-stringify/sync';
import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { boardConsoleUrl } from '../webhook/emit-webhook-event.ts';

export type TCsvFile = { filename: string; csv: string };

/**
 * CSV as spreadsheets read it: a header row, RFC 4180 quoting (commas, quotes and line breaks
 * inside cells survive), CRLF line ends, and cells starting with = + - @ (or a tab or carriage
 * return) prefixed with a quote, so that a spreadsheet shows an idea titled "=HYPERLINK(…)" as
 * text instead of running it (CSV injection).
 */
function toCsv(header: string[], rows: unknown[][]): string {
  return stringify([header, ...rows], {
    escape_formulas: true,
    record_delimiter: 'windows',
    cast: { date: (value) => value.toISOString() },
  });
}

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

/**
 * Every idea of a board (admins of its company; another company's board is not found): title,
 * status, votes, comments count, author, created date and the console address, oldest first.
 */
export async function exportIdeasCsv(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<TCsvFile> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  await recordExport(deps, admin, board, 'IDEAS_EXPORTED');
  const ideas = await deps.prisma.idea.findMany({
    where: { boardId: board.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
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
  const url = boardConsoleUrl(deps, board.id);
  return {
    filename: fileName(board.slug, 'ideas'),
    csv: toCsv(
      ['id', 'title', 'status', 'votes', 'comments', 'author', 'created', 'url'],
      ideas.map((idea) => [
        idea.id,
        idea.title,
        idea.status,
        idea.voteCount,
        idea.commentCount,
        idea.author?.displayName ?? '',
        idea.createdAt,
        url,
      ]),
    ),
  };
}

/** Who voted for which idea of a board, one row per vote (admins of its company). */
export async function exportVotersCsv(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<TCsvFile> {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId, {
    active: false,
  });
  await recordExport(deps, admin, board, 'VOTERS_EXPORTED');
  const votes = await deps.prisma.vote.findMany({
    where: { idea: { boardId: board.id } },
    orderBy: [{ ideaId: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: {
      createdAt: true,
      idea: { select: { id: true, title: true } },
      user: { select: { id: true, displayName: true, email: true } },
    },
  });
  return {
    filename: fileName(board.slug, 'voters'),
    csv: toCsv(
      ['idea id', 'idea title', 'voter id', 'voter name', 'voter email', 'voted'],
      votes.map((vote) => [
        vote.idea.id,
        vote.idea.title,
        vote.user.id,
        vote.user.displayName,
        vote.user.email ?? '',
        vote.createdAt,
      ]),
    ),
  };
}
