import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { findBoards } from '../services/board/find-boards.ts';
import { addComment } from '../services/comment/add-comment.ts';
import {
  MAX_COMMENT_THREADS_PAGE,
  countComments,
  listCommentThreads,
} from '../services/comment/list-comment-threads.ts';
import { COMMENT_PAGE_REPLIES } from '../services/comment/list-comments.ts';
import { createIdea } from '../services/idea/create-idea.ts';
import { declineIdea } from '../services/idea/decline-idea.ts';
import { findIdeasPage, getIdeaView } from '../services/idea/find-idea-views.ts';
import { findTopRequests } from '../services/idea/find-top-requests.ts';
import {
  DECLINE_REASONS,
  IDEA_FILTERS,
  IDEA_SORTS,
  SETTABLE_STATUSES,
} from '../services/idea/idea-input.ts';
import { setIdeaStatus } from '../services/idea/set-idea-status.ts';
import { MAX_RELEASE_PAGE, findReleasePage } from '../services/release/find-releases.ts';
import { RELEASE_FILTERS } from '../services/release/release-input.ts';
import { listVoters } from '../services/vote/list-voters.ts';
import { ZStorableText, parseInput } from '../validation.ts';
import type { TViewer } from '../viewer.ts';
import { requireWriter } from '../viewer.ts';
import {
  presentMcpBoard,
  presentMcpComment,
  presentMcpIdea,
  presentMcpRelease,
  presentMcpWrittenIdea,
} from './mcp-presenters.ts';
import { toolFailure, toolResult } from './mcp-result.ts';

/**
 * The tools an agent may call. Each is a thin shim over the domain service the console and
 * the REST API call, with the caller's API key as the viewer, so every rule of who may see and
 * change what (tenancy, roles, the plan's caps, validation) is the same: another company's idea
 * is "Idea not found." here as over GraphQL. Ids are the numeric ids of the REST API.
 */

/** The threads get_idea shows of an idea's comments (list_comments pages the rest). */
const GET_IDEA_COMMENT_THREADS = 50;

const id = (what: string) =>
  z.number().int().positive().max(2_147_483_647).describe(`The numeric id of the ${what}.`);

type TToolSpec<S extends z.ZodObject> = {
  title: string;
  description: string;
  inputSchema: S;
  /** Changes something: refused to a read-only API key. */
  isWrite: boolean;
  run: (args: z.output<S>) => Promise<unknown>;
};

