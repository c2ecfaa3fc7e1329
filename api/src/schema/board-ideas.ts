import { resolveCursorConnection } from '@pothos/plugin-relay';
import { countListedIdeas } from '../services/idea/count-listed-ideas.ts';
import { findIdeaPageRows } from '../services/idea/find-idea-views.ts';
import { ZTeamIdeaListParams } from '../services/customer/idea-segment.ts';
import { spendIdeaSearch } from '../services/idea/spend-idea-search.ts';
import { isIdeaWithinCap } from '../services/plan/plan-state.ts';
import { parseInput } from '../validation.ts';
import { BoardType, boardPlan } from './board.ts';
import { builder } from './builder.ts';
import { IdeaFilterEnum, IdeaSortEnum } from './idea-enums.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { decodeCursorId, decodeId, decodeOptionalId, globalId } from './ids.ts';
import { IdeaSegmentInput } from './idea-segment.ts';

/** A page cursor: the idea the page ends (or starts) on, opaque to clients. */
function ideaCursor(ideaId: number): string {
  return globalId('IdeaCursor', ideaId);
}

/**
 * A board's ideas as GraphQL pages them, from the same statement as REST's list
 * (findIdeaPageRows) with keyset cursors: each row arrives with its author, the caller's vote
 * and what the caller may do with it, so Idea's fields need no further statement.
 */
builder.objectField(BoardType, 'ideas', (t) =>
  t.connection(
    {
      type: IdeaType,
      description:
        'The ideas the caller may see, within the plan cap (admins may ask for the hidden ones too, see `includeHiddenByPlan`). `filter` ALL hides DECLINED ideas; a status shows only that status. `sort` VOTES (default) puts the most voted first; STATUS follows the pipeline; DATE_DESC / DATE_ASC by submission; VALUE (the team only) by customer value. `segment` (the team only) keeps ideas with a voter in a customer segment. `search` matches title or description (case-insensitive). `tagIds` keeps ideas carrying one of the tags. Pages hold 50 ideas unless `first` or `last` asks for up to 100.',
      args: {
        filter: t.arg({
          type: IdeaFilterEnum,
          defaultValue: 'ALL',
          description:
            'Which statuses to show: ALL (every status but DECLINED, and for the team not the ideas rejected from the queue), one status, or NOT_ACCEPTED (the rejected ideas).',
        }),
        sort: t.arg({
          type: IdeaSortEnum,
          defaultValue: 'VOTES',
          description: 'The order of the ideas.',
        }),
        search: t.arg.string({ description: 'Text to look for (up to 100 characters).' }),
        segment: t.arg({
          type: IdeaSegmentInput,
          description:
            'Only ideas with a voter in this customer segment. The company’s team only; anyone else is refused (FORBIDDEN).',
        }),
        tagIds: t.arg.idList({
          description:
            'Only ideas carrying at least one of these tags (up to 20). A private tag matches nothing for anyone outside the company’s team.',
        }),
        includeHiddenByPlan: t.arg.boolean({
          defaultValue: false,
          description:
            "Admins of the board's company: also list the ideas the plan's cap hides from readers of the board (flagged `isHiddenByPlan`), so nothing vanishes from the admin's list. Ignored for everyone else, who never see them.",
        }),
      },
      resolve: async (board, args, context) => {
        // NOT_ACCEPTED is NOT_PUBLIC's rejected ideas; ALL leaves them out (the team's view).
        const isNotAccepted = args.filter === 'NOT_ACCEPTED';
        const params = parseInput(ZTeamIdeaListParams, {
          ...args,
          filter: isNotAccepted ? 'NOT_PUBLIC' : args.filter,
          tagIds: args.tagIds?.map((id) => decodeId(id, 'Tag')),
          segment: args.segment && {
            ...args.segment,
            customerCompanyId: decodeOptionalId(args.segment.customerCompanyId, 'CustomerCompany'),
          },
        });
        const listParams = {
          ...params,
          rejected: isNotAccepted
            ? ('ONLY' as const)
            : params.filter === 'ALL'
              ? ('HIDDEN' as const)
              : undefined,
        };
        if (params.search) {
          await spendIdeaSearch(context.deps, context.viewer, context.client, board.companyId);
        }
        const listed = {
          board,
          plan: await boardPlan(board, context),
          includeHiddenByPlan: args.includeHiddenByPlan === true,
        };
        // A page row carries `value` for the company's team only (findIdeaPageRows); the
        // `value` field answers null to everyone else without reading it.
        const page = await resolveCursorConnection<Promise<TIdeaParent[]>>(
          {
            args,
            defaultSize: 50,
            maxSize: 100,
            toCursor: (idea: TIdeaParent) => ideaCursor(idea.id),
          },
          async ({ after, before, limit, inverted }) => {
            const rows = (await findIdeaPageRows(context.deps, context.viewer, listed, listParams, {
              limit,
              afterId: decodeCursorId(after, 'IdeaCursor', 'after'),
              beforeId: decodeCursorId(before, 'IdeaCursor', 'before'),
              reverse: inverted,
            })) as TIdeaParent[];
            // The page knows the plan already: isHiddenByPlan needs no further statement.
            if (!listed.includeHiddenByPlan) return rows;
            return rows.map((row) => ({
              ...row,
              isHiddenByPlan: !isIdeaWithinCap(listed.plan, row),
            }));
          },
        );
        let count: Promise<number> | undefined;
        const totalCount = () =>
          (count ??= countListedIdeas(context.deps, context.viewer, listed, listParams));
        return { ...page, totalCount };
      },
    },
    {
      description: 'A page of ideas.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many ideas match the filter and search (all pages).',
          resolve: (connection) =>
            (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'An idea in a page.' },
  ),
);
