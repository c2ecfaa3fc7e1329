import {
  boardVisibleWhere,
  findVisibleBoardWithSubscription,
  canReadBoardAccess,
  isAdminOf,
  toRowId,
} from '../services/access.ts';
import type { TSubscriptionRow } from '../services/access.ts';
import type { Board } from '../generated/prisma/client.ts';
import type { TPlanState } from '../services/plan/plan-state.ts';
import type { TGraphQLContext } from './builder.ts';
import { countCappedIdeas } from '../services/board/board-details.ts';
import { createBoard } from '../services/board/create-board.ts';
import { findBoards, visibleBoardsQuery } from '../services/board/find-boards.ts';
import {
  setBoardVisibility,
  updateBoardDescription,
  updateBoardLanguage,
  updateBoardModeration,
  updateBoardName,
  updateBoardTheme,
} from '../services/board/update-board.ts';
import { isBoardActive } from '../services/plan/plan-state.ts';
import { BOARD_ACCESS_LIMITS } from '../services/board/board-access-limits.ts';
import { updateBoardAccess } from '../services/board/update-board-access.ts';
import { CustomerCompanyType } from './customer-company.ts';
import { boardTheme } from '../services/board/board-input.ts';
import { builder } from './builder.ts';
import { requireCursorInList } from './connection-cursor.ts';
import { decodeId, decodeIdOrRowId } from './ids.ts';
import { planStateFor } from './plan-context.ts';

/** A board row, with its company's subscription row when the query read it alongside. */
type TBoardParent = Board & { companySubscription?: TSubscriptionRow };

/** The plan of the board's company, read once per operation (plan-context.ts). */
export function boardPlan(board: TBoardParent, context: TGraphQLContext): Promise<TPlanState> {
  return planStateFor(context, board.companyId, board.companySubscription);
}

const ThemeType = builder
  .objectRef<{ primary: string; primaryText: string; text: string; background: string }>('Theme')
  .implement({
    description: 'Colours of the board as the widget and public page show it (hex without #).',
    fields: (t) => ({
      primary: t.exposeString('primary', { description: 'Primary colour (buttons, vote box).' }),
      primaryText: t.exposeString('primaryText', { description: 'Text on the primary colour.' }),
      text: t.exposeString('text', { description: 'Body text colour.' }),
      background: t.exposeString('background', { description: 'Background colour.' }),
    }),
  });

const BoardLimitsType = builder
  .objectRef<{ cappedIdeas: number; ideaCap: number | null; isIdeaCapReached: boolean }>(
    'BoardLimits',
  )
  .implement({
    description: "What the company's plan currently hides on this board.",
    fields: (t) => ({
      cappedIdeas: t.exposeInt('cappedIdeas', {
        description:
          "Ideas hidden because the plan's cap on visible ideas is reached (newest first). Above 0, the console shows an upgrade prompt.",
      }),
      ideaCap: t.exposeInt('ideaCap', {
        nullable: true,
        description:
          "How many ideas the plan in force shows across the company's boards (null: unlimited). Ideas awaiting acceptance do not count.",
      }),
      isIdeaCapReached: t.exposeBoolean('isIdeaCapReached', {
        description:
          'True when the company already has as many counted ideas as the plan shows: one more (a new idea, or an accepted one) puts the newest counted idea past the cap, hidden from readers of the board.',
      }),
    }),
  });

const WidgetSetupType = builder.objectRef<{ boardHash: string }>('WidgetSetup').implement({
  description: 'What the embed code needs.',
  fields: (t) => ({
    boardHash: t.exposeString('boardHash', {
      description: 'The public identifier the widget is configured with (`data-board-hash`).',
    }),
  }),
});

