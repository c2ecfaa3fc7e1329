import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, DeclineReason, Idea, IdeaStatus } from '../../generated/prisma/client.ts';
import { enqueueNotifications, loadMailCompany } from './enqueue-notifications.ts';
import { ideaRef, loadBoardRef } from './links.ts';
import { releaseMailReach } from './notify-release-published.ts';
import { STATUS_LABELS, statusChangeTexts } from './notification-texts.ts';
import type { TLang } from './notification-texts.ts';
import { inlineText } from '../../mail/inline-text.ts';

export type TStatusNotice = {
  idea: Pick<Idea, 'id' | 'title' | 'authorId'> & {
    board: Pick<Board, 'id' | 'companyId'>;
    /** The board's custom status the idea shows now, whose name the mail quotes. */
    customStatusId?: number | null;
  };
  status: IdeaStatus;
  actorId: number;
  /**
   * The change is this release's publishing completing the idea: whoever the release's mail
   * (queued next) reaches is left out here and told there, in one mail, not two.
   */
  releaseId?: number;
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
 * not) and its author, never to the admin who made it. The subject and text name the status as
 * the board shows it (its custom status, in the reader's language) and link the idea itself.
 */
export async function notifyStatusChange(deps: TDeps, notice: TStatusNotice): Promise<number> {
  const { idea, decline } = notice;
  const [company, board, custom] = await Promise.all([
    loadMailCompany(deps, idea.board.companyId),
    loadBoardRef(deps, idea.board.id),
    idea.customStatusId
      ? deps.prisma.boardStatus.findFirst({
          where: { id: idea.customStatusId, boardId: idea.board.id, kind: notice.status },
          select: { nameEn: true, namePl: true },
        })
      : null,
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
    ...(notice.releaseId === undefined
      ? {}
      : { except: await releaseMailReach(deps, notice.releaseId, notice.actorId) }),
    texts: statusChangeTexts({
      idea: ideaRef(deps, company.slug, { id: idea.id, title: idea.title, board }),
      status: notice.status,
      ...(custom ? { statusName: customStatusNames(custom, notice.status) } : {}),
      ...(decline
        ? {
            decline: {
              reason: decline.reason,
              comment: decline.comment,
              mergedInto: decline.mergedInto
                ? ideaRef(deps, company.slug, {
                    id: decline.mergedInto.id,
                    title: decline.mergedInto.title,
                    board,
                  })
                : null,
              votesMoved: decline.movedVoterIds !== null,
            },
          }
        : {}),
    }),
  });
}

/**
 * A custom status's name as the widget and the portal show it, in each language: the Polish
 * name, else the English one; the English name, else the kind's own name. One line, capped (the
 * team's text in our subject).
 */
export function customStatusNames(
  custom: { nameEn: string; namePl: string },
  kind: IdeaStatus,
): Record<TLang, string> {
  const en = inlineText(custom.nameEn, 40);
  const pl = inlineText(custom.namePl, 40);
  return { en: en || STATUS_LABELS.en[kind], pl: pl || en || STATUS_LABELS.pl[kind] };
}
