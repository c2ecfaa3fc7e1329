import { GraphQLError } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import type { YogaServerInstance } from 'graphql-yoga';
import type { TDeps } from './deps.ts';
import { AppError } from './errors.ts';
import { schema } from './schema/index.ts';
import type { TGraphQLContext } from './schema/builder.ts';
import { authenticate, bearerToken } from './services/account/authenticate.ts';

/** An AppError outside a mutation's error result, as a GraphQL error with `extensions.code`. */
function toGraphQLError(error: AppError, source?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    ...(source ? { nodes: source.nodes, path: source.path } : {}),
    extensions: {
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
      http: { status: error.code === 'UNAUTHENTICATED' ? 401 : 200 },
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
      const viewer = token ? await authenticate(deps, token) : null;
      if ((header && !token) || (token && !viewer)) {
        throw toGraphQLError(
          new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.'),
        );
      }
      return { deps, viewer };
    },
    // Only errors we mean to expose pass through; the rest are masked and logged.
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof AppError) {
          return toGraphQLError(original, error instanceof GraphQLError ? error : undefined);
        }
        if (!(original instanceof GraphQLError))
          deps.log.error('GraphQL resolver failed', original);
        return maskError(error, message, isDev);
      },
    },
  });
}
