import { GraphQLError } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import type { YogaServerInstance } from 'graphql-yoga';
import { isDatabaseUnavailable } from './db/errors.ts';
import type { TDeps } from './deps.ts';
import { AppError, errors } from './errors.ts';
import { schema } from './schema/index.ts';
import type { TGraphQLContext } from './schema/builder.ts';
import { authenticate, bearerToken } from './services/account/authenticate.ts';
import { API_KEY_PREFIX, authenticateApiKey } from './services/api-key/api-keys.ts';

/**
 * An AppError outside a mutation's error result, as a GraphQL error with `extensions.code`.
 * Field errors keep HTTP 200 (other fields may still answer); a bad token (`status` 401) and an
 * unreachable database fail the whole request.
 */
function toGraphQLError(error: AppError, source?: unknown, status = 200): GraphQLError {
  const located = source instanceof GraphQLError ? source : undefined;
  return new GraphQLError(error.message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: {
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
      http: { status: error.code === 'UNAVAILABLE' ? error.status : status },
    },
  });
}

/** graphql-yoga serving the Pothos schema at /graphql (GraphiQL in the browser). */
export function createGraphQL(
  deps: TDeps,
): YogaServerInstance<Record<string, never>, TGraphQLContext> {
  return createYoga<Record<string, never>, TGraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: { title: 'Feedboard GraphQL API' },
    logging: deps.config.logLevel === 'silent' ? false : 'warn',
    context: async ({ request }) => {
      const header = request.headers.get('authorization');
      const token = bearerToken(header);
      // Integrators send a company API key where the console sends a session token.
      const viewer = !token
        ? null
        : token.startsWith(API_KEY_PREFIX)
          ? await authenticateApiKey(deps, token)
          : await authenticate(deps, token);
      if ((header && !token) || (token && !viewer)) {
        throw toGraphQLError(
          new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.'),
          undefined,
          401,
        );
      }
      return { deps, viewer, planStates: new Map() };
    },
    // Only errors we mean to expose pass through (with extensions.code); the rest are masked
    // and logged. isDev stays off so no stack or internal message reaches a caller.
    maskedErrors: {
      isDev: false,
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) return toGraphQLError(original, error);
        if (isDatabaseUnavailable(original)) return toGraphQLError(errors.unavailable(), error);
        if (original !== undefined && !(original instanceof GraphQLError)) {
          deps.log.error('GraphQL resolver failed', original);
        }
        return maskError(error, message, isDev);
      },
    },
  });
}
