import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { TDeps } from '../deps.ts';
import type { TViewer } from '../viewer.ts';
import { registerMcpResources } from './mcp-resources.ts';
import { registerMcpTools } from './mcp-tools.ts';

/** What the server tells a client about itself when it connects (MCP `instructions`). */
const INSTRUCTIONS = [
  "Feedboard: your company's feedback boards, their ideas, votes, comments, roadmap and releases.",
  'Call list_boards first; the other tools take numeric board and idea ids.',
  'You act as the person who created the API key, with their role; a read-only key cannot change anything.',
].join(' ');

/** An MCP server for one caller: every tool and resource acts as `viewer` (an API key). */
export function createMcpServer(deps: TDeps, viewer: TViewer): McpServer {
  const server = new McpServer(
    { name: 'feedboard', title: 'Feedboard', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  registerMcpTools(server, deps, viewer);
  registerMcpResources(server, deps, viewer);
  return server;
}