function addTool<S extends z.ZodObject>(
  server: McpServer,
  deps: TDeps,
  viewer: TViewer,
  name: string,
  spec: TToolSpec<S>,
): void {
  server.registerTool(
    name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: spec.inputSchema,
      annotations: {
        title: spec.title,
        readOnlyHint: !spec.isWrite,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    (async (args: z.output<S>): Promise<CallToolResult> => {
      try {
        // NUL or a lone surrogate anywhere: VALIDATION naming the field, as REST and GraphQL.
        parseInput(ZStorableText, args);
        if (spec.isWrite) requireWriter(viewer);
        return toolResult(await spec.run(args));
      } catch (error) {
        return toolFailure(deps, error);
      }
    }) as Parameters<McpServer['registerTool']>[2],
  );
}

/** Registers every Feedboard tool on `server`, acting as `viewer`. */
export function registerMcpTools(server: McpServer, deps: TDeps, viewer: TViewer): void {
  const tool = <S extends z.ZodObject>(name: string, spec: TToolSpec<S>) =>
    addTool(server, deps, viewer, name, spec);

  tool('list_boards', {
    title: 'List boards',
    description:
      "The boards of your company (id, name, whether public, whether active under the plan). Start here: the other tools take a board's id.",
    inputSchema: z.object({}),
    isWrite: false,
    run: async () => (await findBoards(deps, viewer)).map(presentMcpBoard),
  });

  tool('search_ideas', {
    title: 'Search ideas',
    description:
      'Ideas of a board, filtered by status and matched by text in the title or description, one page at a time (most votes first by default). Answers {ideas, totalCount, nextOffset}: pass nextOffset as offset for the next page. Tags and customer value are not in Feedboard yet, so they cannot be filtered on.',
    inputSchema: z.object({
      boardId: id('board'),
      text: z
        .string()
        .max(100)
        .optional()
        .describe('Words to find in the title or description (case-insensitive).'),
      status: z
        .enum(IDEA_FILTERS)
        .optional()
        .describe(
          'Only ideas of this status. ALL (the default) shows every status but DECLINED; NOT_PUBLIC means awaiting acceptance.',
        ),
      sort: z
        .enum(IDEA_SORTS)
        .optional()
        .describe('Order: VOTES (default), STATUS, DATE_DESC, DATE_ASC.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .describe('Ideas per page, 1 to 100 (default 20).'),
      offset: z.number().int().min(0).optional().describe('How many ideas to skip (default 0).'),
    }),
    isWrite: false,
    run: async (args) => {
      const page = await findIdeasPage(deps, viewer, args.boardId, {
        search: args.text,
        filter: args.status,
        sort: args.sort,
        limit: args.limit ?? 20,
        offset: args.offset,
      });
      return {
        ideas: page.ideas.map(presentMcpIdea),
        totalCount: page.totalCount,
        nextOffset: page.nextOffset,
      };
    },
  });

  tool('get_idea', {
    title: 'Get an idea',
    description: `One idea with its vote count, its first comments (oldest first: the first ${GET_IDEA_COMMENT_THREADS} threads, at most ${COMMENT_PAGE_REPLIES} replies; \`moreComments\` says how many more there are and the cursor list_comments goes on from) and, for the company's admins and the idea's author, who voted (earliest first; \`voters\` is null for anyone else).`,
    inputSchema: z.object({ ideaId: id('idea') }),
    isWrite: false,
    run: async ({ ideaId }) => {
      const idea = await getIdeaView(deps, viewer, ideaId);
      const [comments, voters] = await Promise.all([
        listCommentThreads(deps, viewer, ideaId, { limit: GET_IDEA_COMMENT_THREADS }),
        idea.canEdit ? listVoters(deps, viewer, ideaId) : Promise.resolve(null),
      ]);
      const more = comments.nextCursor
        ? (await countComments(deps, viewer, ideaId)) - comments.comments.length
        : 0;
      return {
        ...presentMcpIdea(idea),
        voters: voters?.map((voter) => ({ id: voter.id, name: voter.name })) ?? null,
        comments: comments.comments.map(presentMcpComment),
        moreComments: comments.nextCursor
          ? {
              count: more,
              cursor: comments.nextCursor,
              note: `${more} more comments: call list_comments with this ideaId and cursor for the next page.`,
            }
          : null,
      };
    },
  });

  tool('list_comments', {
    title: 'List the comments of an idea',
    description: `An idea's comments by threads, oldest first: at most \`limit\` top-level comments (1 to ${MAX_COMMENT_THREADS_PAGE}, default ${MAX_COMMENT_THREADS_PAGE}) with their replies (a reply names its thread in parentId), at most ${COMMENT_PAGE_REPLIES} replies a page; a long thread goes on at the next page. \`nextCursor\` (null on the last page) as \`cursor\` asks for the next page; no comment is left out or listed twice.`,
    inputSchema: z.object({
      ideaId: id('idea'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_COMMENT_THREADS_PAGE)
        .optional()
        .describe(`Top-level comments per page, 1 to ${MAX_COMMENT_THREADS_PAGE}.`),
      cursor: z
        .string()
        .max(200)
        .optional()
        .describe('The nextCursor of the previous page (or moreComments.cursor of get_idea).'),
    }),
    isWrite: false,
    run: async ({ ideaId, limit, cursor }) => {
      const page = await listCommentThreads(deps, viewer, ideaId, { limit, cursor });
      return { comments: page.comments.map(presentMcpComment), nextCursor: page.nextCursor };
    },
  });

  tool('create_idea', {
    title: 'Create an idea',
    description:
      "Submits an idea to a board of your company on behalf of the API key's creator. Title 6 to 100 characters, description optional, 6 to 500. An admin's idea starts OPEN; anyone else's awaits acceptance (NOT_PUBLIC).",
    inputSchema: z.object({
      boardId: id('board'),
      title: z.string().describe('6 to 100 characters.'),
      description: z.string().optional().describe('Optional, 6 to 500 characters.'),
    }),
    isWrite: true,
    run: async ({ boardId, title, description }) =>
      presentMcpWrittenIdea(await createIdea(deps, viewer, boardId, { title, description })),
  });

  tool('add_comment', {
    title: 'Comment on an idea',
    description:
      "Adds a public comment (6 to 500 characters) to an idea, as the API key's creator. An admin's comment is mailed to the idea's author. Internal notes are not in Feedboard yet.",
    inputSchema: z.object({
      ideaId: id('idea'),
      text: z.string().describe('6 to 500 characters.'),
    }),
    isWrite: true,
    run: async ({ ideaId, text }) =>
      presentMcpComment(await addComment(deps, viewer, ideaId, { text })),
  });

  tool('change_status', {
    title: 'Change the status of an idea',
    description:
      "Moves an idea to another status (the company's team only). Voters and the author are mailed about a real change. To decline, use decline_idea: it takes a reason.",
    inputSchema: z.object({
      ideaId: id('idea'),
      status: z.enum(SETTABLE_STATUSES).describe('The new status.'),
    }),
    isWrite: true,
    // As the console's GraphQL mutation: a declined idea may be reopened.
    run: async ({ ideaId, status }) =>
      presentMcpWrittenIdea(
        await setIdeaStatus(deps, viewer, ideaId, { status }, { mayReopen: true }),
      ),
  });

  tool('decline_idea', {
    title: 'Decline an idea',
    description:
      "Declines an idea that is not declined or complete (the company's team). DUPLICATE needs duplicateOfIdeaId: another idea of the same board; mergeVotes (default true) moves the votes there, a voter of both counting once.",
    inputSchema: z.object({
      ideaId: id('idea'),
      reason: z.enum(DECLINE_REASONS).describe('Why it is declined.'),
      comment: z.string().max(500).optional().describe('An optional note shown with the decline.'),
      duplicateOfIdeaId: id('idea this one repeats (DUPLICATE only)').optional(),
      mergeVotes: z.boolean().optional().describe('With DUPLICATE: move the votes (default true).'),
    }),
    isWrite: true,
    run: async ({ ideaId, ...input }) => {
      const { idea } = await declineIdea(deps, viewer, ideaId, input);
      return presentMcpWrittenIdea(idea);
    },
  });

  tool('list_releases', {
    title: 'List releases',
    description: `Releases (changelog entries) with their parts, newest release date first: of one board, or of your whole company without boardId. Admins' keys see unpublished ones too (filter ALL, PUBLISHED or UNPUBLISHED); other keys see published releases only. At most \`limit\` releases (1 to ${MAX_RELEASE_PAGE}, default ${MAX_RELEASE_PAGE}); \`nextCursor\` (null on the last page) as \`cursor\` asks for the next page.`,
    inputSchema: z.object({
      boardId: id('board').optional(),
      filter: z
        .enum(RELEASE_FILTERS)
        .optional()
        .describe('ALL (default), PUBLISHED or UNPUBLISHED.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MAX_RELEASE_PAGE)
        .optional()
        .describe(`Releases per page, 1 to ${MAX_RELEASE_PAGE}.`),
      cursor: z
        .string()
        .max(200)
        .optional()
        .describe('The nextCursor of the previous page (with the same boardId and filter).'),
    }),
    isWrite: false,
    run: async ({ boardId, filter, limit, cursor }) => {
      const scope = boardId === undefined ? { companyId: viewer.companyId } : { boardId };
      const page = await findReleasePage(deps, viewer, scope, { filter, limit, cursor });
      return { releases: page.releases.map(presentMcpRelease), nextCursor: page.nextCursor };
    },
  });

  tool('top_requests', {
    title: 'Top requests of a board',
    description:
      'The ideas of a board of your company that gained the most votes in a period (votes counted when they were cast), with the votes gained and the votes they hold now. The period is since to until (dates or ISO date-times; until defaults to now, since to 30 days before until). Declined ideas are left out. Customer value is not in Feedboard yet.',
    inputSchema: z.object({
      boardId: id('board'),
      since: z.string().optional().describe('Start of the period, e.g. 2026-01-01.'),
      until: z.string().optional().describe('End of the period (exclusive); default now.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(50)
        .optional()
        .describe('How many ideas, 1 to 50 (default 10).'),
    }),
    isWrite: false,
    run: async ({ boardId, ...period }) => {
      const top = await findTopRequests(deps, viewer, boardId, period);
      return { since: top.since.toISOString(), until: top.until.toISOString(), ideas: top.ideas };
    },
  });
}