export const BoardType = builder.prismaNode('Board', {
  description:
    "A feedback board. Public boards are visible to anyone; a private board to its company's team and to the end users of the company its access settings grant (`ssoAccess`, `allowedEmailDomains`, `allowedCustomerCompanies`).",
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: toRowId(id), AND: [boardVisibleWhere(context.viewer)] }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Display name (6 to 100 characters).' }),
    description: t.exposeString('description', {
      nullable: true,
      description: 'Optional description.',
    }),
    slug: t.exposeString('slug', {
      description: 'Unique within the company; the public address is /public/{companySlug}/{slug}.',
    }),
    color: t.exposeString('color', {
      description: 'Primary theme colour, hex without # (default 53d23d).',
    }),
    language: t.exposeString('language', { description: 'The board’s language: en-US or pl-PL.' }),
    isPublic: t.exposeBoolean('isPublic', {
      description: 'True when anyone may see the board; false when only the company may.',
    }),
    moderateNewIdeas: t.exposeBoolean('moderateNewIdeas', {
      description:
        'True (the default): end users’ new ideas wait for the team’s acceptance (NOT_PUBLIC); false: they start OPEN.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    active: t.boolean({
      description:
        "False when the company's plan allows fewer active boards (the newest are cut off): the board is then view-only until the plan is raised.",
      resolve: async (board, _args, context) =>
        isBoardActive(await boardPlan(board, context), board),
    }),
    theme: t.field({
      type: ThemeType,
      description: 'The theme colours.',
      resolve: (board) => boardTheme(board),
    }),
    limits: t.field({
      type: BoardLimitsType,
      description: "What the plan hides on this board (for the caller's view of it).",
      resolve: async (board, _args, context) => {
        const plan = await boardPlan(board, context);
        return {
          cappedIdeas: await countCappedIdeas(context.deps, context.viewer, board, plan),
          ideaCap: plan.caps.ideas,
          // The cutoff is the cap-th counted idea: it exists once the cap is filled.
          isIdeaCapReached: plan.ideaCutoff !== null,
        };
      },
    }),
    ssoAccess: t.boolean({
      nullable: true,
      description:
        "A private board shows to the end users the company's SSO signed in. Admins of the board's company only (null for others).",
      resolve: (board, _args, context) =>
        canReadBoardAccess(context.viewer, board) ? board.ssoAccess : null,
    }),
    allowedEmailDomains: t.stringList({
      nullable: true,
      description:
        "A private board shows to end users whose confirmed address is at one of these domains (lower-case). Admins of the board's company only (null for others).",
      resolve: (board, _args, context) =>
        canReadBoardAccess(context.viewer, board) ? (board.allowedEmailDomains ?? []) : null,
    }),
    allowedCustomerCompanies: t.prismaField({
      type: [CustomerCompanyType],
      nullable: true,
      description:
        "A private board shows to the members of these customer companies (the SSO token's `companies`), by name. Admins of the board's company only (null for others).",
      resolve: (query, board, _args, context) =>
        canReadBoardAccess(context.viewer, board)
          ? context.deps.prisma.customerCompany.findMany({
              ...query,
              where: { companyId: board.companyId, boardAccess: { some: { boardId: board.id } } },
              orderBy: [{ name: 'asc' }, { id: 'asc' }],
            })
          : null,
    }),
    widgetSetup: t.field({
      type: WidgetSetupType,
      nullable: true,
      description: "The embed settings; admins of the board's company only (null for others).",
      resolve: (board, _args, context) =>
        isAdminOf(context.viewer, board.companyId) ? { boardHash: board.widgetHash } : null,
    }),
  }),
});

