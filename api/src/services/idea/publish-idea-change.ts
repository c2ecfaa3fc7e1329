import type { TDeps } from '../../deps.ts';
import type { TIdeaChangeKind } from '../../events.ts';
import type { Idea } from '../../generated/prisma/client.ts';

type TIdeaCounts = Pick<
  Idea,
  'id' | 'boardId' | 'authorId' | 'status' | 'voteCount' | 'commentCount'
>;

/** Tells live subscribers of the idea's board what changed (after the write committed). */
export function publishIdeaChange(
  deps: TDeps,
  kind: TIdeaChangeKind,
  idea: TIdeaCounts,
  companyId: number,
): void {
  deps.events.publishIdeaChanged({
    kind,
    ideaId: idea.id,
    boardId: idea.boardId,
    companyId,
    authorId: idea.authorId,
    status: idea.status,
    voteCount: idea.voteCount,
    commentCount: idea.commentCount,
  });
}
