import type { ServerResponse } from 'node:http';
import { GraphQLError, getOperationAST, print, visit } from 'graphql';
import type { DocumentNode } from 'graphql';
import { PothosValidationError } from '@pothos/core';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createYoga, isAsyncIterable, maskError } from 'graphql-yoga';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import type { TDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { databaseFaultOf } from '../db/errors.ts';
import { RateLimitError } from '../http/rate-limit.ts';
import { holdingSlot, streamOwner } from '../http/stream-slots.ts';
import type { TStreamSlot } from '../http/stream-slots.ts';
import type { TRequestContext } from '../http/request-context.ts';
import type { TClient } from '../http/rate-limit.ts';
import { schema } from '../schema/index.ts';
import { withSubscribeArguments } from './subscribe-arguments.ts';
import type { TGraphQLContext } from '../schema/builder.ts';
import { votedByMeLoader } from '../schema/voted-by-me.ts';
import { notACursor } from '../schema/connection-cursor.ts';
import { relatedRowsLoader } from '../schema/related-rows.ts';
import { createLiveIdeas } from '../schema/live-idea.ts';
import { authenticateBearer, bearerToken } from '../services/account/authenticate.ts';
import type { TViewer } from '../viewer.ts';
import { canWrite, requireWriter, withAddress } from '../viewer.ts';
import { addMissingHeaders, baseSecurityHeaders } from '../http/security-headers.ts';
import { storableTextPlugin } from '../storable-text.ts';
import { inputLimitsPlugin, limitRefusal, limitStatusPlugin } from './graphql-input-limits.ts';
import type { TLengthsOf, TLimit, TListLengths, TSpendCost } from './graphql-input-limits.ts';
import { mediaTypePlugin } from './graphql-media-type.ts';
import { sharedSubscriptionPlugin } from './live-subscriptions.ts';
import { publicCorsPlugin } from '../http/cors.ts';
import { GRAPHIQL_TITLE, graphiqlPage } from '../pages/explorers.ts';

/**
 * An AppError outside a mutation's error result, as a GraphQL error with `extensions.code`.
 * Field errors keep HTTP 200 (other fields may still answer); a bad token (`status` 401) and an
 * unreachable or busy database fail the whole request (503 with the error's Retry-After).
 */
function toGraphQLError(error: AppError, source?: unknown, status = 200): GraphQLError {
  const located = source instanceof GraphQLError ? source : undefined;
  return new GraphQLError(error.message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: {
      code: error.code,
      ...(error.fields ? { fields: error.fields } : {}),
      http: {
        status: error.code === 'UNAVAILABLE' ? error.status : status,
        ...(error.retryAfterSeconds === undefined
          ? {}
          : { headers: { 'retry-after': String(error.retryAfterSeconds) } }),
      },
    },
  });
}

/**
 * What the HTTP layer hands every GraphQL request: the caller's address (rate limits), and how
 * to drop its connection (a subscription's, when the process stops: the client's graphql-sse
 * retries then, where a completed subscription would stay silent).
 */
export type TGraphQLServerContext = {
  client: TClient;
  disconnect?: () => void;
  /**
   * The Node response the answer goes to, when the request came from a Node server: a live
   * subscription's frames are written to it directly (rest/event-stream.ts).
   */
  outgoing?: ServerResponse;
  /** The request's log line (server.ts): the context names the caller's company on it. */
  requestContext?: TRequestContext;
};

/** A RateLimitError as the GraphQL error of a 429 answer with Retry-After, as REST answers. */
function rateLimitedGraphQLError(error: RateLimitError, located?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: located?.nodes,
    path: located?.path,
    originalError: error,
    extensions: {
      code: error.code,
      retryAfter: error.retryAfterSeconds,
      http: { status: 429, headers: { 'retry-after': String(error.retryAfterSeconds) } },
    },
  });
}

