import type { Prisma } from '../../generated/prisma/client.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { requireWriter } from '../../viewer.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { COUNTED_IDEAS } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { IMPORT_LIMITS, ImportFileError } from './import-model.ts';
import type { TImportFile, TImportModel, TImportSource } from './import-model.ts';
import { importJobView } from './import-job-view.ts';
import type {
  TImportJobView,
  TImportPayload,
  TImportPreview,
  TStatusMapping,
} from './import-job-view.ts';
import { deleteImportJobs, storedPayload, storeImportParts } from './import-parts.ts';
import { readImportFilesOffThread } from './read-import-files.ts';
import { yieldToOthers } from '../../yield-to-others.ts';
import { createSlots } from './slots.ts';

type TDb = Pick<
  Prisma.TransactionClient,
  'idea' | 'user' | 'vote' | 'comment' | 'boardStatus' | '$queryRaw'
>;

/** A problem's place as one line: `posts.csv, row 3, column Title`. */
export function problemPlace(problem: {
  file: string;
  row: number;
  column: string | null;
}): string {
  return `${problem.file}, row ${problem.row}${problem.column ? `, column ${problem.column}` : ''}`;
}

/**
 * Refuses an import that would take the company past its plan's cap on visible ideas (every
 * imported idea is visible: none awaits acceptance). Imported ideas keep their old dates, so
 * past the cap they would hide the company's newer ideas rather than themselves.
 */
export async function requireRoomForIdeas(
  db: Pick<TDb, 'idea'>,
  plan: TPlanState,
  newIdeas: number,
): Promise<void> {
  const cap = plan.caps.ideas;
  if (cap === null || newIdeas === 0) return;
  const used = await db.idea.count({
    where: { board: { companyId: plan.companyId }, ...COUNTED_IDEAS },
  });
  if (used + newIdeas > cap) {
    throw new AppError(
      'PLAN_LIMIT',
      `This import adds ${newIdeas} ideas, and your plan shows at most ${cap} (${used} are in use). Upgrade the plan, or import fewer ideas.`,
    );
  }
}

/** The board's own statuses whose names match the source's, by `kind:source status`. */
async function customStatusesFor(
  db: TDb,
  boardId: number,
  model: TImportModel,
): Promise<Record<string, { id: number; name: string }>> {
  const statuses = await db.boardStatus.findMany({
    where: { boardId },
    select: { id: true, kind: true, nameEn: true, namePl: true },
  });
  const found: Record<string, { id: number; name: string }> = {};
  for (const idea of model.ideas) {
    const key = `${idea.status}:${idea.sourceStatus.toLowerCase()}`;
    if (key in found) continue;
    const match = statuses.find(
      (status) =>
        status.kind === idea.status &&
        [status.nameEn, status.namePl].some(
          (name) => name.trim().toLowerCase() === idea.sourceStatus.trim().toLowerCase(),
        ),
    );
    if (match) found[key] = { id: match.id, name: match.nameEn };
  }
  return found;
}

/** Values per lookup: an import names up to 500,000 rows, never all in one `IN (…)`. */
const LOOKUP_CHUNK = 1_000;

/**
 * `find` over the values a chunk at a time, the answers together. One statement with a
 * parameter per value grew with the file (and PostgreSQL takes at most 65,535 parameters).
 */
async function inChunks<TValue, TRow>(
  values: readonly TValue[],
  find: (part: TValue[]) => Promise<TRow[]>,
): Promise<TRow[]> {
  const rows: TRow[] = [];
  for (let at = 0; at < values.length; at += LOOKUP_CHUNK) {
    if (at > 0) await yieldToOthers();
    rows.push(...(await find(values.slice(at, at + LOOKUP_CHUNK))));
  }
  return rows;
}

/**
 * The board's ideas imported before from `source`, by their source id, among `externalIds`: a
 * statement per LOOKUP_CHUNK ids, a turn of the event loop between two. What the preview counts
 * and the worker re-checks against the plan as "not new" (the write skips the same rows).
 */
export async function findImportedIdeas(
  db: Pick<TDb, '$queryRaw'>,
  boardId: number,
  source: TImportSource,
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  // The ids as one array parameter (as the people's addresses below): through the client's
  // `in`, a thousand parameters a statement cost some 60 ms each on the embedded database
  // (outside attack 13, F3: 74 such statements a 74,000-row preview).
  const found = await inChunks(
    externalIds,
    (part) => db.$queryRaw<{ id: number; importExternalId: string }[]>`
      SELECT "id", "importExternalId" FROM "Idea"
      WHERE "boardId" = ${boardId}::int AND "importSource" = ${source}
        AND "importExternalId" = ANY(${part}::text[])`,
  );
  return new Map(found.map((idea) => [idea.importExternalId, Number(idea.id)]));
}

/**
 * Counts what writing `model` into the board would create: ideas whose source id the board does
 * not hold yet, people whose email no user of the company has, and votes and comments not
 * there yet. The worker's statements skip the same rows (ON CONFLICT DO NOTHING).
 */
