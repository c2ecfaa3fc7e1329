import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { getBoard, getBoardLimits, getWidgetSetup } from '../services/board/board-details.ts';
import {
  ZBoardLanguage,
  ZBoardName,
  ZBoardTheme,
  ZBoardVisibility,
} from '../services/board/board-input.ts';
import {
  setBoardVisibility,
  updateBoardLanguage,
  updateBoardName,
  updateBoardTheme,
} from '../services/board/update-board.ts';
import { ZReleaseListParams, findReleasePage } from '../services/release/find-releases.ts';
import { statusName } from '../services/board-status/board-status-input.ts';
import { findBoardStatuses } from '../services/board-status/find-board-status.ts';
import { IdeaStatus } from '../generated/prisma/enums.ts';
import { RELEASE_PAGING, setNextCursor } from './paging.ts';
import {
  ZBoardAccess,
  findBoardAccess,
  updateBoardAccess,
} from '../services/board/update-board-access.ts';
import { readJson } from './http.ts';
import {
  ZBoardDetailJson,
  ZBoardJson,
  ZBoardWithAccessJson,
  ZReleaseJson,
  presentBoard,
  presentBoardAccess,
  presentRelease,
} from './presenters.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestContext, TRestRoute } from './route.ts';

const tag = 'Boards';
const params = idParams('id');

/** One board: reads for anyone who may see it, settings for its company's admins. */
export function boardRoutes(deps: TDeps): TRestRoute[] {
  /** A settings change, answered with the board as it now is. */
  const setting = (
    path: string,
    operationId: string,
    summary: string,
    body: z.ZodType,
    change: typeof updateBoardName,
  ): TRestRoute =>
    jsonRoute({
      method: 'put',
      path: `/boards/{id}/${path}`,
      operationId,
      tag,
      summary,
      auth: 'signedIn',
      request: { params, body },
      errors: [402, 403],
      response: ZBoardJson,
      handle: async (c: TRestContext) => {
        const viewer = c.get('viewer');
        await change(deps, viewer, pathId(c), await readJson(c));
        return presentBoard(await getBoard(deps, viewer, pathId(c)));
      },
    });

  return [
    jsonRoute({
      method: 'get',
      path: '/boards/{id}',
      operationId: 'getBoard',
      tag,
      summary: 'A board: any public board, or a private one of the caller’s company',
      description:
        'Its company’s admins (owners and admins) also read `access`: who may see the board when it is private.',
      auth: 'optional',
      request: { params },
      response: ZBoardDetailJson,
      handle: async (c) => {
        const viewer = c.get('viewer');
        const board = await getBoard(deps, viewer, pathId(c));
        const withAccess = await findBoardAccess(deps, viewer, board);
        return withAccess
          ? { ...presentBoard(board), access: presentBoardAccess(withAccess) }
          : presentBoard(board);
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/boards/{id}/limits',
      operationId: 'getBoardLimits',
      tag,
      summary: "What the plan hides on the board: cappedIdeas (ideas past the plan's cap)",
      auth: 'optional',
      request: { params },
      response: z.object({ cappedIdeas: z.number().int() }).meta({ id: 'BoardLimits' }),
      handle: async (c) => getBoardLimits(deps, c.get('viewer'), pathId(c)),
    }),
    jsonRoute({
      method: 'get',
      path: '/boards/{id}/statuses',
      operationId: 'listBoardStatuses',
      tag,
      summary: 'The board’s custom statuses, in the board’s order (anyone who may see the board)',
      description:
        'Each is a name and colour over one kind of the pipeline (`kind`, one of the spec’s statuses). Move an idea to one with PUT /ideas/{id}/status: `status` is its kind and `customStatusId` its id. Empty: the board shows the spec’s statuses only.',
      auth: 'optional',
      request: { params },
      response: z.array(
        z
          .object({
            id: z.number().int(),
            kind: z.enum(IdeaStatus),
            name: z.string().meta({ description: 'In the board’s language.' }),
            nameEn: z.string(),
            namePl: z.string(),
            color: z.string().meta({ description: '6 hex digits, without #.' }),
            position: z.number().int(),
          })
          .meta({ id: 'BoardStatus' }),
      ),
      handle: async (c) => {
        const viewer = c.get('viewer');
        const board = await getBoard(deps, viewer, pathId(c));
        const statuses = await findBoardStatuses(deps, viewer, board.id);
        return statuses.map((status) => ({
          id: status.id,
          kind: status.kind,
          name: statusName(status, board.language),
          nameEn: status.nameEn,
          namePl: status.namePl,
          color: status.color,
          position: status.position,
        }));
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/boards/{id}/releases',
      operationId: 'listBoardReleases',
      tag,
      summary: 'The board’s releases, newest first (others than admins see published ones)',
      description: RELEASE_PAGING,
      pages: true,
      auth: 'optional',
      request: { params, query: ZReleaseListParams },
      response: z.array(ZReleaseJson),
      handle: async (c) => {
        const page = await findReleasePage(
          deps,
          c.get('viewer'),
          { boardId: pathId(c) },
          c.req.query(),
        );
        setNextCursor(c, page.nextCursor);
        return Promise.all(page.releases.map(presentRelease));
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/boards/{id}/widget-setup',
      operationId: 'getWidgetSetup',
      tag,
      summary: 'What the embed code needs: boardHash (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: z.object({ boardHash: z.string() }).meta({ id: 'WidgetSetup' }),
      handle: async (c) => getWidgetSetup(deps, c.get('viewer'), pathId(c)),
    }),
    setting(
      'name',
      'renameBoard',
      'Renames the board (6 to 100 characters)',
      ZBoardName,
      updateBoardName,
    ),
    setting(
      'language',
      'setBoardLanguage',
      'Sets the board’s language (en-US or pl-PL)',
      ZBoardLanguage,
      updateBoardLanguage,
    ),
    setting(
      'theme',
      'setBoardTheme',
      'Sets the primary colour (hex; primaryText, text and background are always white, black, white)',
      ZBoardTheme,
      updateBoardTheme,
    ),
    setting(
      'set-public',
      'setBoardPublic',
      'Makes the board public or private',
      ZBoardVisibility,
      setBoardVisibility,
    ),
    jsonRoute({
      method: 'put',
      path: '/boards/{id}/access',
      operationId: 'setBoardAccess',
      tag,
      summary:
        'Sets who may see the board (admins): isPublic, and for a private board ssoAccess, allowedEmailDomains, allowedCustomerCompanyIds (fields left out stay)',
      auth: 'signedIn',
      request: { params, body: ZBoardAccess },
      errors: [403],
      response: ZBoardWithAccessJson,
      handle: async (c: TRestContext) => {
        const viewer = c.get('viewer');
        const updated = await updateBoardAccess(deps, viewer, pathId(c), await readJson(c));
        return {
          ...presentBoard(await getBoard(deps, viewer, pathId(c))),
          access: presentBoardAccess(updated),
        };
      },
    }),
  ];
}
