import SchemaBuilder from '@pothos/core';
import { GraphQLError, isObjectType } from 'graphql';
import type { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin, { resolveNodes } from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { TDeps } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { TPlanState } from '../services/plan/plan-state.ts';
import type { TViewer } from '../viewer.ts';
import type { TClient } from '../http/rate-limit.ts';
import type { TVotedByMe } from './voted-by-me.ts';
import type { TRelatedRows } from './related-rows.ts';
import type { TLiveIdeas } from './live-idea.ts';
import { isCompanyAdmin } from '../viewer.ts';
import { isIdeaReadableUnderCap } from '../services/idea/idea-read-under-cap.ts';
import { planStateFor } from './plan-context.ts';
import { isBatchedNodeType, loadNodesOfType, registerNodeModel } from './node-loader.ts';
import type { TNodeWhere } from './node-loader.ts';

export type TGraphQLContext = {
  deps: TDeps;
  viewer: TViewer | null;
  /** Plan states read during this operation, by company (see plan-context.ts). */
  planStates: Map<number, Promise<TPlanState>>;
  /** The caller's address, for rate limits. */
  client: TClient;
  /** Whether the caller voted for an idea, batched per list (voted-by-me.ts). */
  votedByMe: TVotedByMe;
  /** Authors, kept ideas and boards' companies of the rows resolved, batched (related-rows.ts). */
  related: TRelatedRows;
  /** The ideas of live events, read once per event for every subscriber (live-idea.ts). */
  liveIdeas: TLiveIdeas;
};

export const builder = new SchemaBuilder<{
  Context: TGraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { signedIn: boolean; companyAdmin: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
    /** A calendar date: a Date at UTC midnight (a `@db.Date` column) or its YYYY-MM-DD text. */
    Date: { Input: string; Output: Date | string };
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    // Anonymous callers are told to sign in; signed-in callers without the right are refused.
    unauthorizedError: (_parent, context) =>
      context.viewer ? errors.forbidden() : errors.unauthenticated(),
    authScopes: (context) => ({
      signedIn: context.viewer !== null,
      companyAdmin: isCompanyAdmin(context.viewer),
    }),
  },
  prisma: {
    client: (context) => context.deps.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeTypeOptions: { description: 'An object with a global id, refetchable with `node(id:)`.' },
    pageInfoTypeOptions: { description: 'Where a page of a connection sits in the whole list.' },
    nodeQueryOptions: {
      description: 'Any object by its global id, if the caller may see it (null otherwise).',
      args: { id: { description: 'The global id of the object.' } },
      resolve: async (_root, args, context, info, resolveNode) => {
        // An id of a type that is no node answers as an unknown id does: Pothos's own error
        // ("Session has not been implemented") named the server's internal types.
        if (!isNodeTypename(info.schema, args.id.typename)) return null;
        const [loaded] = isBatchedNodeType(args.id.typename)
          ? await loadNodesOfType(context, info, args.id.typename, [String(args.id.id)])
          : [await resolveNode(args.id)];
        const [node] = await withoutIdeasPastCap(context, [args.id], [loaded]);
        return node;
      },
    },
    nodesQueryOptions: {
      description: 'Objects by their global ids, each null where the caller may not see it.',
      args: { ids: { description: 'The global ids of the objects.' } },
      resolve: async (_root, args, context, info) => {
        // An id of a type that is no node answers null, as an unknown id does (Pothos skips a
        // null id; the resolver it hands over would resolve all of args.ids).
        const ids = args.ids.map((id) => (isNodeTypename(info.schema, id.typename) ? id : null));
        const nodes = await resolveNodeIds(context, info, ids);
        return withoutIdeasPastCap(context, args.ids, nodes);
      },
    },
    idFieldOptions: {
      description:
        'The global id: opaque, the same in every query; pass it to `node(id:)` and to mutations.',
    },
    cursorFieldOptions: {
      description: 'Where this edge sits: pass it as `after` (or `before`) to read on from here.',
    },
    nodeFieldOptions: { description: 'The object at this edge.' },
    edgesFieldOptions: { description: 'The objects of this page, each with its cursor.' },
    pageInfoFieldOptions: { description: 'Whether more pages follow or precede this one.' },
    hasNextPageFieldOptions: {
      description: 'Whether objects follow this page (read on with `after: endCursor`).',
    },
    hasPreviousPageFieldOptions: {
      description: 'Whether objects precede this page (read back with `before: startCursor`).',
    },
    startCursorFieldOptions: { description: 'The cursor of the first object of this page.' },
    endCursorFieldOptions: { description: 'The cursor of the last object of this page.' },
    firstArgOptions: { description: 'How many objects to return from the start (after `after`).' },
    lastArgOptions: { description: 'How many objects to return from the end (before `before`).' },
    afterArgOptions: { description: 'Return the objects after this cursor.' },
    beforeArgOptions: { description: 'Return the objects before this cursor.' },
  },
  errors: {
    // Mutations declaring `errors: {}` answer `AppError` results for expected failures.
    defaultTypes: [AppError],
  },
});

