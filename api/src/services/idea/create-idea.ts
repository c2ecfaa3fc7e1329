import type { TDeps } from '../../deps.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForMember, isAdminOf } from '../access.ts';
import { ZIdeaInput } from './idea-input.ts';
import { publishIdeaChange } from './publish-idea-change.ts';

/**
 * Submits an idea to a board of the caller's company. Admins' ideas start OPEN; anyone else's
 * start NOT_PUBLIC (awaiting acceptance), seen only by admins and the author until accepted.
 */
export async function createIdea(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Idea> {
  const data = parseInput(ZIdeaInput, input);
  const member = await findBoardForMember(deps, viewer, boardId);
  const idea = await deps.prisma.idea.create({
    data: {
      boardId: member.board.id,
      authorId: member.viewer.userId,
      title: data.title,
      description: data.description ?? null,
      status: isAdminOf(member.viewer, member.board.companyId) ? 'OPEN' : 'NOT_PUBLIC',
    },
  });
  publishIdeaChange(deps, 'CREATED', idea, member.board.companyId);
  return idea;
}
