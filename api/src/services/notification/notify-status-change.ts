import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, DeclineReason, Idea, IdeaStatus } from '../../generated/prisma/client.ts';
import { enqueueNotifications, loadMailCompany } from './enqueue-notifications.ts';
import { ideaRef, loadBoardRef } from './links.ts';
import { statusChangeTexts } from './notification-texts.ts';

export type TStatusNotice = {
  idea: Pick<Idea, 'id' | 'title' | 'authorId'> & { board: Pick<Board, 'id' | 'companyId'> };
  status: IdeaStatus;
  actorId: number;
  decline?: {
    reason: DeclineReason;
    comment: string | null;
    mergedInto: Pick<Idea, 'id' | 'title'> | null;
    /**
     * Voters whose votes moved to the kept idea: they are no longer the idea's voters, yet they
     * are the ones to tell. Null when no votes moved.
     */
    movedVoterIds: number[] | null;
  };
};

/**
 * Queues the mails of a status change (or decline, or merge): to the idea's voters (MY_IDEAS:
 * not) and its author, never to the admin who made it.
 */
export async function notifyStatusChange(deps: TDeps, notice: TStatusNotice): Promise<number> {
  const { idea, decline } = notice;
  const [company, board] = await Promise.all([
    loadMailCompany(deps, idea.board.companyId),
    loadBoardRef(deps, idea.board.id),
  ]);
  const voters = decline?.movedVoterIds
    ? Prisma.sql`SELECT unnest(${decline.movedVoterIds}::int[]) AS "userId", false AS "mine"`
    : Prisma.sql`SELECT "userId", false AS "mine" FROM "Vote" WHERE "ideaId" = ${idea.id}`;
  const author =
    idea.authorId === null
      ? Prisma.empty
      : Prisma.sql`UNION ALL SELECT ${idea.authorId}::int AS "userId", true AS "mine"`;
  return enqueueNotifications(deps, {
    companyId: idea.board.companyId,
    topic: 'IDEA_STATUS',
    boardIds: [idea.board.id],
    recipients: Prisma.sql`${voters} ${author}`,
    actorId: notice.actorId,
    texts: statusChangeTexts({
      idea: ideaRef(deps, company.slug, { title: idea.title, board }),
      status: notice.status,
      ...(decline
        ? {
            decline: {
              reason: decline.reason,
              comment: decline.comment,
              mergedInto: decline.mergedInto
                ? ideaRef(deps, company.slug, { title: decline.mergedInto.title, board })
                : null,
              votesMoved: decline.movedVoterIds !== null,
            },
          }
        : {}),
    }),
  });
}