export async function countNewRows(
  db: TDb,
  companyId: number,
  boardId: number,
  source: TImportSource,
  model: TImportModel,
) {
  const existingIdeas = await findImportedIdeas(
    db,
    boardId,
    source,
    model.ideas.map((idea) => idea.externalId),
  );
  const existingUsers = new Map(
    (
      await inChunks(
        model.people.map((person) => person.email),
        // End users only, as writeImport matches them (a team address is never signed for);
        // the addresses as one array parameter, matched on the index of lower(email).
        (emails) => db.$queryRaw<{ id: number; email: string }[]>`
          SELECT "id", lower("email") AS "email" FROM "User"
          WHERE "companyId" = ${companyId}::int AND "role" = 'END_USER'
            AND lower("email") = ANY(${emails}::text[])`,
      )
    )
      // The oldest user of an address wins: the map keeps the last one set.
      .map((user) => ({ id: Number(user.id), email: user.email }))
      .sort((a, b) => b.id - a.id)
      .map((user) => [user.email, user.id]),
  );
  const ideaIds = [...existingIdeas.values()];
  const votes = new Set(
    (
      await inChunks(ideaIds, (ids) =>
        db.vote.findMany({
          where: { ideaId: { in: ids } },
          select: { ideaId: true, userId: true },
        }),
      )
    ).map((vote) => `${vote.ideaId}:${vote.userId}`),
  );
  const comments = new Set(
    (
      await inChunks(ideaIds, (ids) =>
        db.comment.findMany({
          where: { ideaId: { in: ids }, importExternalId: { not: null } },
          select: { ideaId: true, importExternalId: true },
        }),
      )
    ).map((comment) => `${comment.ideaId}:${comment.importExternalId}`),
  );
  const newVotes = model.votes.filter((vote) => {
    const ideaId = existingIdeas.get(vote.ideaExternalId);
    const userId = existingUsers.get(vote.email);
    return ideaId === undefined || userId === undefined || !votes.has(`${ideaId}:${userId}`);
  }).length;
  const newComments = model.comments.filter((comment) => {
    const ideaId = existingIdeas.get(comment.ideaExternalId);
    return ideaId === undefined || !comments.has(`${ideaId}:${comment.externalId}`);
  }).length;
  return {
    ideas: model.ideas.filter((idea) => !existingIdeas.has(idea.externalId)).length,
    users: model.people.filter((person) => !existingUsers.has(person.email)).length,
    votes: newVotes,
    comments: newComments,
  };
}

/**
 * Previews that run at once in the process. Six companies previewing a 99,000-row file at once
 * took 131-144 s each and held `/healthz` up to 5.5 s (outside attack 9, F10); the others wait
 * their turn, in the order they came.
 */
const PREVIEWS_AT_ONCE = 2;
const inPreviewSlot = createSlots(PREVIEWS_AT_ONCE);

/**
 * Companies with a preview under way in this process (waiting for its slot or running): a
 * company previews one export at a time. Three previews of one owner's 48 MB upload at once
 * held `/healthz` up to 7.9 s on the embedded database (outside attack 13, F3); a second is
 * refused at once (CONFLICT) rather than waiting with its upload in memory.
 */
const companiesPreviewing = new Set<number>();

/** What a company's second preview at once is told. */
export const PREVIEW_UNDER_WAY_MESSAGE =
  'Another import of your company is being read. Try again when its preview is shown.';

/**
 * Previews a board keeps waiting to be started: a newer one drops the oldest past these (outside
 * attack 10, F3: one owner stored 37 previews of 5 MB in 20 s, each kept for a day).
 */
export const PREVIEWS_KEPT_PER_BOARD = 3;

/**
 * Previews a company keeps waiting to be started, whatever the board: a newer one drops the
 * company's oldest past these (outside attack 11, F1: thirty boards kept ninety, each up to a
 * whole export's rows).
 */
export const PREVIEWS_KEPT_PER_COMPANY = 10;

/**
 * Reads another product's export (`source`: CANNY, USERVOICE, FIDER or our CSV) for a board and
 * says what importing it would create, without writing any of it: ideas, people (end users,
 * matched by email whatever its case), votes and comments, the source's statuses mapped to ours,
 * and each bad row as a problem naming its file, row and column (those rows are left out). The
 * read file is kept as a PREVIEWED ImportJob, which startImport sets going. OWNER and ADMIN of
 * the board's company; a file that cannot be read at all is VALIDATION on `files`; more ideas
 * than the plan shows is PLAN_LIMIT.
 */
export async function previewImport(
  deps: Pick<TDeps, 'prisma' | 'config'>,
  viewer: TViewer | null,
  input: { boardId: number; source: TImportSource; files: TImportFile[] },
): Promise<TImportJobView> {
  requireWriter(viewer);
  const {
    board,
    plan,
    viewer: admin,
  } = await findBoardForAdmin(deps as TDeps, viewer, input.boardId);
  if (input.files.length === 0)
    throw errors.validation([{ field: 'files', message: 'This field is required.' }]);
  if (companiesPreviewing.has(board.companyId)) {
    throw new AppError('CONFLICT', PREVIEW_UNDER_WAY_MESSAGE);
  }
  companiesPreviewing.add(board.companyId);
  try {
    return await previewInSlot(deps, input, board, plan, admin.userId);
  } finally {
    companiesPreviewing.delete(board.companyId);
  }
}