/**
 * Every subscription holds a place among the open streams (stream-slots.ts: per address, per
 * token, per process) from before its resolver runs until its event stream ends, however it
 * ends; past a cap the request answers 429 without subscribing.
 */
function streamLimitPlugin(deps: TDeps): Plugin<TGraphQLServerContext> {
  return {
    onSubscribe: ({ args, subscribeFn, setSubscribeFn, setResultAndStopExecution }) => {
      const context = args.contextValue as unknown as TGraphQLContext &
        TGraphQLServerContext & { request: Request };
      let slot: TStreamSlot;
      try {
        // The document's text and operation (not its variables: each board's subscriptions
        // are executed for that board's changes only) count against the address's documents.
        const text = args.document.loc?.source.body ?? print(args.document);
        slot = deps.streamSlots.take(
          {
            ...streamOwner(context.client, context.viewer),
            document: `${args.operationName ?? ''}\n${text}`,
          },
          context.request.signal,
        );
      } catch (error) {
        if (error instanceof RateLimitError) {
          setResultAndStopExecution({ errors: [rateLimitedGraphQLError(error)] });
        } else if (error instanceof AppError) {
          setResultAndStopExecution({ errors: [toGraphQLError(error)] });
        } else {
          throw error;
        }
        return;
      }
      setSubscribeFn(async (subscribeArgs) => {
        let result: Awaited<ReturnType<typeof subscribeFn>>;
        try {
          result = await subscribeFn(subscribeArgs);
        } catch (error) {
          slot.release();
          throw error;
        }
        if (!isAsyncIterable(result)) {
          // Refused (not found, unauthenticated): no stream was opened.
          slot.release();
          return result;
        }
        return holdingSlot(result, slot, context.disconnect);
      });
    },
  };
}

/**
 * Spends a query's or mutation's cost (inputLimitsPlugin measures it, with its variables) from
 * its caller's budget, before anything runs: an anonymous caller's per client address, a
 * signed-in one's per person (their sessions and the API keys they made), so an office behind one address
 * is not one caller. Past the budget: a 429 with Retry-After, as REST's limits answer. The
 * per-query cap (GRAPHQL_MAX_COST) bounds one query; this bounds a client's stream of them,
 * which could otherwise keep the server's one thread busy for everyone (issue 33).
 */
