import type { TCommentWithAuthor } from '../services/comment/add-comment.ts';
import { declineDetailsOf } from '../services/idea/find-idea-views.ts';
import type { TIdeaView } from '../services/idea/find-idea-views.ts';
import type { TReleaseWithParts } from '../services/release/find-releases.ts';
import type { TBoardWithState } from '../services/board/find-boards.ts';
import type { Idea } from '../generated/prisma/client.ts';
import { plainCommentText } from '../services/comment/mention-markup.ts';

/**
 * What the MCP tools answer: plain JSON with numeric ids (the REST API's ids), dates as ISO
 * text, and no field an agent would have to decode.
 */

export function presentMcpBoard(board: TBoardWithState) {
  return {
    id: board.id,
    name: board.name,
    isPublic: board.isPublic,
    isActive: board.active,
  };
}

export function presentMcpIdea(idea: TIdeaView) {
  const declined = declineDetailsOf(idea);
  return {
    id: idea.id,
    boardId: idea.boardId,
    title: idea.title,
    description: idea.description,
    status: idea.status,
    voteCount: idea.voteCount,
    commentCount: idea.commentCount,
    author: idea.author?.displayName ?? null,
    createdAt: idea.createdAt.toISOString(),
    ...(declined
      ? {
          declined: {
            reason: declined.reason,
            comment: declined.comment,
            duplicateOf: declined.duplicateOf,
            declinedAt: declined.declinedAt.toISOString(),
          },
        }
      : {}),
  };
}

/** An idea just written (no viewer-specific fields to show). */
export function presentMcpWrittenIdea(idea: Idea) {
  return {
    id: idea.id,
    boardId: idea.boardId,
    title: idea.title,
    description: idea.description,
    status: idea.status,
    voteCount: idea.voteCount,
    commentCount: idea.commentCount,
    createdAt: idea.createdAt.toISOString(),
  };
}

export function presentMcpComment(comment: TCommentWithAuthor) {
  return {
    id: comment.id,
    text: plainCommentText(comment.text),
    author: comment.author?.displayName ?? null,
    createdAt: comment.createdAt.toISOString(),
    /** The top-level comment it replies to; null for a thread start. */
    parentId: comment.parentId,
  };
}

export function presentMcpRelease(release: TReleaseWithParts) {
  return {
    id: release.id,
    name: release.name,
    releaseDate: release.releaseDate.toISOString().slice(0, 10),
    isPublished: release.isPublished,
    publishedAt: release.publishedAt?.toISOString() ?? null,
    boardIds: release.boards.map((board) => board.id),
    parts: release.parts.map((part) => ({ id: part.id, title: part.title, ideaId: part.ideaId })),
  };
}
