import { isTeamMemberOf } from '../services/access.ts';
import { builder } from './builder.ts';
import { BoardType } from './board.ts';
import { decodeOptionalId } from './ids.ts';
import { ViewerType } from './viewer.ts';
import { addSampleIdeas, canAddSampleIdeasTo } from '../services/dashboard/add-sample-ideas.ts';
import { dismissChecklist } from '../services/dashboard/dismiss-checklist.ts';
import { getDashboard } from '../services/dashboard/get-dashboard.ts';
import type {
  TDashboard,
  TDashboardChecklist,
  TDashboardComment,
  TDashboardIdea,
} from '../services/dashboard/get-dashboard.ts';
import { removeSampleIdeas } from '../services/dashboard/remove-sample-ideas.ts';

const DashboardIdeaType = builder.objectRef<TDashboardIdea>('DashboardIdea').implement({
  description: 'An idea as the dashboard lists it, with its board for the link.',
  fields: (t) => ({
    rowId: t.exposeInt('id', { description: "The idea's plain id (console addresses use it)." }),
    boardRowId: t.exposeInt('boardId', { description: "Its board's plain id." }),
    boardName: t.exposeString('boardName', { description: "Its board's name." }),
    title: t.exposeString('title', { description: 'Title.' }),
    voteCount: t.exposeInt('voteCount', { description: 'Votes.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted.' }),
  }),
});

const DashboardCommentType = builder.objectRef<TDashboardComment>('DashboardComment').implement({
  description: 'A recent comment or internal note, with its idea for the link.',
  fields: (t) => ({
    rowId: t.exposeInt('id', { description: "The comment's plain id." }),
    ideaRowId: t.exposeInt('ideaId', { description: "Its idea's plain id." }),
    boardRowId: t.exposeInt('boardId', { description: "Its idea's board's plain id." }),
    ideaTitle: t.exposeString('ideaTitle', { description: "Its idea's title." }),
    authorName: t.exposeString('authorName', {
      nullable: true,
      description: "The author's display name; null once the author is gone.",
    }),
    text: t.exposeString('text', { description: 'The text (Markdown, mentions as written).' }),
    isInternal: t.exposeBoolean('isInternal', { description: 'An internal note of the team.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written.' }),
  }),
});

const DashboardChecklistType = builder
  .objectRef<TDashboardChecklist>('DashboardChecklist')
  .implement({
    description:
      "The first-week checklist: each step done or not, read from the company's data. The console shows it until every step is done or an admin dismissed it.",
    fields: (t) => ({
      firstBoardRowId: t.exposeInt('firstBoardId', {
        nullable: true,
        description: "The company's oldest board's plain id (where most steps are done), or null.",
      }),
      firstBoardName: t.exposeString('firstBoardName', {
        nullable: true,
        description: "The company's oldest board's name, or null.",
      }),
      boardCreated: t.exposeBoolean('boardCreated', { description: 'The company has a board.' }),
      boardOpened: t.exposeBoolean('boardOpened', {
        description: 'A board is public or lets the company’s SSO users in.',
      }),
      widgetEmbedded: t.exposeBoolean('widgetEmbedded', {
        description:
          'An end user has voted by themselves (nothing records widget loads: a vote from outside the team is the sign that the widget or the portal reaches people).',
      }),
      teammateInvited: t.exposeBoolean('teammateInvited', {
        description: 'A teammate was invited (an invitation not revoked) or has joined.',
      }),
      releasePublished: t.exposeBoolean('releasePublished', {
        description: 'A release is published.',
      }),
      dismissed: t.exposeBoolean('dismissed', { description: 'An admin hid the checklist.' }),
    }),
  });