function spendCostBudget(deps: TDeps): TSpendCost {
  return async (cost, context) => {
    const { viewer, client } = context as TGraphQLContext & TGraphQLServerContext;
    // A signed-in caller's budget is their person's, whatever session or API key they use (a
    // key acts as its creator): one owner's hundred keys were a hundred budgets (attack 14, F1b).
    const keys = viewer ? { account: `user:${viewer.userId}` } : { ip: client.ip };
    try {
      await deps.rateLimiter.consume('graphqlCost', keys, cost);
      return null;
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      const wait = error.retryAfterSeconds;
      return rateLimitedGraphQLError(
        new RateLimitError(
          wait,
          `Too many costly requests. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
        ),
      );
    }
  };
}

/**
 * The real lengths of the lists priced by the caller's company (COMPANY_LIST_FIELDS): its
 * customer companies and boards, counted. None for an anonymous caller (priced as LIST_LENGTHS).
 */
function companyListLengths(deps: TDeps): TLengthsOf {
  return async (fields, context): Promise<TListLengths> => {
    const { viewer } = context as TGraphQLContext;
    if (!viewer) return {};
    const companyId = viewer.companyId;
    const needsCustomers = fields.some((f) => f !== 'boards');
    const [customers, boards] = await Promise.all([
      needsCustomers ? deps.prisma.customerCompany.count({ where: { companyId } }) : 0,
      fields.includes('boards') ? deps.prisma.board.count({ where: { companyId } }) : 0,
    ]);
    // A list of none still prices its selection once.
    const lengths: TListLengths = {};
    if (fields.includes('boards')) lengths.boards = Math.max(1, boards);
    if (needsCustomers) {
      lengths.customerCompanies = Math.max(1, customers);
      lengths.allowedCustomerCompanies = Math.max(1, customers);
    }
    return lengths;
  };
}

/**
 * Whether a document reads the schema (`__schema` or `__type`, anywhere in it); worked out once
 * per parsed document (yoga's parse cache hands each text the same one).
 */
const introspecting = new WeakMap<DocumentNode, boolean>();
const introspects = (document: DocumentNode): boolean => {
  let found = introspecting.get(document);
  if (found !== undefined) return found;
  found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  introspecting.set(document, found);
  return found;
};

/**
 * Introspection is for callers with a session or an API key (integrators, GraphiQL opened by a
 * signed-in console user): answered to anyone, it made hiding "Did you mean …?" suggestions
 * from strangers pointless (outside attack 4, F6; ASVS 5.0 V4.3.2). The schema itself is no
 * secret (schema.graphql is published): this keeps strangers' probing to what the console does.
 */
function introspectionPlugin(): Plugin<TGraphQLServerContext> {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const { viewer } = args.contextValue as unknown as TGraphQLContext;
      if (viewer || !introspects(args.document)) return;
      setResultAndStopExecution({
        errors: [
          toGraphQLError(
            new AppError(
              'UNAUTHENTICATED',
              'Reading the schema needs a session or an API key: sign in, or send a key as a bearer token.',
            ),
          ),
        ],
      });
    },
  };
}

/**
 * A read-only API key runs queries and subscriptions; a mutation is refused as a whole before
 * any resolver runs (FORBIDDEN, HTTP 403), so no mutation added later can forget the check.
 */
function readOnlyKeyPlugin(): Plugin<TGraphQLServerContext> {
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const { viewer } = args.contextValue as unknown as TGraphQLContext;
      if (canWrite(viewer)) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      try {
        requireWriter(viewer);
      } catch (error) {
        if (error instanceof AppError) {
          setResultAndStopExecution({ errors: [toGraphQLError(error, undefined, 403)] });
        }
      }
    },
  };
}

type TCaller = { viewer: TViewer | null; isRefused: boolean };

/** The viewer of the request's bearer token (a session or an API key); refused when it is bad. */
async function resolveCaller(deps: TDeps, request: Request): Promise<TCaller> {
  const header = request.headers.get('authorization');
  const token = bearerToken(header);
  if (!token) return { viewer: null, isRefused: Boolean(header) };
  const viewer = await authenticateBearer(deps, token);
  return { viewer, isRefused: !viewer };
}

/** Directives one operation may use (GraphQL Armor's maxDirectives). */
const MAX_DIRECTIVES = 50;

/** "Did you mean …?" in a validation error names fields of the schema (GraphQL Armor's wording). */
const SUGGESTION = /Did you mean ".+"\?/g;

/**
 * GraphQL Armor's limits on every operation (depth, aliases, tokens, directives; the cost is inputLimitsPlugin's), and
 * "Did you mean …?" suggestions hidden from callers without a valid session or key, so that
 * strangers cannot read the schema's private fields out of error messages. Armor's own
 * suggestion blocker is off: it rewrites the errors in place, and yoga caches validation
 * results across callers, so it would hide them from everyone or no one.
 */
function armorPlugins(
  deps: TDeps,
  callers: WeakMap<Request, TCaller>,
): Plugin<TGraphQLServerContext>[] {
  const limits = deps.config.graphqlLimits;
  // Armor's refusals were GraphQLErrors saying "Syntax Error: …" with no code, HTTP 200: each
  // is thrown instead as the one shape of a limit's refusal (limitRefusal: BAD_REQUEST, 400).
  const refuse = (limit: TLimit) => ({
    onReject: [
      (_context: unknown, error: GraphQLError) => {
        throw limitRefusal(limit, error.message);
      },
    ],
  });
  const { plugins } = new EnvelopArmor({
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ...refuse('depth') },
    // The cost is counted once, by inputLimitsPlugin, with the variables known and page sizes
    // capped at a connection's 100: Armor's rule saw only literals and multiplied by them
    // uncapped, so `first: 2147483647` was refused written in the query and served (100
    // objects) as a variable.
    costLimit: { enabled: false },
    maxAliases: { n: limits.maxAliases, ...refuse('aliases') },
    maxTokens: { n: limits.maxTokens, ...refuse('tokens') },
    maxDirectives: { n: MAX_DIRECTIVES, ...refuse('directives') },
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return [
    ...(plugins as Plugin<TGraphQLServerContext>[]),
    limitStatusPlugin<TGraphQLServerContext>(),
    {
      onExecutionResult: ({ request, result, setResult }) => {
        if (!result || Symbol.asyncIterator in result || callers.get(request)?.viewer) return;
        if (!result.errors?.some((error) => error.message.includes('Did you mean'))) return;
        setResult({
          ...result,
          errors: result.errors.map(
            (error) =>
              new GraphQLError(error.message.replace(SUGGESTION, '[Suggestion hidden]'), {
                nodes: error.nodes,
                source: error.source,
                positions: error.positions,
                path: error.path,
                originalError: error.originalError,
                extensions: error.extensions,
              }),
          ),
        });
      },
    },
  ];
}

/**
 * A page size below zero (`first: -1`): the Relay plugin's own error had no code. Answered like
 * the other argument errors of a list (a bad cursor): VALIDATION, with the argument as its field.
 */
function pageSizeRefusal(error: PothosValidationError): AppError | null {
  const argument = /^Argument "(first|last)" must be a non-negative integer$/.exec(
    error.message,
  )?.[1];
  if (!argument) return null;
  return new AppError(
    'VALIDATION',
    `"${argument}" must be 0 or more: a page holds up to 100 objects.`,
    [{ field: argument, message: 'Ask for 0 to 100 objects.' }],
  );
}

/**
 * A cursor Pothos could not read (not base64, not `GPC:`...): its own error had no code and
 * echoed the string (attack F6). VALIDATION on the argument that carried it, as a cursor of
 * another list is (schema/connection-cursor.ts).
 */
function cursorRefusal(error: PothosValidationError): AppError | null {
  if (!/^(Invalid cursor|Cursor must be a string)/.test(error.message)) return null;
  // Pothos's error does not say which argument carried it; `after` is the usual one (a cursor
  // it can read but that is not one of the list names `before` when it came there).
  return notACursor('after');
}

/** Yoga's default text for a masked error. */
const UNEXPECTED = 'Unexpected error.';

/**
 * The code of an error the caller caused (a refused input, a missing object, a limit: an
 * AppError, a RateLimitError or a negative page size), or null for one of ours.
 */
function clientErrorCode(error: unknown): string | null {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof AppError) return original.code;
  if (original instanceof RateLimitError) return 'RATE_LIMITED';
  if (original instanceof PothosValidationError && pageSizeRefusal(original)) return 'VALIDATION';
  return null;
}

/**
 * Yoga's logger, writing through ours. Yoga logs at error level (with the stack) every error
 * its mask replaced, expected ones included: one anonymous query of 20 aliased `first: -1`
 * lists wrote 18 KB of stacks (attack finding F12). An error the caller caused is a debug line
 * (code and message, no stack); an unexpected one stays an error with its stack, once (the mask
 * logged a resolver's own failure already).
 */
function yogaLoggerOf(deps: TDeps, loggedByMask: WeakSet<object>) {
  const text = (args: unknown[]) => args.map((arg) => String(arg)).join(' ');
  return {
    debug: (...args: unknown[]) => deps.log.debug(`GraphQL: ${text(args)}`),
    info: (...args: unknown[]) => deps.log.info(`GraphQL: ${text(args)}`),
    warn: (...args: unknown[]) => deps.log.warn(`GraphQL: ${text(args)}`),
    error: (...args: unknown[]) => {
      const [error] = args;
      const code = clientErrorCode(error);
      if (code) {
        deps.log.debug(`GraphQL refused: ${code} ${(error as Error).message}`);
        return;
      }
      const original = error instanceof GraphQLError ? error.originalError : error;
      if (typeof original === 'object' && original !== null && loggedByMask.has(original)) return;
      // A busy, unreachable or full database: the caller's 503, logged by the mask once per kind
      // per 30 s without a stack (db/faults.ts); 200 subscription executions past the deadline
      // wrote 1,042 error lines with stacks here (outside attack 13).
      if (databaseFaultOf(original) !== null) return;
      deps.log.error('GraphQL request failed', error);
    },
  };
}

/**
 * How errors reach callers: an AppError or RateLimitError as its code and message, an
 * unreachable database as UNAVAILABLE, anything else masked (and logged, once: `logged` keeps
 * yoga's logger from writing it again).
 */
function maskErrorOf(deps: TDeps, logged: WeakSet<object>) {
  return (error: unknown, message: string, isDev?: boolean): Error => {
    const original = error instanceof GraphQLError ? error.originalError : error;
    if (original instanceof AppError) return toGraphQLError(original, error);
    const refusal =
      original instanceof PothosValidationError
        ? (pageSizeRefusal(original) ?? cursorRefusal(original))
        : null;
    if (refusal) return toGraphQLError(refusal, error);
    if (original instanceof RateLimitError) {
      // The whole request answers 429 with Retry-After, as REST does.
      return rateLimitedGraphQLError(original, error instanceof GraphQLError ? error : undefined);
    }
    const unavailable = deps.databaseFaults.answer(original);
    if (unavailable) return toGraphQLError(unavailable, error);
    if (original !== undefined && !(original instanceof GraphQLError)) {
      deps.log.error('GraphQL resolver failed', original);
      if (typeof original === 'object' && original !== null) logged.add(original);
    }
    return maskError(error, message, isDev);
  };
}

/** The query-string parameters of a GET operation that carry JSON objects. */
const JSON_SEARCH_PARAMS = ['variables', 'extensions'] as const;

/**
 * A GET operation whose `variables` or `extensions` is not a JSON object is a 400 that names
 * the parameter, in GraphQL's error shape. Yoga's own parser threw a SyntaxError there, which
 * became a 500.
 */
function searchParamsJsonPlugin(): Plugin<TGraphQLServerContext> {
  return {
    onRequest: ({ url, endResponse, fetchAPI }) => {
      for (const name of JSON_SEARCH_PARAMS) {
        const raw = url.searchParams.get(name);
        if (raw === null || raw === '') continue;
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          value = undefined;
        }
        if (value === null || (typeof value === 'object' && !Array.isArray(value))) continue;
        const message = `The ${name} parameter is not a JSON object: send it as URL-encoded JSON, such as ${name}=%7B%7D.`;
        endResponse(
          new fetchAPI.Response(
            JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }),
            { status: 400, headers: { 'content-type': 'application/json; charset=utf-8' } },
          ),
        );
        return;
      }
    },
  };
}

/** graphql-yoga serving the Pothos schema at /graphql (GraphiQL in the browser). */
export function createGraphQL(
  deps: TDeps,
): YogaServerInstance<TGraphQLServerContext, TGraphQLContext> {
  const callers = new WeakMap<Request, TCaller>();
  const securityHeaders = baseSecurityHeaders(deps.config);
  const liveIdeas = createLiveIdeas(deps);
  const loggedByMask = new WeakSet<object>();
  const maskErrorFn = maskErrorOf(deps, loggedByMask);
  return createYoga<TGraphQLServerContext, TGraphQLContext>({
    schema: withSubscribeArguments(schema),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // Every path to yoga has limited the body already (server.ts: the fast path takes only a
    // declared length within REST_BODY_LIMIT, hono's path has cheapBodyLimit). Yoga's own limit
    // piped every body through a TransformStream: 3 % of a GraphQL vote's CPU.
    maxRequestBodySize: false,
    // GraphiQL from this server's own files (explorers.ts), not yoga's CDN page.
    graphiql: { title: GRAPHIQL_TITLE },
    renderGraphiQL: graphiqlPage,
    // Yoga's CORS reflects the caller's origin with credentials allowed; ours answers `*`.
    cors: false,
    logging: deps.config.logLevel === 'silent' ? false : yogaLoggerOf(deps, loggedByMask),
    plugins: [
      publicCorsPlugin<TGraphQLServerContext>(),
      searchParamsJsonPlugin(),
      mediaTypePlugin<TGraphQLServerContext>(),
      {
        // Resolved before validation (the context is built after it) for the suggestion rule.
        onParams: async ({ request }) => {
          callers.set(request, await resolveCaller(deps, request));
        },
      },
      ...armorPlugins(deps, callers),
      // Input lists capped and counted in the cost with the variables known, before anything
      // runs: a refused cost answers as Armor's limits do (limitRefusal), a long list a
      // VALIDATION error; then the cost is spent from the caller's budget (429 past it).
      inputLimitsPlugin<TGraphQLServerContext>(
        deps.config.graphqlLimits,
        (error) => toGraphQLError(error),
        spendCostBudget(deps),
        companyListLengths(deps),
      ),
      // NUL or a lone surrogate in any variable or string literal: a VALIDATION error.
      storableTextPlugin<TGraphQLServerContext>((error) => toGraphQLError(error)),
      // Queries run as JavaScript compiled once per document (graphql-jit) instead of
      // graphql-js's interpreter: a page of 50 ideas resolves about 1,500 fields, and the
      // interpreter's per-field promises and lookups were a third of the page's server CPU.
      // Mutations keep graphql-js and its serial order; subscriptions are answered by
      // sharedSubscriptionPlugin below (graphql-js, shared or paid per execution), which
      // replaces the subscribe function set here.
      useGraphQlJit(
        {},
        {
          enableIf: ({ document, operationName }) =>
            getOperationAST(document, operationName)?.operation !== 'mutation',
        },
      ),
      // Before streamLimitPlugin, which holds a stream slot around what it answers.
      // Answers every subscription: shared per class of caller, or per subscriber with each
      // execution spent from the caller's cost budget (as queries are).
      sharedSubscriptionPlugin<TGraphQLServerContext>(
        deps,
        (error) => maskErrorFn(error, UNEXPECTED, false) as GraphQLError,
        spendCostBudget(deps),
      ),
      streamLimitPlugin(deps),
      readOnlyKeyPlugin(),
      introspectionPlugin(),
      {
        // Answers served by yoga's own Node handler (server.ts) skip hono's middleware.
        onResponse: ({ response }) => addMissingHeaders(response.headers, securityHeaders),
      },
    ],
    context: async ({ request, client, requestContext }) => {
      const { viewer, isRefused } = callers.get(request) ?? (await resolveCaller(deps, request));
      if (isRefused) {
        throw toGraphQLError(
          new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.'),
          undefined,
          401,
        );
      }
      // Yoga reads the body in the socket's callbacks, outside the request's async context:
      // the log line's context comes by hand.
      if (requestContext && viewer) requestContext.companyId = viewer.companyId;
      return {
        deps,
        viewer: withAddress(viewer, client),
        planStates: new Map(),
        client,
        votedByMe: votedByMeLoader(deps.sql, viewer),
        related: relatedRowsLoader(deps.sql),
        liveIdeas,
      };
    },
    // Only errors we mean to expose pass through (with extensions.code); the rest are masked
    // and logged. isDev stays off so no stack or internal message reaches a caller.
    maskedErrors: { isDev: false, maskError: maskErrorFn },
  });
}
