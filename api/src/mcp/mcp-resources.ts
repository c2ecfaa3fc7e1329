import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { TDeps } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import { toRowId } from '../services/access.ts';
import { findBoards } from '../services/board/find-boards.ts';
import { findRoadmap } from '../services/idea/find-roadmap.ts';
import { findReleases } from '../services/release/find-releases.ts';
import type { TViewer } from '../viewer.ts';
import { presentMcpIdea, presentMcpRelease } from './mcp-presenters.ts';

/** How many published releases the changelog resource holds, newest first. */
const CHANGELOG_SIZE = 10;

const json = (uri: string, data: unknown): ReadResourceResult => ({
  contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(data, null, 2) }],
});

/** MCP's code for a resource that does not exist (the specification's -32002). */
const RESOURCE_NOT_FOUND = -32002;

/** A service's failure as the MCP error of a read; anything unexpected is logged and masked. */
async function reading(
  deps: TDeps,
  read: () => Promise<ReadResourceResult>,
): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) {
      const code = error.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest;
      throw new McpError(code, error.message, { code: error.code });
    }
    if (isDatabaseUnavailable(error)) {
      throw new McpError(ErrorCode.InternalError, errors.unavailable().message);
    }
    deps.log.error('MCP resource read failed', error);
    throw new McpError(
      ErrorCode.InternalError,
      'Something went wrong on our side. Please try again later.',
    );
  }
}

/**
 * What an agent may read as context: each board's roadmap and the company's latest changelog.
 * Read through the same services as the tools (a failure, such as another company's board,
 * is an MCP error whose message is the service's: "Board not found.").
 */
export function registerMcpResources(server: McpServer, deps: TDeps, viewer: TViewer): void {
  server.registerResource(
    'roadmap',
    new ResourceTemplate('feedboard://boards/{boardId}/roadmap', {
      list: async () => ({
        resources: (await findBoards(deps, viewer)).map((board) => ({
          uri: `feedboard://boards/${board.id}/roadmap`,
          name: `Roadmap: ${board.name}`,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: 'Board roadmap',
      description:
        "A board's roadmap: its ideas in REVIEW, PLANNED, IN_PROGRESS and COMPLETE, most votes first (up to 100 per column, with each column's total).",
      mimeType: 'application/json',
    },
    (uri, variables) =>
      reading(deps, async () => {
        const roadmap = await findRoadmap(deps, viewer, toRowId(variables.boardId));
        return json(uri.href, {
          board: roadmap.board,
          columns: roadmap.columns.map((column) => ({
            status: column.status,
            totalCount: column.totalCount,
            ideas: column.ideas.map(presentMcpIdea),
          })),
        });
      }),
  );

  server.registerResource(
    'changelog',
    'feedboard://changelog',
    {
      title: 'Latest changelog',
      description: `The company's ${CHANGELOG_SIZE} latest published releases with their parts, newest release date first.`,
      mimeType: 'application/json',
    },
    (uri) =>
      reading(deps, async () => {
        const releases = await findReleases(
          deps,
          viewer,
          { companyId: viewer.companyId },
          { filter: 'PUBLISHED', limit: CHANGELOG_SIZE },
        );
        return json(uri.href, releases.map(presentMcpRelease));
      }),
  );
}
