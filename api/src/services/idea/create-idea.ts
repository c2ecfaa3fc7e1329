import type { TDeps } from '../../deps.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked } from '../../viewer.ts';
import { findBoardForMember, isAdminOf } from '../access.ts';
import { ZIdeaInput } from './idea-input.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyIdeaAwaiting } from '../notification/notify-idea-awaiting.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

/**
 * Submits an idea to a board of the caller's company. Admins' ideas start OPEN; anyone else's
 * start NOT_PUBLIC (awaiting acceptance), seen only by admins and the author until accepted;
 * the company's admins are mailed about those. Blocked end users are refused.
 */
export async function createIdea(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Idea> {
  const data = parseInput(ZIdeaInput, input);
  const member = await findBoardForMember(deps, viewer, boardId);
  requireNotBlocked(member.viewer);
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
  if (idea.status === 'NOT_PUBLIC') {
    await notifySafely(deps, `idea ${idea.id} awaiting acceptance`, () =>
      notifyIdeaAwaiting(deps, { ...idea, board: member.board }),
    );
  }
  await emitIdeaEvent(deps, 'IDEA_CREATED', idea, member.board.companyId);
  return idea;
}
