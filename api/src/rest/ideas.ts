import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { toRowId } from '../services/access.ts';
import { createIdea } from '../services/idea/create-idea.ts';
import { declineIdea } from '../services/idea/decline-idea.ts';
import { deleteIdea } from '../services/idea/delete-idea.ts';
import { ZIdeaPageParams, getIdeaView } from '../services/idea/find-idea-views.ts';
import { ZDecline, ZIdeaInput, ZIdeaStatusChange } from '../services/idea/idea-input.ts';
import { setIdeaStatus } from '../services/idea/set-idea-status.ts';
import { isIdeaWithinCap, loadPlanState } from '../services/plan/plan-state.ts';
import { updateIdea } from '../services/idea/update-idea.ts';
import { IdeaStatus } from '../generated/prisma/enums.ts';
import { messages, parseInput } from '../validation.ts';
import { clientOfRequest, readJson } from './http.ts';
import { ZDeclineDetails, ZIdeaJson, presentDeclineDetails, presentIdea } from './presenters.ts';
import { JsonText, emptyRoute, idParams, jsonRoute, pathId } from './route.ts';
import { findIdeasPageJson } from './idea-page-json.ts';
import type { TRestContext, TRestRoute } from './route.ts';

const tag = 'Ideas';
const params = idParams('id');

/** The board an ideas list or a new idea belongs to, named by the x-board-id header. */
export const ZBoardHeader = z.object({
  'x-board-id': z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .meta({ description: 'The board’s numeric id. Missing: 400; unknown or not visible: 404.' }),
});

function boardFromHeader(c: TRestContext): number {
  const headers = parseInput(ZBoardHeader, { 'x-board-id': c.req.header('x-board-id') });
  return toRowId(headers['x-board-id'].trim());
}

export const ZIdeaPageJson = z
  .object({
    ideas: z.array(ZIdeaJson),
    totalCount: z.number().int().meta({
      description:
        'Ideas matching the filter in all. A text search counts at most 1,000: past that, 1,000 with `totalIsLowerBound`.',
    }),
    totalIsLowerBound: z.literal(true).optional().meta({
      description:
        'Present (true) when a search matched more than 1,000 ideas and `totalCount` says "at least"; absent otherwise.',
    }),
    limit: z.number().int(),
    offset: z.number().int(),
    nextOffset: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The offset of the next page; null on the last page.' }),
  })
  .meta({ id: 'IdeaPage' });

/** A new idea: the spec's idea, and whether the plan's cap keeps it off the board at once. */
export const ZCreatedIdeaJson = ZIdeaJson.extend({
  isHiddenByPlan: z.boolean().meta({
    description:
      'True when the company’s plan cap on visible ideas hides it from readers of the board (an admin’s idea past the cap): it is kept, and shows once the plan allows.',
  }),
}).meta({ id: 'CreatedIdea' });