builder.queryFields((t) => ({
  boards: t.field({
    type: [BoardType],
    authScopes: { signedIn: true },
    description:
      "The signed-in user's company boards that they may see (the team: all; an end user: public ones and private ones granted to them): active first, then oldest first. Inactive boards (past the plan's cap) have `active: false`.",
    deprecationReason:
      'Use boardsConnection: it pages (this list is every board at once, priced as 500). Kept while the console reads it.',
    resolve: async (_root, _args, context) => {
      const companyId = context.viewer?.companyId ?? 0;
      return findBoards(context.deps, context.viewer, await planStateFor(context, companyId));
    },
  }),
  boardsConnection: t.prismaConnection(
    {
      type: BoardType,
      cursor: 'id',
      defaultSize: 50,
      maxSize: 100,
      authScopes: { signedIn: true },
      description:
        "The signed-in user's company boards that they may see (the team: all; an end user: public ones and private ones granted to them), a page at a time: oldest first, which is active first (the plan keeps the oldest boards active; the others have `active: false`). A cursor of a board the caller may not see is VALIDATION on `after`/`before`.",
      // Signed-in callers only, also for `totalCount` alone (which skips `resolve`).
      totalCount: (_root, _args, context) =>
        context.deps.prisma.board.count({ where: visibleBoardsQuery(context.viewer).where }),
      resolve: async (query, _root, args, context) => {
        const list = visibleBoardsQuery(context.viewer);
        await requireCursorInList(query, args, (id) =>
          context.deps.prisma.board.count({ where: { AND: [list.where, { id }] } }),
        );
        return context.deps.prisma.board.findMany({ ...query, ...list });
      },
    },
    {
      description: 'A page of boards.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many boards the caller may see (all pages).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (connection) =>
            (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'A board in a page.' },
  ),
  board: t.field({
    type: BoardType,
    nullable: true,
    args: {
      id: t.arg.id({
        required: true,
        description: 'The board: its global id, or its plain number (the id REST uses).',
      }),
    },
    description:
      'A board the caller may see: any public board, or a private board of their own company that they may see (the team sees them all; an end user those granted to them). Null otherwise.',
    resolve: async (_root, args, context) =>
      findVisibleBoardWithSubscription(
        context.deps,
        context.viewer,
        decodeIdOrRowId(args.id, 'Board'),
      )
        .then(({ board, subscription }): TBoardParent => ({
          ...board,
          companySubscription: subscription,
        }))
        .catch(nullIfNotFound),
  }),
  publicBoard: t.prismaField({
    type: BoardType,
    nullable: true,
    args: {
      companySlug: t.arg.string({
        required: true,
        description: "The company's slug, the first part of the public address.",
      }),
      boardSlug: t.arg.string({
        required: true,
        description: "The board's slug, unique within its company.",
      }),
    },
    description:
      'A board by its public address /public/{companySlug}/{boardSlug}; null unless the caller may see it.',
    resolve: (query, _root, args, context) =>
      context.deps.prisma.board.findFirst({
        ...query,
        where: {
          slug: args.boardSlug,
          company: { slug: args.companySlug },
          ...boardVisibleWhere(context.viewer),
        },
      }),
  }),
}));

const withErrors = { errors: {} };

builder.mutationFields((t) => ({
  createBoard: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Creates a board in the admin's company (name 6 to 50 characters; the slug is derived from it and unique in the company). Past the plan's board cap the new board is inactive. Who may see it can be set at once, with updateBoard's rules (a new board is private, with no grants, when they are left out).",
    args: {
      name: t.arg.string({ required: true, description: "The board's name, 6 to 50 characters." }),
      isPublic: t.arg.boolean({ description: 'True shows the board to anyone (false if absent).' }),
      ssoAccess: t.arg.boolean({
        description: "A private board shows to the end users the company's SSO signed in.",
      }),
      allowedEmailDomains: t.arg.stringList({
        description: `A private board shows to end users whose confirmed address is at one of these domains (up to ${BOARD_ACCESS_LIMITS.maxDomains}, e.g. \`example.com\`; stored lower-case).`,
      }),
      allowedCustomerCompanyIds: t.arg.idList({
        description: `A private board shows to the members of these customer companies of the company (global ids, up to ${BOARD_ACCESS_LIMITS.maxCustomerCompanies}).`,
      }),
    },
    resolve: (_root, args, context) =>
      createBoard(context.deps, context.viewer, {
        name: args.name,
        isPublic: args.isPublic ?? undefined,
        ssoAccess: args.ssoAccess ?? undefined,
        allowedEmailDomains: args.allowedEmailDomains ?? undefined,
        allowedCustomerCompanyIds: args.allowedCustomerCompanyIds?.map((id) =>
          decodeId(id, 'CustomerCompany'),
        ),
      }),
  }),
  updateBoardName: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Renames a board (admins; 6 to 100 characters). The slug stays.',
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board to rename.' }),
      name: t.arg.string({ required: true, description: 'The new name, 6 to 100 characters.' }),
    },
    resolve: (_root, args, context) =>
      updateBoardName(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoardDescription: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Sets a board's description (admins; optional, 6 to 500 characters). Null or blank clears it.",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      description: t.arg.string({
        description: 'The description, 6 to 500 characters; null or blank clears it.',
      }),
    },
    resolve: (_root, args, context) =>
      updateBoardDescription(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoardLanguage: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: "Sets the board's language (admins; en-US or pl-PL).",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      language: t.arg.string({
        required: true,
        description:
          "The board's language for the widget, the public page and new users' mails: `en-US` or `pl-PL`.",
      }),
    },
    resolve: (_root, args, context) =>
      updateBoardLanguage(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoardModeration: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Turns moderation of the board's new ideas on or off (admins). On (the default), end users' new ideas wait for acceptance; off, they start OPEN. Ideas already waiting stay waiting.",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      moderateNewIdeas: t.arg.boolean({
        required: true,
        description: 'True: new ideas wait for acceptance; false: they start OPEN.',
      }),
    },
    resolve: (_root, args, context) =>
      updateBoardModeration(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoardTheme: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      'Sets the primary colour (admins; 3 or 6 hex digits, or 4 or 8 with alpha, # optional). Primary text and background are always saved white, text black.',
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      primary: t.arg.string({
        required: true,
        description: 'The primary colour as six hex digits, with or without `#` (e.g. `53d23d`).',
      }),
      primaryText: t.arg.string({ description: 'Ignored: always white.' }),
      text: t.arg.string({ description: 'Ignored: always black.' }),
      background: t.arg.string({ description: 'Ignored: always white.' }),
    },
    resolve: (_root, args, context) =>
      updateBoardTheme(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
  updateBoard: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description:
      "Sets who may see a board (admins): public or private, and which end users a private board shows to. The company's team always sees every board. Arguments left out stay as they are.",
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      isPublic: t.arg.boolean({ description: 'True shows the board to anyone.' }),
      ssoAccess: t.arg.boolean({
        description: "A private board shows to the end users the company's SSO signed in.",
      }),
      allowedEmailDomains: t.arg.stringList({
        description: `A private board shows to end users whose confirmed address is at one of these domains (up to ${BOARD_ACCESS_LIMITS.maxDomains}, e.g. \`example.com\`; stored lower-case). The list replaces the board's.`,
      }),
      allowedCustomerCompanyIds: t.arg.idList({
        description: `A private board shows to the members of these customer companies of the company (global ids, up to ${BOARD_ACCESS_LIMITS.maxCustomerCompanies}). The list replaces the board's.`,
      }),
    },
    resolve: (_root, args, context) =>
      updateBoardAccess(context.deps, context.viewer, decodeId(args.boardId, 'Board'), {
        isPublic: args.isPublic ?? undefined,
        ssoAccess: args.ssoAccess ?? undefined,
        allowedEmailDomains: args.allowedEmailDomains ?? undefined,
        allowedCustomerCompanyIds: args.allowedCustomerCompanyIds?.map((id) =>
          decodeId(id, 'CustomerCompany'),
        ),
      }),
  }),
  setBoardVisibility: t.field({
    type: BoardType,
    ...withErrors,
    authScopes: { signedIn: true },
    description: 'Makes a board public or private (admins).',
    args: {
      boardId: t.arg.id({ required: true, description: 'The global id of the board.' }),
      isPublic: t.arg.boolean({
        required: true,
        description:
          "True shows the board to anyone (public page, widget without sign-in); false to the company's own users only.",
      }),
    },
    resolve: (_root, args, context) =>
      setBoardVisibility(context.deps, context.viewer, decodeId(args.boardId, 'Board'), args),
  }),
}));

/** Lookups by id answer null for "not found" (Relay's convention), and raise anything else. */
export function nullIfNotFound(error: unknown): null {
  if (error instanceof Error && (error as { code?: string }).code === 'NOT_FOUND') return null;
  throw error;
}
