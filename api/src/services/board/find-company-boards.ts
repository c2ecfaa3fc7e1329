import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { findBoards } from './find-boards.ts';
import type { TBoardWithState } from './find-boards.ts';

/** The boards of a company named by id: the caller's own (another company's id is not found). */
export async function findCompanyBoards(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
): Promise<TBoardWithState[]> {
  if (requireViewer(viewer).companyId !== companyId) throw errors.notFound('Company');
  return findBoards(deps, viewer);
}
