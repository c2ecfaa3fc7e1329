import type { TDeps } from '../../deps.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked } from '../../viewer.ts';
import { findBoardForMember, isAdminOf, isTeamMemberOf } from '../access.ts';
import { limitSubmission } from '../submission-limits.ts';
import { ZIdeaInput } from './idea-input.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyNewIdea } from '../notification/notify-new-idea.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

/**
 * Submits an idea to a board of the caller's company. Admins' ideas start OPEN; anyone else's
 * start NOT_PUBLIC (awaiting acceptance), seen only by the team and the author until accepted,
 * unless the board's admins turned moderation off (Board.moderateNewIdeas: then OPEN too);
 * the team is told of those (services/notification/notify-new-idea.ts). Blocked end users are
 * refused, and end users are limited per user and per client address (limitSubmission: 429
 * past it).
 */
export async function createIdea(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
  client?: TClient,
): Promise<Idea> {
  const data = parseInput(ZIdeaInput, input);
  const member = await findBoardForMember(deps, viewer, boardId);
  requireNotBlocked(member.viewer);
  await limitSubmission(deps, 'ideaSubmission', member.viewer, member.board.companyId, client);
  const idea = await deps.prisma.idea.create({
    data: {
      boardId: member.board.id,
      authorId: member.viewer.userId,
      title: data.title,
      description: data.description ?? null,
      status:
        isAdminOf(member.viewer, member.board.companyId) || !member.board.moderateNewIdeas
          ? 'OPEN'
          : 'NOT_PUBLIC',
    },
  });
  publishIdeaChange(deps, 'CREATED', idea, member.board.companyId);
  // The team hears of an idea that awaits its acceptance or comes from outside it: an entry in
  // each member's console notifications, and mail by their choice (each, daily digest, none).
  if (idea.status === 'NOT_PUBLIC' || !isTeamMemberOf(member.viewer, member.board.companyId)) {
    await notifySafely(deps, `new idea ${idea.id}`, () =>
      notifyNewIdea(deps, { ...idea, board: member.board }),
    );
  }
  await emitIdeaEvent(deps, 'IDEA_CREATED', idea, member.board.companyId);
  return idea;
}
