// The typed client of Feedboard's REST API (/api/v1): openapi-fetch over the types
// openapi-typescript generates from the OpenAPI document (openapi.ts, `npm run
// client:generate`; CI checks it is current). The widget calls the server through it.
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { components, paths } from './openapi.ts';

export type { components, paths };
export type TFeedboardClient = Client<paths>;

/** A schema of the document by name: `Schema<'Idea'>`. */
export type Schema<TName extends keyof components['schemas']> = components['schemas'][TName];

/**
 * A client of the server at `baseUrl` (its origin, or any path before /api/v1). `token` is read
 * before every request, so a session taken later (sign-in, SSO) goes with the next call.
 */
export function createFeedboardClient(options: {
  baseUrl: string;
  token?: () => string | null;
  fetch?: typeof globalThis.fetch;
}): TFeedboardClient {
  const client = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/api/v1`,
    credentials: 'omit',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { token } = options;
  if (token) {
    client.use({
      onRequest({ request }) {
        const value = token();
        if (value) request.headers.set('authorization', `Bearer ${value}`);
        return request;
      },
    });
  }
  return client;
}