const DashboardType = builder.objectRef<TDashboard>('Dashboard').implement({
  description:
    "What the console's home shows the team. Counts stop at 1000 (shown as 1000+); lists hold at most 5 entries.",
  fields: (t) => ({
    awaitingCount: t.exposeInt('awaitingCount', {
      description: 'Ideas awaiting acceptance (NOT_PUBLIC), on every board of the company.',
    }),
    awaiting: t.field({
      type: [DashboardIdeaType],
      description: 'The newest ideas awaiting acceptance.',
      resolve: (dashboard) => dashboard.awaiting,
    }),
    ideasThisWeek: t.exposeInt('ideasThisWeek', {
      description: 'Ideas submitted in the last 7 days (at most 1000).',
    }),
    votesThisWeek: t.exposeInt('votesThisWeek', {
      description: 'Votes cast in the last 7 days (at most 1000).',
    }),
    topIdeas: t.field({
      type: [DashboardIdeaType],
      description: 'The most voted ideas still open (OPEN, REVIEW, PLANNED, IN_PROGRESS).',
      resolve: (dashboard) => dashboard.topIdeas,
    }),
    recentComments: t.field({
      type: [DashboardCommentType],
      description: 'The newest comments and internal notes.',
      resolve: (dashboard) => dashboard.recentComments,
    }),
    checklist: t.field({
      type: DashboardChecklistType,
      description: 'The first-week checklist.',
      resolve: (dashboard) => dashboard.checklist,
    }),
    sampleIdeaCount: t.exposeInt('sampleIdeaCount', {
      description: 'Sample ideas on the company’s boards (removeSampleIdeas deletes them).',
    }),
    canAddSampleIdeas: t.exposeBoolean('canAddSampleIdeas', {
      description: 'A board exists and no board has an idea yet: addSampleIdeas may fill it.',
    }),
  }),
});

builder.objectField(ViewerType, 'dashboard', (t) =>
  t.field({
    type: DashboardType,
    nullable: true,
    description:
      "The console's home for the company's team (owners, admins, members); null for anyone else.",
    resolve: (_viewer, _args, context) => getDashboard(context.deps, context.viewer),
  }),
);

builder.mutationFields((t) => ({
  addSampleIdeas: t.int({
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Fills a board of the company with a few sample ideas in the caller's language (owners and admins): the board named, else the company's first board; while no board has an idea yet (CONFLICT otherwise). Each is marked `Idea.isSample`. Answers how many were added.",
    args: {
      boardId: t.arg.id({
        description:
          "The board to fill (its global id), from its empty list; absent: the company's first board. Another company's board is not found.",
      }),
    },
    resolve: (_root, args, context) =>
      addSampleIdeas(context.deps, context.viewer, decodeOptionalId(args.boardId, 'Board') ?? null),
  }),
  removeSampleIdeas: t.int({
    errors: {},
    authScopes: { signedIn: true },
    description:
      "Deletes the company's sample ideas with their votes and comments, and nothing else (owners and admins). Answers how many were deleted.",
    resolve: (_root, _args, context) => removeSampleIdeas(context.deps, context.viewer),
  }),
  dismissDashboardChecklist: t.boolean({
    errors: {},
    authScopes: { signedIn: true },
    description: "Hides the dashboard's first-week checklist for the company (owners and admins).",
    resolve: async (_root, _args, context) => {
      await dismissChecklist(context.deps, context.viewer);
      return true;
    },
  }),
}));

// The offer of sample ideas on a board's empty list, and the one click that removes them there.
builder.objectFields(BoardType, (t) => ({
  sampleIdeaCount: t.int({
    nullable: true,
    description:
      "Sample ideas on this board (`Idea.isSample`; removeSampleIdeas deletes them). Null for anyone outside the company's team.",
    // Counted with the other boards of a list (related-rows.ts sampleIdeaCount).
    resolve: (board, _args, context) =>
      isTeamMemberOf(context.viewer, board.companyId)
        ? context.related.sampleIdeaCount(board.id)
        : null,
  }),
  canAddSampleIdeas: t.boolean({
    description:
      'True when the caller may fill this board with sample ideas now (addSampleIdeas with its id): an admin of its company, while no board of the company has an idea yet.',
    resolve: (board, _args, context) =>
      canAddSampleIdeasTo(context.viewer, board, context.related.companyHasIdeas),
  }),
}));
