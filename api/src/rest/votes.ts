import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { addVote, removeVote } from '../services/vote/add-vote.ts';
import { MAX_VOTER_PAGE, ZVoterListParams, listVoterPage } from '../services/vote/list-voters.ts';
import { setNextCursor } from './paging.ts';
import {
  VOTE_IMPORTANCES,
  findVoteImportance,
  setVoteImportance,
} from '../services/vote/vote-on-behalf.ts';
import { readJson } from './http.ts';
import { ZVoterJson } from './presenters.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Votes';
const params = idParams('id');
const ZVoteJson = z
  .object({ voteCount: z.number().int(), isVotedByMe: z.boolean() })
  .meta({ id: 'VoteResult' });

const ZImportanceJson = z
  .object({
    importance: z
      .enum(VOTE_IMPORTANCES)
      .nullable()
      .describe('How much the caller needs it; null: not said.'),
  })
  .meta({ id: 'VoteImportance' });

/** Voting on an idea, and who voted. */
export function voteRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'post',
      path: '/ideas/{id}/upvote',
      operationId: 'upvoteIdea',
      tag,
      summary: 'Votes for the idea; voting twice counts once',
      description: 'An end user the company blocked is refused: 403 USER_BLOCKED.',
      auth: 'signedIn',
      request: { params },
      errors: [402, 403, 409],
      response: ZVoteJson,
      handle: async (c) => {
        const { voteCount, isVotedByMe } = await addVote(deps, c.get('viewer'), pathId(c));
        return { voteCount, isVotedByMe };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/ideas/{id}/downvote',
      operationId: 'downvoteIdea',
      tag,
      summary: 'Takes the caller’s vote back (no vote: no change)',
      description: 'An end user the company blocked is refused: 403 USER_BLOCKED.',
      auth: 'signedIn',
      request: { params },
      errors: [402, 403],
      response: ZVoteJson,
      handle: async (c) => {
        const { voteCount, isVotedByMe } = await removeVote(deps, c.get('viewer'), pathId(c));
        return { voteCount, isVotedByMe };
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/ideas/{id}/voters',
      operationId: 'listIdeaVoters',
      tag,
      summary: 'Who voted, earliest first (the idea’s editors: admins and its author)',
      description: `At most \`limit\` voters a page (1 to ${MAX_VOTER_PAGE}; ${MAX_VOTER_PAGE} without \`limit\`, so an idea within ${MAX_VOTER_PAGE} voters is answered whole); when more follow, the answer carries the header \`X-Next-Cursor\` (and a \`Link\` of rel "next"), whose value as \`cursor\` asks for the next page.`,
      auth: 'signedIn',
      request: { params, query: ZVoterListParams },
      pages: true,
      errors: [403],
      response: z.array(ZVoterJson),
      handle: async (c) => {
        const page = await listVoterPage(deps, c.get('viewer'), pathId(c), c.req.query());
        setNextCursor(c, page.nextCursor);
        return page.voters;
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/ideas/{id}/vote-importance',
      operationId: 'getVoteImportance',
      tag,
      summary: 'How much the caller marked their vote (null: not said, or no vote)',
      auth: 'signedIn',
      request: { params },
      errors: [402],
      response: ZImportanceJson,
      handle: async (c) => ({
        importance: await findVoteImportance(deps, c.get('viewer'), pathId(c)),
      }),
    }),
    jsonRoute({
      method: 'put',
      path: '/ideas/{id}/vote-importance',
      operationId: 'setVoteImportance',
      tag,
      summary: 'Marks the caller’s vote nice to have, important or must have (null clears it)',
      description:
        'Optional, never required. Without a vote for the idea: 409 (vote first). A blocked end user: 403 USER_BLOCKED.',
      auth: 'signedIn',
      request: { params, body: ZImportanceJson.partial() },
      errors: [402, 403, 409],
      response: ZImportanceJson,
      handle: async (c) => {
        const body = ((await readJson(c)) ?? {}) as { importance?: unknown };
        const { importance } = await setVoteImportance(
          deps,
          c.get('viewer'),
          pathId(c),
          body.importance ?? null,
        );
        return { importance };
      },
    }),
  ];
}