type TIdeaRow = { id: number; boardId: number; status: string; createdAt: Date };

/**
 * The nodes of global ids (null where the id is null): the ids of each prismaNode type read in
 * one findMany (node-loader.ts), any other node as Pothos resolves it.
 */
async function resolveNodeIds(
  context: TGraphQLContext,
  info: GraphQLResolveInfo,
  ids: ({ id: unknown; typename: string } | null)[],
): Promise<unknown[]> {
  const nodes: unknown[] = ids.map(() => null);
  const byType = new Map<string, number[]>();
  const others = ids.map((id) => (id && !isBatchedNodeType(id.typename) ? id : null));
  ids.forEach((id, index) => {
    if (!id || !isBatchedNodeType(id.typename)) return;
    byType.set(id.typename, [...(byType.get(id.typename) ?? []), index]);
  });
  const [resolved] = await Promise.all([
    others.some(Boolean) ? Promise.all(await resolveNodes(builder, context, info, others)) : [],
    ...[...byType].map(async ([typename, indexes]) => {
      const rows = await loadNodesOfType(
        context,
        info,
        typename,
        indexes.map((index) => String(ids[index]!.id)),
      );
      indexes.forEach((index, n) => (nodes[index] = rows[n]));
    }),
  ]);
  (resolved as unknown[]).forEach((node, index) => {
    if (others[index]) nodes[index] = node;
  });
  return nodes;
}

/** Whether a global id's type is an object type of the schema that implements Node. */
function isNodeTypename(schema: GraphQLSchema, typename: string): boolean {
  const type = schema.getType(typename);
  return isObjectType(type) && type.getInterfaces().some((face) => face.name === 'Node');
}

/**
 * `node`/`nodes` answers with the ideas past the plan's cap made null for all but the company's
 * admins, as `idea(id:)`, REST and the portal answer them (the visibility filter of the Idea
 * node's findUnique cannot see the plan). Each company's plan is read once per operation.
 */
async function withoutIdeasPastCap(
  context: TGraphQLContext,
  ids: readonly { typename: string }[],
  nodes: readonly unknown[],
): Promise<unknown[]> {
  return Promise.all(
    nodes.map(async (node, index) => {
      if (node === null || node === undefined || ids[index]?.typename !== 'Idea') return node;
      const idea = node as TIdeaRow;
      const companyId = await context.related.boardCompanyId(idea.boardId);
      if (companyId === null) return null;
      const plan = await planStateFor(context, companyId);
      return isIdeaReadableUnderCap(context.viewer, idea, companyId, plan) ? node : null;
    }),
  );
}

// Every prismaNode type's model and findUnique are recorded, so `node`/`nodes` read the ids of a
// type in one findMany filtered by that findUnique (node-loader.ts).
const definePrismaNode = builder.prismaNode.bind(builder);
builder.prismaNode = ((
  model: string,
  options: { name?: string; variant?: string; findUnique?: TNodeWhere },
) => {
  const typename = options.variant ?? options.name ?? model;
  if (options.findUnique) registerNodeModel(typename, model, options.findUnique);
  return (definePrismaNode as (m: string, o: unknown) => unknown)(model, options);
}) as typeof builder.prismaNode;

builder.queryType({ description: 'The entry points for reading.' });
builder.mutationType({ description: 'The entry points for changing data.' });

/**
 * An uploaded file: a part of a GraphQL multipart request (the multipart request spec, which
 * yoga reads), for the import's export files. Input only.
 */
builder.scalarType('File', {
  description:
    'An uploaded file, sent as a part of a multipart request (github.com/jaydenseric/graphql-multipart-request-spec). Input only.',
  specifiedByURL: 'https://github.com/jaydenseric/graphql-multipart-request-spec',
  serialize: () => {
    throw new TypeError('File is an input type.');
  },
  parseValue: (value) => {
    const isFile =
      typeof value === 'object' &&
      value !== null &&
      typeof (value as File).arrayBuffer === 'function' &&
      typeof (value as File).name === 'string';
    // A GraphQLError keeps its words (yoga masks other errors as "Unexpected error.").
    if (!isFile)
      throw new GraphQLError('It has to be a file sent as a part of a multipart request.');
    return value as File;
  },
});

/** A calendar date as text: YYYY-MM-DD, a day that exists. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

builder.scalarType('Date', {
  description:
    'A calendar date without a time or time zone, as YYYY-MM-DD (ISO 8601 / RFC 3339 full-date), e.g. a release date.',
  specifiedByURL: 'https://scalars.graphql.org/andimarek/local-date.html',
  serialize: (value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)),
  parseValue: (value) => {
    const text = String(value);
    if (!isCalendarDate(text)) throw new TypeError('Date must be a day as YYYY-MM-DD.');
    return text;
  },
});

builder.scalarType('DateTime', {
  description: 'An instant in time, as an ISO 8601 string in UTC.',
  specifiedByURL: 'https://scalars.graphql.org/chillicream/date-time.html',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 string.');
    return date;
  },
});
