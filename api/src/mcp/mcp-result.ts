import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { RateLimitError } from '../http/rate-limit.ts';

/** A tool's answer: its JSON as text (what every MCP client shows the model). */
export function toolResult(data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] };
}

/**
 * A failure as a tool error (`isError: true`, so the model reads it and may try again), in the
 * REST API's one error shape: `{"error": {"code", "message", "fields"?}}`. Only the errors we mean
 * to expose pass; anything else is logged and masked, as GraphQL masks it.
 */
export function toolFailure(deps: TDeps, error: unknown): CallToolResult {
  const known =
    error instanceof AppError
      ? error.toJSON()
      : error instanceof RateLimitError
        ? { code: error.code, message: error.message, retryAfter: error.retryAfterSeconds }
        : (deps.databaseFaults.answer(error)?.toJSON() ?? null);
  if (!known) deps.log.error('MCP tool failed', error);
  const body = known ?? {
    code: 'INTERNAL',
    message: 'Something went wrong on our side. Please try again later.',
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: body }) }] };
}