/**
 * The preview itself (reading, lookups, storing its parts), at most PREVIEWS_AT_ONCE at a
 * time in the process, whatever the company (outside attack 9, F10).
 */
function previewInSlot(
  deps: Pick<TDeps, 'prisma' | 'config'>,
  input: { boardId: number; source: TImportSource; files: TImportFile[] },
  board: { id: number; companyId: number },
  plan: TPlanState,
  adminId: number,
): Promise<TImportJobView> {
  return inPreviewSlot(async () => {
    let model: TImportModel;
    try {
      model = await readImportFilesOffThread(input.source, input.files);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      throw errors.validation([
        { field: 'files', message: `${problemPlace(error.problem)}: ${error.problem.message}` },
      ]);
    }
    const rows = model.ideas.length + model.votes.length + model.comments.length;
    const maxRows = Math.min(deps.config.importMaxRows, IMPORT_LIMITS.maxRows);
    if (rows > maxRows) {
      throw errors.validation([
        {
          field: 'files',
          message: `The files hold ${rows} rows; at most ${maxRows} are imported at once.`,
        },
      ]);
    }
    if (model.ideas.length === 0 && model.problems.length === 0) {
      throw errors.validation([{ field: 'files', message: 'The files hold no ideas to import.' }]);
    }
    const toCreate = await countNewRows(
      deps.prisma,
      board.companyId,
      board.id,
      input.source,
      model,
    );
    await requireRoomForIdeas(deps.prisma, plan, toCreate.ideas);
    const custom = await customStatusesFor(deps.prisma, board.id, model);
    const mapping = new Map<string, TStatusMapping>();
    for (const idea of model.ideas) {
      const key = `${idea.status}:${idea.sourceStatus.toLowerCase()}`;
      const line = mapping.get(key) ?? {
        sourceStatus: idea.sourceStatus,
        status: idea.status,
        customStatusName: custom[key]?.name ?? null,
        ideaCount: 0,
      };
      line.ideaCount += 1;
      mapping.set(key, line);
    }
    const preview: TImportPreview = {
      ideas: { inFile: model.ideas.length, toCreate: toCreate.ideas },
      users: { inFile: model.people.length, toCreate: toCreate.users },
      votes: { inFile: model.votes.length, toCreate: toCreate.votes },
      comments: { inFile: model.comments.length, toCreate: toCreate.comments },
      statusMapping: [...mapping.values()],
      problems: model.problems.slice(0, IMPORT_LIMITS.maxProblemsShown),
      problemCount: model.problems.length,
      skipped: model.skipped,
    };
    const payload: TImportPayload = {
      source: input.source,
      people: model.people,
      ideas: model.ideas,
      votes: model.votes,
      comments: model.comments,
      customStatusIds: Object.fromEntries(
        Object.entries(custom).map(([key, status]) => [key, status.id]),
      ),
    };
    // The job row first, with the counts; then the rows a part (statement) at a time, so the
    // server answers other requests in between (import-parts.ts). A preview cut short leaves
    // no job behind.
    const job = await deps.prisma.importJob.create({
      data: {
        companyId: board.companyId,
        boardId: board.id,
        createdById: adminId,
        source: input.source,
        fileNames: input.files
          .map((file) => file.name)
          .join(', ')
          .slice(0, 500),
        payload: storedPayload(payload) as unknown as Prisma.InputJsonValue,
        preview: preview as unknown as Prisma.InputJsonValue,
        total: rows,
      },
    });
    try {
      await storeImportParts(deps.prisma, job.id, payload);
    } catch (error) {
      await deleteImportJobs(deps.prisma, [job.id]);
      throw error;
    }
    // The board's older previews past the newest few go (their parts with them, a few parts a
    // statement): nobody starts the fourth-newest, and each holds a whole export's rows. Then
    // the company's past its newest few, whatever their board (attack 11, F1).
    await dropOlderPreviews(deps.prisma, { boardId: board.id }, PREVIEWS_KEPT_PER_BOARD);
    await dropOlderPreviews(deps.prisma, { companyId: board.companyId }, PREVIEWS_KEPT_PER_COMPANY);
    return importJobView(job);
  });
}

/** Deletes the previews of a board or a company past its `kept` newest, with their parts. */
async function dropOlderPreviews(
  prisma: TDeps['prisma'],
  where: { boardId: number } | { companyId: number },
  kept: number,
): Promise<void> {
  const older = await prisma.importJob.findMany({
    where: { ...where, status: 'PREVIEWED' },
    orderBy: { id: 'desc' },
    skip: kept,
    select: { id: true },
  });
  await deleteImportJobs(
    prisma,
    older.map((row) => row.id),
    { status: 'PREVIEWED' },
  );
}
