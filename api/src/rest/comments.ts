import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { ZComment, addComment } from '../services/comment/add-comment.ts';
import {
  MAX_COMMENT_THREADS_PAGE,
  ZCommentListParams,
  listCommentThreads,
} from '../services/comment/list-comment-threads.ts';
import { COMMENT_PAGE_REPLIES } from '../services/comment/list-comments.ts';
import { clientOfRequest, readJson } from './http.ts';
import { ZCommentJson, presentComment } from './presenters.ts';
import { setNextCursor } from './paging.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Comments';
const params = idParams('id');

/** An idea's comments. */
export function commentRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'get',
      path: '/ideas/{id}/comments',
      operationId: 'listComments',
      tag,
      summary:
        'The idea’s comments and replies, oldest first (anyone who may see the idea; internal notes only for its company’s team)',
      description: `Paged by threads: a page holds at most \`limit\` top-level comments (1 to ${MAX_COMMENT_THREADS_PAGE}; ${MAX_COMMENT_THREADS_PAGE} without \`limit\`) with their replies, and at most ${COMMENT_PAGE_REPLIES} replies in all; a thread whose replies do not fit goes on at the next page, which starts with the rest of its replies (each names its thread in \`parentId\`). Without \`limit\` and \`cursor\` the answer is the whole list, as the spec answers it, for every idea within one page. When more follow, the answer carries \`X-Next-Cursor\` (and a \`Link\` of rel "next"), whose value as \`cursor\` asks for the next page; no comment is left out or answered twice.`,
      auth: 'optional',
      request: { params, query: ZCommentListParams },
      pages: true,
      response: z.array(ZCommentJson),
      handle: async (c) => {
        const page = await listCommentThreads(deps, c.get('viewer'), pathId(c), c.req.query());
        setNextCursor(c, page.nextCursor);
        return page.comments.map(presentComment);
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/ideas/{id}/comments',
      operationId: 'createComment',
      tag,
      summary:
        'Adds a comment (6 to 500 characters); `parentId` makes it a reply to a top-level comment, `isInternal` (the team only) an internal note',
      description:
        'An end user the company blocked is refused: 403 USER_BLOCKED. End users are limited per user and per address (`RATE_LIMIT_COMMENT_SUBMISSION_*`, 30 per 10 minutes): 429 with Retry-After.',
      auth: 'signedIn',
      request: { params, body: ZComment },
      errors: [402, 403, 429],
      status: 201,
      response: ZCommentJson,
      handle: async (c) =>
        presentComment(
          await addComment(
            deps,
            c.get('viewer'),
            pathId(c),
            await readJson(c),
            clientOfRequest(deps, c),
          ),
        ),
    }),
  ];
}
