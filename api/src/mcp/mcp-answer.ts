import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { TDeps } from '../deps.ts';
import type { TViewer } from '../viewer.ts';
import { createMcpServer } from './mcp-server.ts';

/**
 * Answers one stateless MCP request (mcp-route.ts has checked the key and the rate limit): a
 * server and a transport of its own, for this key, answering plain JSON. Its own module, so
 * that the route imports the SDK only when an agent first calls.
 */
export async function answerMcp(
  deps: TDeps,
  viewer: TViewer,
  request: Request,
  body: unknown,
): Promise<Response> {
  const server = createMcpServer(deps, viewer);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    // The JSON answer is complete by now; nothing of this request outlives it.
    await server.close();
  }
}
