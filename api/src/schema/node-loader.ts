import { brandWithType } from '@pothos/core';
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import type { TGraphQLContext } from './builder.ts';

/** How a prismaNode type finds one row by its id for the caller (its `findUnique`). */
export type TNodeWhere = (id: string, context: TGraphQLContext) => unknown;

type TNodeModel = { model: string; where: TNodeWhere };

/** The Prisma model and the visibility-filtered where of every prismaNode type, by type name. */
const nodeModels = new Map<string, TNodeModel>();

/** Records a prismaNode type's model and `findUnique` (builder.ts, as each type is defined). */
export function registerNodeModel(typename: string, model: string, where: TNodeWhere): void {
  nodeModels.set(typename, { model, where });
}

/** Whether `node`/`nodes` reads this type's rows through loadNodesOfType. */
export function isBatchedNodeType(typename: string): boolean {
  return nodeModels.has(typename);
}

type TWhere = Record<string, unknown>;

/**
 * One where for the rows of many ids: `{ id: { in: ids }, ...rest }` when every id's where is
 * `{ id, ...rest }` with the same rest (the caller's visibility filter, which does not depend on
 * the id: the usual case), else the OR of the ids' wheres (as strict, only longer).
 */
function whereOfMany(wheres: TWhere[]): TWhere {
  const withoutId = (where: TWhere): TWhere => ({ ...where, id: undefined });
  const rests = wheres.map((where) => JSON.stringify(withoutId(where)));
  const isPlainId = wheres.every((where) => typeof where.id === 'number');
  if (isPlainId && rests.every((rest) => rest === rests[0])) {
    const ids = [...new Set(wheres.map((where) => where.id as number))];
    return { ...withoutId(wheres[0]!), id: { in: ids } };
  }
  return { OR: wheres };
}

type TDelegate = { findMany: (args: TWhere) => Promise<TWhere[]> };

/**
 * The rows of one node type's ids, for `node`/`nodes`, in one findMany (and one statement for
 * each relation the selection includes), in the order of the ids: null for an id the caller may
 * not see or that names no row. Pothos loaded each id with its own findUnique, whose visibility
 * filter (`AND: [...]`) Prisma cannot batch: `nodes` of 50 Idea ids ran 207 SQL statements.
 * Every id is filtered by the type's own `findUnique` where, so tenancy is exactly as strict.
 */
export async function loadNodesOfType(
  context: TGraphQLContext,
  info: GraphQLResolveInfo,
  typename: string,
  ids: readonly string[],
): Promise<unknown[]> {
  const node = nodeModels.get(typename);
  if (!node || ids.length === 0) return ids.map(() => null);
  const wheres = (await Promise.all(ids.map((id) => node.where(id, context)))) as TWhere[];
  const query = (await queryFromInfo({
    context,
    info,
    typeName: typename,
    awaitSelections: true,
  })) as TWhere;
  // The id maps rows back to the ids asked for, whatever the selection reads.
  const select = query.select ? { select: { ...(query.select as TWhere), id: true } } : {};
  const client = context.deps.prisma as unknown as Record<string, TDelegate>;
  const delegate = client[node.model.charAt(0).toLowerCase() + node.model.slice(1)]!;
  const rows = await delegate.findMany({ ...query, ...select, where: whereOfMany(wheres) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wheres.map((where) => {
    const row = byId.get(where.id) ?? null;
    if (row) brandWithType(row, typename as never);
    return row;
  });
}