/** A board's ideas and one idea's life: submit, edit, delete, status, decline. */
export function ideaRoutes(deps: TDeps): TRestRoute[] {
  const view = (c: TRestContext, id: number) => getIdeaView(deps, c.get('viewer'), id);
  return [
    jsonRoute({
      method: 'get',
      path: '/ideas',
      legacyPath: '/ideas/',
      operationId: 'listIdeas',
      tag,
      summary: 'A page of the board’s ideas the caller may see (board in x-board-id)',
      description:
        '`filter` ALL (default) hides DECLINED ideas, a status shows only that status; `sort` VOTES (default), STATUS, DATE_DESC or DATE_ASC; `search` matches title or description; `tag` (a tag id) keeps the ideas carrying that tag (a private tag matches nothing outside the company’s team). Ideas past the plan’s cap are left out (see /boards/{id}/limits).',
      auth: 'optional',
      request: { headers: ZBoardHeader, query: ZIdeaPageParams },
      errors: [429],
      response: ZIdeaPageJson,
      handle: async (c) =>
        new JsonText(
          await findIdeasPageJson(
            deps,
            c.get('viewer'),
            boardFromHeader(c),
            c.req.query(),
            clientOfRequest(deps, c),
          ),
        ),
    }),
    jsonRoute({
      method: 'post',
      path: '/ideas',
      legacyPath: '/ideas/',
      operationId: 'createIdea',
      tag,
      summary: 'Submits an idea to the board in x-board-id (the caller’s company)',
      description:
        'Admins’ ideas start OPEN; others’ start NOT_PUBLIC (awaiting acceptance). An inactive board answers 402 PLAN_LIMIT; an end user the company blocked, 403 USER_BLOCKED. End users are limited per user and per address (`RATE_LIMIT_IDEA_SUBMISSION_*`, 10 per 10 minutes): 429 with Retry-After.',
      auth: 'signedIn',
      request: { headers: ZBoardHeader, body: ZIdeaInput },
      errors: [402, 403, 429],
      status: 201,
      response: ZCreatedIdeaJson,
      handle: async (c) => {
        const boardId = boardFromHeader(c);
        const idea = await createIdea(
          deps,
          c.get('viewer'),
          boardId,
          await readJson(c),
          clientOfRequest(deps, c),
        );
        const board = await deps.prisma.board.findUniqueOrThrow({
          where: { id: idea.boardId },
          select: { companyId: true },
        });
        const plan = await loadPlanState(deps.prisma, board.companyId);
        return {
          ...presentIdea(await view(c, idea.id)),
          isHiddenByPlan: !isIdeaWithinCap(plan, idea),
        };
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/ideas/{id}',
      operationId: 'getIdea',
      tag,
      summary: 'An idea the caller may see',
      auth: 'optional',
      request: { params },
      response: ZIdeaJson,
      handle: async (c) => presentIdea(await view(c, pathId(c))),
    }),
    jsonRoute({
      method: 'put',
      path: '/ideas/{id}',
      operationId: 'updateIdea',
      tag,
      summary: 'Replaces title and description (its author or an admin)',
      auth: 'signedIn',
      request: { params, body: ZIdeaInput },
      errors: [402, 403],
      response: ZIdeaJson,
      handle: async (c) => {
        await updateIdea(deps, c.get('viewer'), pathId(c), await readJson(c));
        return presentIdea(await view(c, pathId(c)));
      },
    }),
    emptyRoute({
      method: 'delete',
      path: '/ideas/{id}',
      operationId: 'deleteIdea',
      tag,
      summary: 'Deletes the idea with its votes and comments (its author or an admin)',
      auth: 'signedIn',
      request: { params },
      errors: [402, 403],
      handle: async (c) => {
        await deleteIdea(deps, c.get('viewer'), pathId(c));
      },
    }),
    jsonRoute({
      method: 'put',
      path: '/ideas/{id}/status',
      operationId: 'setIdeaStatus',
      tag,
      summary: 'Moves the idea to any status but DECLINED (admins)',
      auth: 'signedIn',
      request: { params, body: ZIdeaStatusChange },
      errors: [402, 403, 409],
      response: ZIdeaJson,
      handle: async (c) => {
        await setIdeaStatus(deps, c.get('viewer'), pathId(c), await readJson(c));
        return presentIdea(await view(c, pathId(c)));
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/ideas/{id}/decline',
      operationId: 'declineIdea',
      tag,
      summary: 'Declines the idea with a reason (admins; not a declined or complete idea)',
      description:
        'DUPLICATE needs duplicateOfIdeaId (another idea of the same board); mergeVotes (default true) moves the votes to it.',
      auth: 'signedIn',
      request: { params, body: ZDecline },
      errors: [402, 403, 409],
      response: z.object({ status: z.enum(IdeaStatus), declineDetails: ZDeclineDetails }),
      handle: async (c) => {
        const { idea, duplicateOf } = await declineIdea(
          deps,
          c.get('viewer'),
          pathId(c),
          await readJson(c),
        );
        const kept = duplicateOf ? { id: duplicateOf.id, title: duplicateOf.title } : null;
        return {
          status: idea.status,
          declineDetails: presentDeclineDetails({ ...idea, duplicateOf: kept }),
        };
      },
    }),
  ];
}
