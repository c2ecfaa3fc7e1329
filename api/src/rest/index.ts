import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { TDeps } from '../deps.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AppError, errors } from '../errors.ts';
import { accountRoutes } from './accounts.ts';
import type { TRestEnv } from './http.ts';
import { errorResponse, withViewer } from './http.ts';

export const REST_BODY_LIMIT = 1024 * 1024;

export const tooLarge = (c: Context): Response =>
  errorResponse(c, new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.'));

/** The `/api/v1` REST shims: parse, call a domain service, shape the spec's JSON. */
export function restApi(deps: TDeps): Hono<TRestEnv> {
  const api = new Hono<TRestEnv>();
  // The widget calls these from customers' sites; bearer tokens (no cookies) carry identity.
  api.use(cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type', 'X-Board-Id'] }));
  api.use(
    bodyLimit({
      maxSize: REST_BODY_LIMIT,
      onError: tooLarge,
    }),
  );
  api.use(withViewer(deps));
  api.route('/', accountRoutes(deps));

  api.onError((error, c) => {
    if (error instanceof AppError) return errorResponse(c, error);
    if (isDatabaseUnavailable(error)) return errorResponse(c, errors.unavailable());
    deps.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json(
      {
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      },
      500,
    );
  });
  return api;
}
