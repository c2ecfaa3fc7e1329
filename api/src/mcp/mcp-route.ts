import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { cheapBodyLimit } from '../http/body-limit.ts';
import { clientOf } from '../http/client-ip.ts';
import { PUBLIC_CORS } from '../http/cors.ts';
import type { TDeps } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import { messages, nestsTooDeep } from '../validation.ts';
import { RateLimitError } from '../http/rate-limit.ts';
import { requestContextOf } from '../http/request-context.ts';
import { errorResponse, rateLimitedResponse } from '../rest/http.ts';
import { REST_BODY_LIMIT, tooLarge } from '../rest/index.ts';
import { bearerToken } from '../services/account/authenticate.ts';
import { API_KEY_PREFIX, authenticateApiKey } from '../services/api-key/api-keys.ts';
import type { TViewer } from '../viewer.ts';
import { withAddress } from '../viewer.ts';

/** The path agents connect to. */
export const MCP_PATH = '/mcp';

const WRONG_CREDENTIAL =
  'The MCP server takes a company API key (fbk_…) as `Authorization: Bearer <key>`: an admin creates one in the console under API keys.';

/** 401 with the challenge MCP clients look for, in the REST API's error shape. */
function unauthenticated(c: Context, message: string): Response {
  c.header('WWW-Authenticate', 'Bearer realm="feedboard-mcp"');
  return errorResponse(c, new AppError('UNAUTHENTICATED', message));
}

/** The API key's viewer, or null: a session token, a bad key or no header all end here. */
async function keyViewer(deps: TDeps, header: string | undefined): Promise<TViewer | null> {
  const token = bearerToken(header);
  if (!token?.startsWith(API_KEY_PREFIX)) return null;
  return authenticateApiKey(deps, token);
}

/** How many JSON-RPC messages a body holds (a batch is an array), for the rate limit. */
function messageCount(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

/**
 * The MCP server at /mcp over the Streamable HTTP transport, for agents acting with a
 * company API key (only a key: a console session token is refused, so a person's session never
 * leaks into an agent's config).
 *
 * Stateless (no `Mcp-Session-Id`): each POST gets a server and a transport of its own, built
 * for the key that signed it, and answers plain JSON rather than an SSE stream. Our processes
 * sit behind a load balancer with no stickiness, so a session kept in one process's memory would
 * be unknown to the next process the client reaches; our tools are short request-and-answer
 * calls that never stream progress nor call back to the client, so they need no session. GET
 * (the server-to-client stream) and DELETE (ending a session) therefore answer 405, as the
 * transport's specification allows. Each JSON-RPC message counts against the `mcp` rate limit,
 * per address and per key.
 */
export function mountMcp(app: Hono, deps: TDeps): void {
  // The API's one cross-origin policy (cors.ts), so assistants running in a browser connect too.
  app.use(
    MCP_PATH,
    cors({
      origin: PUBLIC_CORS.origin,
      allowMethods: ['POST', 'OPTIONS'],
      allowHeaders: [...PUBLIC_CORS.allowHeaders, 'Mcp-Protocol-Version'],
      exposeHeaders: ['WWW-Authenticate'],
      maxAge: PUBLIC_CORS.maxAgeSeconds,
    }),
  );
  app.use(MCP_PATH, cheapBodyLimit({ maxSize: REST_BODY_LIMIT, onError: tooLarge }));
  app.on(['GET', 'DELETE'], MCP_PATH, (c) => {
    c.header('Allow', 'POST');
    return c.json(
      {
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: 'Method not allowed: this server is stateless, POST only.',
        },
        id: null,
      },
      405,
    );
  });
  app.post(MCP_PATH, async (c) => {
    try {
      const header = c.req.header('authorization');
      if (!header) return unauthenticated(c, errors.unauthenticated().message);
      const client = clientOf(c, deps.config.trustProxy);
      const viewer = withAddress(await keyViewer(deps, header), client);
      if (!viewer) return unauthenticated(c, WRONG_CREDENTIAL);
      const request = requestContextOf(c.env);
      if (request) request.companyId = viewer.companyId;

      const text = await c.req.text();
      let body: unknown;
      try {
        // Refused before parsing, as on REST and GraphQL: parsing deep brackets takes seconds.
        if (nestsTooDeep(text)) throw new SyntaxError(messages.tooDeep);
        body = JSON.parse(text) as unknown;
      } catch {
        return c.json(
          { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null },
          400,
        );
      }
      for (let i = 0; i < messageCount(body); i += 1) {
        await deps.rateLimiter.consume('mcp', {
          ip: client.ip,
          account: `api-key:${viewer.apiKeyId}`,
        });
      }

      // The MCP SDK and the tools load on the first agent's call, not at every server start.
      const { answerMcp } = await import('./mcp-answer.ts');
      return await answerMcp(deps, viewer, c.req.raw, body);
    } catch (error) {
      if (error instanceof RateLimitError) return rateLimitedResponse(c, error);
      if (error instanceof AppError) return errorResponse(c, error);
      throw error;
    }
  });
}
