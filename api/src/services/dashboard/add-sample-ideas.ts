import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { LANGUAGES } from '../../validation.ts';
import type { TLanguage } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canWrite, requireCompanyAdmin, requireWriter } from '../../viewer.ts';
import { isAdminOf } from '../access.ts';
import { SAMPLE_IDEAS } from './sample-ideas.ts';

/**
 * Whether any board of the company has an idea: sample ideas go only on a company that has
 * none (the dashboard's offer, the board's, and addSampleIdeas itself ask this).
 */
export async function companyHasIdeas(
  db: Pick<TDeps['prisma'], 'idea'>,
  companyId: number,
): Promise<boolean> {
  const any = await db.idea.findFirst({ where: { board: { companyId } }, select: { id: true } });
  return any !== null;
}

/**
 * Whether the caller may fill this board with sample ideas now (Board.canAddSampleIdeas, for
 * the offer on an empty board): an admin of its company who may write, while the company has
 * no idea (`hasIdeas`: companyHasIdeas, or the request's batched lookup of it for a list of
 * boards). The same rule addSampleIdeas holds to.
 */
export async function canAddSampleIdeasTo(
  viewer: TViewer | null,
  board: { companyId: number },
  hasIdeas: (companyId: number) => Promise<boolean>,
): Promise<boolean> {
  if (!isAdminOf(viewer, board.companyId) || !canWrite(viewer)) return false;
  return !(await hasIdeas(board.companyId));
}

/**
 * Fills a board of the company with a few sample ideas (Idea.isSample) in the caller's
 * language, so a new team sees how a board, its roadmap and the dashboard look (owners and
 * admins): the board named (from its empty list), else the company's first board (from the
 * dashboard). Only while no board of the company has an idea: a company in use is refused
 * (CONFLICT); another company's board is not found. They are written directly, as the demo
 * seed writes its ideas: no mail, webhook or notification goes out about made-up ideas.
 * Answers how many were added.
 */
export async function addSampleIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number | null = null,
): Promise<number> {
  const admin = requireCompanyAdmin(viewer);
  requireWriter(admin);
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: admin.userId },
    select: { language: true },
  });
  const language: TLanguage = (LANGUAGES as readonly string[]).includes(user.language)
    ? (user.language as TLanguage)
    : 'en-US';
  return deps.prisma.$transaction(async (tx) => {
    const board = await tx.board.findFirst({
      where: { companyId: admin.companyId, ...(boardId === null ? {} : { id: boardId }) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    if (!board && boardId !== null) throw errors.notFound('Board');
    if (!board) throw new AppError('CONFLICT', 'Create a board first: sample ideas go on it.');
    if (await companyHasIdeas(tx, admin.companyId)) {
      throw new AppError(
        'CONFLICT',
        'Sample ideas go on a new board only: yours already has ideas.',
      );
    }
    const created = await tx.idea.createMany({
      data: SAMPLE_IDEAS[language].map((sample) => ({
        boardId: board.id,
        authorId: admin.userId,
        title: sample.title,
        description: sample.description,
        status: sample.status,
        isSample: true,
      })),
    });
    return created.count;
  });
}
