import { decodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError, Kind, getOperationAST, print, visit } from 'graphql';
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AppError } from '../errors.ts';
import { errors } from '../errors.ts';
import { MAX_COMPANY_TAGS } from '../services/tag/tag-input.ts';

/** How many entries a list argument (ids, files, events…) holds at most, unless named below. */
export const MAX_LIST_ENTRIES = 100;

/**
 * Arguments whose service checks the list's length itself and answers a field error of the
 * mutation's result ("Choose at most 100 ideas at once."): the ceiling here is only for lists far
 * past any of those caps. A board's tag filter names up to every tag of the company.
 */
const SERVICE_CHECKED_LIST_ENTRIES = 1_000;
const LIST_ENTRIES_OF: Record<string, number> = {
  'ideas.tagIds': MAX_COMPANY_TAGS,
  'bulkSetIdeaStatus.ideaIds': SERVICE_CHECKED_LIST_ENTRIES,
  'bulkMoveIdeas.ideaIds': SERVICE_CHECKED_LIST_ENTRIES,
  'bulkAddIdeaTag.ideaIds': SERVICE_CHECKED_LIST_ENTRIES,
  'bulkRemoveIdeaTag.ideaIds': SERVICE_CHECKED_LIST_ENTRIES,
  'addReleaseIdeas.ideaIds': SERVICE_CHECKED_LIST_ENTRIES,
  'markNotificationsRead.ids': SERVICE_CHECKED_LIST_ENTRIES,
  'reorderBoardStatuses.statusIds': SERVICE_CHECKED_LIST_ENTRIES,
};

/**
 * What one entry of an input list costs on top of the selection it multiplies: decoding it,
 * looking it up. 10,000 ids cost 100,000 before any field is selected.
 */
export const LIST_ENTRY_COST = 10;

// GraphQL Armor's cost model (@escape.tech/graphql-armor-cost-limit, flattenFragments): an
// object costs 2, a scalar 1, a child 1.5 times its own cost, a connection `first`/`last` times.
const OBJECT_COST = 2;
const SCALAR_COST = 1;
const DEPTH_COST_FACTOR = 1.5;
/**
 * Fields read from nothing but what the server already holds: a connection's edge (the row and
 * a cursor made from its id), its page info, and any object's `__typename`. Their selections
 * are paid as any; they themselves cost nothing (Relay asks for all of them on every page).
 */
const PLUMBING = new Set(['edges', 'cursor', 'pageInfo', '__typename']);
/**
 * Fields one operation may name with its fragments expanded, as the server's layers that walk a
 * selection spread by spread (Pothos's Prisma selections among them) see it: past it the
 * operation is refused as too costly before anything walks it. 40 fragments each spreading the
 * one before twice expand to 2^39 fields in 1.6 KB (outside attack 11 F2 and attack 12 F1: the
 * process held for good; 22 levels took 1.4 s), and ten levels of five fields each spreading
 * the level below to 5^10 in 700 characters; the console's largest query names a few hundred.
 */
const MAX_EXPANDED_FIELDS = 20_000;

/**
 * The fields an operation names with every fragment spread expanded where it is spread, counted
 * without expanding them (each fragment's count worked out once). A fragment that spreads itself
 * is refused by validation; it counts nothing more here.
 */
function expandedFields(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const counted = new Map<string, number>();
  const inSet = (set: SelectionSetNode): number => {
    let count = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        count += 1 + (selection.selectionSet ? inSet(selection.selectionSet) : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        count += inSet(selection.selectionSet);
      } else {
        count += inFragment(selection.name.value);
      }
      // Past the limit the exact count does not matter (and would not fit a number).
      if (count > MAX_EXPANDED_FIELDS) return count;
    }
    return count;
  };
  const inFragment = (name: string): number => {
    const known = counted.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    counted.set(name, 0);
    const count = fragment ? inSet(fragment.selectionSet) : 0;
    counted.set(name, count);
    return count;
  };
  return inSet(operation.selectionSet);
}

/** Every connection answers at most 100 objects a page (`maxSize`), whatever `first` asks. */
const MAX_PAGE = 100;

/**
 * Fields whose work is far above their answer's size, priced by name: a similar-idea search
 * read and scored a whole board when it was priced (one query of 20 aliased searches held the
 * embedded server 42 s: outside attack 3, finding 11), and an idea's voter companies are an
 * unpaged list of any length (finding 12). A search now reads at most MATCHES_READ matches of
 * each kind (outside attacks 7-9: 1-25 ms at 100,000 ideas, `bench/search.ts`) and each one
 * also spends the per-client limit of hints (RATE_LIMIT_SIMILAR_IDEAS_*, 120 a minute): priced
 * at 5,000 (7,500 under a board) so that the console's hint is a normal screen (an admin typing
 * a title spent 30,000 a hint, 16 hints a minute), while an operation still asks for at most
 * thirteen searches (20 aliased ones are refused) or nineteen voter-company lists, and each
 * spends as much from the caller's budget. An idea's voters are a connection: paid `first`
 * times, as any page (issue 37.4).
 */
const FIELD_COSTS: Record<string, number> = {
  similarIdeas: 5_000,
  voterCompanies: 5_000,
  // Release notes are up to 20,000 characters, and their HTML more: priced by size (a scalar is
  // 1), so 20 aliases of 100 releases' notes (150 MB from one anonymous request, attack 4 F4)
  // are refused, while the console's page of 100 releases with their notes fits.
  body: 80,
  bodyHtml: 80,
  // Counts a release's recipients over the votes of its ideas, as voters reads them; a preview
  // renders up to 20,000 characters of Markdown.
  publishMailCount: 5_000,
  releaseNotesPreview: 1_000,
};

/**
 * Lists without paging (no `first`), priced as long as they may grow: their selection is paid
 * that many times, as a connection's is paid `first` times (GraphQL Armor counts every list as
 * one entry, so 10 aliases of 12,000 customer companies, or every board's per-board fields over
 * 61 boards, passed as cheap: attack 4 F1 and F2). None of them has a hard cap: each is priced
 * at what a large company has (the spec shows 500 boards as unlimited).
 */
const LIST_LENGTHS: Record<string, number> = {
  boards: 500,
  fromBoards: 500,
  customerCompanies: 5_000,
  allowedCustomerCompanies: 500,
  members: 1_000,
};

/**
 * Of those lists, the ones priced at the caller's own company's real length when it is known
 * (inputLimitsPlugin's `lengthsOf`: one count per operation that asks for them): a company
 * with 30 customers reading them all spends 30 rows' worth, not 5,000 (every board screen of
 * the console read them for its segment filter, and was priced 20,000 for it). Each is at most
 * that company's rows, whoever asks. LIST_LENGTHS stays the price without a company (or a
 * count), and a company past it is priced at its own, larger length.
 */
export const COMPANY_LIST_FIELDS = ['customerCompanies', 'allowedCustomerCompanies', 'boards'];

/** The real lengths of COMPANY_LIST_FIELDS for one caller, by field name. */
export type TListLengths = Record<string, number>;

/** Counts the caller's real lengths of the named lists (graphql.ts). */
export type TLengthsOf = (fields: string[], context: unknown) => Promise<TListLengths>;

/** The COMPANY_LIST_FIELDS a document names anywhere (fragments included). */
function companyListFieldsIn(document: DocumentNode): string[] {
  const found = new Set<string>();
  visit(document, {
    Field: (field) => {
      if (COMPANY_LIST_FIELDS.includes(field.name.value)) found.add(field.name.value);
    },
  });
  return [...found];
}

/**
 * Every connection with the page it answers without `first` or `last` (its `defaultSize`): paid
 * for as that page, as it would be with `first` written out. Only four of them were known here,
 * so `ideas { edges { node { comments { … } } } }` was priced as one idea with one comment and
 * answered 50 ideas with 50 comments each.
 */
export const DEFAULT_PAGES: Record<string, number> = {
  ideas: 50,
  comments: 50,
  voters: 50,
  activity: 20,
  releases: 50,
  auditLog: 50,
  payments: 50,
  notifications: 20,
  awaitingIdeas: 50,
  companyUsers: 50,
  customerCompaniesConnection: 50,
  boardsConnection: 50,
};

/**
 * What a connection costs for each parent row when it is asked under a list (each idea of a
 * page, each board of `boards`): its page is read by a statement of its own for every parent,
 * and the model priced it as a column of the parent's row. A page of 100 ideas with one comment
 * each was 100 statements, 0.4-1.2 s on the embedded database, for 2,177 points (issue 33,
 * F1a). Such a statement takes 2-5 ms there; the page of 100 ideas it hangs from is one
 * statement of 20-60 ms priced 1,202, so 200 is a statement's time at the page's rate (the same
 * page of ideas with one comment each now costs 22,177: nine a minute from an anonymous
 * address). Paid on top of the page's rows, at any depth, and not raised by DEPTH_COST_FACTOR.
 */
export const PER_PARENT_STATEMENT_COST = 200;

/**
 * Connections whose `totalCount` is counted for every parent of a list by one grouped statement
 * (schema/related-rows.ts): asked for nothing but their count (and without a cursor), they are
 * no statement per parent.
 */
const BATCHED_COUNTS = new Set(['comments', 'voters']);

/** What a connection selects and no other field of DEFAULT_PAGES's names does. */
const CONNECTION_FIELDS = new Set(['edges', 'nodes', 'pageInfo', 'totalCount']);

/** Fields of a connection that read no page: its count, and its type's name. */
const COUNT_ONLY_FIELDS = new Set(['totalCount', '__typename']);

/**
 * What loading one object by its global id costs (`node(id:)`, each id of `nodes(ids:)`), on
 * top of the selection paid per object: each is looked up on its own, access checked, and an
 * idea's board, plan cap and counts read. 100 Idea ids with an idea's usual fields were priced
 * about 6,400 for 0.45 s of the server's work, 31 of them a minute within an anonymous
 * address's budget (outside attack 7, finding 3); at 500 an Idea id, three fit a minute.
 * Priced by the type the id names; ids that decode to no type cost NODE_COST.
 */
export const NODE_COST = 100;
const NODE_COSTS: Record<string, number> = { Idea: 500, Comment: 300 };

/** The type a global id names ('' for anything that is not one). */
function typenameOf(id: unknown): string {
  try {
    return typeof id === 'string' ? decodeGlobalID(id).typename : '';
  } catch {
    return '';
  }
}

/** The load cost of the global ids in an argument's value (node/nodes), by their types. */
function nodeLoadCost(value: unknown): number {
  const ids = Array.isArray(value) ? value : [value];
  let cost = 0;
  for (const id of ids) cost += NODE_COSTS[typenameOf(id)] ?? NODE_COST;
  return cost;
}

type TVariables = Record<string, unknown>;

type TListProblem = { field: string; entries: number; cap: number };

type TMeasure = { cost: number; problems: TListProblem[] };

/**
 * The values inside a list or an input object (JSON's plain objects); nothing inside anything
 * else: an uploaded File (a multipart request's variables) holds its bytes, not entries.
 */
function inner(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return Object.values(value);
  }
  return [];
}

/** The entries of every list in a value (nested lists and input objects included). */
function jsonEntries(value: unknown): number {
  let entries = Array.isArray(value) ? value.length : 0;
  for (const item of inner(value)) entries += jsonEntries(item);
  return entries;
}

/**
 * The longest list in a value, anywhere inside it. A loop, not Math.max(...): a list of 200,000
 * entries would pass that many arguments and overflow the stack.
 */
function jsonLongest(value: unknown): number {
  let longest = Array.isArray(value) ? value.length : 0;
  for (const item of inner(value)) longest = Math.max(longest, jsonLongest(item));
  return longest;
}

/** An argument's value with its variables filled in from the request (or their defaults). */
function valueOf(
  node: ValueNode,
  variables: TVariables,
  defaults: Map<string, ValueNode>,
): unknown {
  switch (node.kind) {
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (name in variables) return variables[name];
      const fallback = defaults.get(name);
      return fallback ? valueOf(fallback, variables, defaults) : undefined;
    }
    case Kind.LIST:
      return node.values.map((item) => valueOf(item, variables, defaults));
    case Kind.OBJECT:
      return Object.fromEntries(
        node.fields.map((field) => [field.name.value, valueOf(field.value, variables, defaults)]),
      );
    case Kind.INT:
      return Number.parseInt(node.value, 10);
    case Kind.NULL:
      return null;
    default:
      return 'value' in node ? node.value : undefined;
  }
}

/**
 * The operation's cost with its variables known (GraphQL Armor's model, whose validation rule
 * sees only literals), with every input list counted: `nodes(ids:)`'s selection is paid once per
 * id (it reads one object per id), and every entry of any list argument costs LIST_ENTRY_COST
 * more. Lists longer than their cap are collected as problems.
 */
function measure(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: TVariables,
  lengths: TListLengths = {},
): TMeasure | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const defaults = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue)
      defaults.set(definition.variable.name.value, definition.defaultValue);
  }
  const problems: TListProblem[] = [];
  const entered = new Set<string>();

  /**
   * The fields of a selection set as graphql runs them: fragments flattened, and the fields of
   * one response key with the same name and arguments merged into one (their selections
   * together), run once. The console's queries select `id status customStatus { id }` beside a
   * fragment selecting them again, and each was paid twice, once per page row.
   */
  const collectFields = (set: SelectionSetNode, into: Map<string, FieldNode[]>): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const args = (selection.arguments ?? []).map((argument) => print(argument)).join(',');
        const key = `${selection.alias?.value ?? selection.name.value}:${selection.name.value}(${args})`;
        addField(into, key, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collectFields(selection.selectionSet, into);
      } else {
        const own = fragmentFields(selection.name.value);
        for (const [key, fields] of own) for (const field of fields) addField(into, key, field);
      }
    }
  };

  /** A field node once per key: a fragment spread twice selects the same nodes, not twice as many. */
  const addField = (into: Map<string, FieldNode[]>, key: string, field: FieldNode) => {
    const fields = into.get(key);
    if (!fields) into.set(key, [field]);
    else if (!fields.includes(field)) fields.push(field);
  };

  /**
   * A fragment's fields, flattened once and kept: fragments spreading the one before twice, 40
   * deep, named 2^39 selections in 1.6 KB, and flattening them spread by spread held the process
   * for good (outside attack 11, F2). A fragment that spreads itself is refused by validation;
   * it counts once here.
   */
  const flattened = new Map<string, Map<string, FieldNode[]>>();
  const fragmentFields = (name: string): Map<string, FieldNode[]> => {
    const known = flattened.get(name);
    if (known) return known;
    const own = new Map<string, FieldNode[]>();
    const fragment = fragments.get(name);
    if (!fragment || entered.has(name)) return own;
    entered.add(name);
    collectFields(fragment.selectionSet, own);
    entered.delete(name);
    flattened.set(name, own);
    return own;
  };

  const mergedField = (fields: FieldNode[]): FieldNode => {
    const [first] = fields as [FieldNode, ...FieldNode[]];
    if (fields.length === 1 || !first.selectionSet) return first;
    const selections = fields.flatMap((field) => field.selectionSet?.selections ?? []);
    return { ...first, selectionSet: { kind: Kind.SELECTION_SET, selections } };
  };

  /**
   * A selection's cost: its rows, its fields priced by their size (FIELD_COSTS), and the
   * statements its connections read per parent row (PER_PARENT_STATEMENT_COST).
   */
  type TCost = { rows: number; sized: number; statements: number };

  /**
   * A level deeper costs DEPTH_COST_FACTOR times more (a join, a row per parent), except a
   * connection's own wrappers: `edges { node { … } }` is the page's rows, not two levels more
   * (paid 2.25 times over on every connection: the console's lists cost 2.25 times their rows),
   * and a scalar, read with its row (a row's title cost 3.4 at the depth of a roadmap card).
   * The fields priced by their size (FIELD_COSTS) keep the factor at every level, wrappers too,
   * as they were priced against attack 4 (a page of release notes and their HTML twice is more
   * than one query may cost).
   */
  const selectionCost = (set: SelectionSetNode, parent = '', isUnderList = false): TCost => {
    const fields = new Map<string, FieldNode[]>();
    collectFields(set, fields);
    const cost = { rows: 0, sized: 0, statements: 0 };
    for (const same of fields.values()) {
      const field = mergedField(same);
      const name = field.name.value;
      const isWrapper =
        name === 'edges' || name === 'pageInfo' || (name === 'node' && parent === 'edges');
      const { rows, sized, statements } = fieldCost(field, isUnderList);
      // A column of a row is read with the row, however deep the row is.
      const isColumn = !field.selectionSet && parent !== '';
      cost.rows += (isWrapper || isColumn ? 1 : DEPTH_COST_FACTOR) * rows;
      cost.sized += DEPTH_COST_FACTOR * sized;
      cost.statements += statements;
    }
    return cost;
  };

  /**
   * Whether a connection asked under a list reads a statement for each parent row: anything
   * but a count that one grouped statement answers for them all (BATCHED_COUNTS, no cursor).
   */
  const readsPerParent = (field: FieldNode, selected: string[]): boolean => {
    if (!BATCHED_COUNTS.has(field.name.value)) return true;
    const hasCursor = (field.arguments ?? []).some(
      (argument) => argument.name.value === 'after' || argument.name.value === 'before',
    );
    return hasCursor || selected.some((name) => !COUNT_ONLY_FIELDS.has(name));
  };

  /**
   * The field names a connection of DEFAULT_PAGES selects, or null when the field is no
   * connection (other types have fields of those names: an import's `ideas` count, a user's
   * `notifications` preference): a connection selects its edges, nodes, page info or count.
   */
  const connectionSelection = (field: FieldNode): string[] | null => {
    if (!(field.name.value in DEFAULT_PAGES) || !field.selectionSet) return null;
    const selected = new Map<string, FieldNode[]>();
    collectFields(field.selectionSet, selected);
    const names = [...selected.values()].map(([node]) => node!.name.value);
    return names.some((name) => CONNECTION_FIELDS.has(name)) ? names : null;
  };

  const fieldCost = (field: FieldNode, isUnderList = false): TCost => {
    if (field.name.value === '__schema') return { rows: 0, sized: 0, statements: 0 };
    let multiplier = 1;
    let paged = false;
    let listEntries = 0;
    let loads = 0;
    for (const argument of field.arguments ?? []) {
      const name = argument.name.value;
      const value = valueOf(argument.value, variables, defaults);
      const isNodeField = field.name.value === 'node' || field.name.value === 'nodes';
      // A list past its cap is refused by its length (VALIDATION, below) and loads nothing.
      const isWithinCap = jsonLongest(value) <= MAX_LIST_ENTRIES;
      if (isNodeField && (name === 'id' || name === 'ids') && isWithinCap) {
        loads += nodeLoadCost(value);
      }
      if ((name === 'first' || name === 'last') && typeof value === 'number') paged = true;
      if ((name === 'first' || name === 'last') && typeof value === 'number' && value > 1) {
        multiplier = Math.max(multiplier, Math.min(value, MAX_PAGE));
        continue;
      }
      const entries = jsonEntries(value);
      if (entries === 0) continue;
      listEntries += entries;
      const longest = jsonLongest(value);
      // `nodes(ids:)` answers one object per id; other fields take lists as filters or as
      // what to change, and answer what their own lists say.
      if (field.name.value === 'nodes') multiplier = Math.max(multiplier, longest);
      const key = `${field.name.value}.${name}`;
      const cap = LIST_ENTRIES_OF[key] ?? MAX_LIST_ENTRIES;
      if (longest > cap) problems.push({ field: name, entries: longest, cap });
    }
    // A list without paging is paid for as long as it may grow (LIST_LENGTHS).
    // A connection asked without `first`/`last` is paid for its default page (DEFAULT_PAGES).
    const connection = connectionSelection(field);
    if (multiplier === 1 && !paged)
      multiplier =
        lengths[field.name.value] ??
        LIST_LENGTHS[field.name.value] ??
        (connection ? DEFAULT_PAGES[field.name.value] : undefined) ??
        1;
    // A connection's wrappers and a type's name are made in memory from the rows: no row of
    // their own (their selection is still paid).
    const base = PLUMBING.has(field.name.value)
      ? 0
      : field.selectionSet
        ? OBJECT_COST
        : SCALAR_COST;
    // What is under a field answering more than one row is asked once per row.
    const selection = field.selectionSet
      ? selectionCost(field.selectionSet, field.name.value, isUnderList || multiplier > 1)
      : { rows: 0, sized: 0, statements: 0 };
    const ownStatements =
      isUnderList && connection && readsPerParent(field, connection)
        ? PER_PARENT_STATEMENT_COST
        : 0;
    return {
      rows: (base + selection.rows) * multiplier + listEntries * LIST_ENTRY_COST + loads,
      sized: selection.sized * multiplier + (FIELD_COSTS[field.name.value] ?? 0),
      statements: selection.statements * multiplier + ownStatements,
    };
  };

  // Walked spread by spread below (a fragment's fields are flattened once, but what is under
  // them is walked wherever it is spread): an operation that names too many is too costly.
  if (expandedFields(document, operation) > MAX_EXPANDED_FIELDS) {
    return { cost: Number.POSITIVE_INFINITY, problems };
  }
  const { rows, sized, statements } = selectionCost(operation.selectionSet);
  return { cost: (rows + sized) / DEPTH_COST_FACTOR + statements, problems };
}

/** The limits on the shape of an operation (GraphQL Armor's, and the cost with variables). */
export type TLimit = 'depth' | 'cost' | 'aliases' | 'tokens' | 'directives';

/**
 * The one refusal of an operation past a limit on its shape, whichever rule saw it: HTTP 400,
 * `extensions: {code: "BAD_REQUEST", limit}`, and a message naming the limit and what was found
 * ("Query depth limit of 10 exceeded, found 13."). GraphQL Armor's own errors said
 * "Syntax Error: …" without a code and answered HTTP 200; a fractional cost is rounded.
 */
export function limitRefusal(limit: TLimit, message: string): GraphQLError {
  const text = message
    .replace(/^Syntax Error: /, '')
    .replace(
      /found (\d+(?:\.\d+)?)\./,
      (_, found: string) => `found ${Math.round(Number(found))}.`,
    );
  return new GraphQLError(text, {
    extensions: { code: 'BAD_REQUEST', limit, http: { status: 400, spec: false } },
  });
}

/**
 * Keeps a limit's refusal at HTTP 400 whatever the client accepts. Yoga marks an error thrown
 * by the parser (the token limit) as one of the GraphQL-over-HTTP spec's, and answers those
 * with 200 to a client that accepts `application/json`.
 */
export function limitStatusPlugin<TServerContext extends object>(): Plugin<TServerContext> {
  return {
    onResultProcess: ({ result }) => {
      if (Array.isArray(result) || Symbol.asyncIterator in result) return;
      for (const error of result.errors ?? []) {
        const http = error.extensions?.limit ? error.extensions.http : undefined;
        if (http && typeof http === 'object') (http as { spec?: boolean }).spec = false;
      }
    },
  };
}

/** The cost of an operation (the model above, its variables known) and what it breaks. */
type TChecked = { cost: number; refusal: AppError | GraphQLError | null };

function checkOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: unknown,
  maxCost: number,
  lengths: TListLengths = {},
  kind: 'Query' | 'Subscription' = 'Query',
): TChecked {
  const measured = measure(
    document,
    operationName,
    variables && typeof variables === 'object' ? (variables as TVariables) : {},
    lengths,
  );
  if (!measured) return { cost: 0, refusal: null };
  const cost = Math.round(measured.cost);
  if (cost > maxCost) {
    const found = Number.isFinite(cost) ? `, found ${cost}` : '';
    const refusal = limitRefusal('cost', `${kind} Cost limit of ${maxCost} exceeded${found}.`);
    return { cost, refusal };
  }
  if (measured.problems.length === 0) return { cost, refusal: null };
  const refusal = errors.validation(
    measured.problems.map(({ field, entries, cap }) => ({
      field,
      message: `At most ${cap} entries at a time (found ${entries}).`,
    })),
  );
  return { cost, refusal };
}

/** The cost points an operation spends from its caller's budget (the model above). */
export function operationCost(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: unknown,
  lengths: TListLengths = {},
): number {
  return checkOperation(document, operationName, variables, Number.POSITIVE_INFINITY, lengths).cost;
}

/** The refusal of an operation whose input lists are too long or too costly, if it is. */
export function inputLimitRefusal(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: unknown,
  maxCost: number,
): AppError | GraphQLError | null {
  return checkOperation(document, operationName, variables, maxCost).refusal;
}

/**
 * Spends an operation's cost from its caller's budget (graphql.ts): a GraphQLError to answer
 * instead when the budget is spent, else null.
 */
export type TSpendCost = (cost: number, context: unknown) => Promise<GraphQLError | null>;

/**
 * Refuses, before any resolver runs, an operation whose input lists are longer than their cap
 * (MAX_LIST_ENTRIES unless LIST_ENTRIES_OF says otherwise: VALIDATION naming the argument), or
 * whose cost with its variables counted passes `maxCost` (limitRefusal, HTTP 400). GraphQL
 * Armor's cost rule runs at validation, where variables are unknown: `nodes(ids: $ids)` with
 * 20,000 ids cost it 3 and then held the embedded database for minutes. A query or mutation
 * that passes then spends its cost through `spend` (the caller's budget), measured once.
 *
 * A subscription is held to `maxSubscriptionCost`, far below a query's: its selection runs again
 * for every change of its board (on the per-subscriber path, once per stream and change, each
 * run spending the caller's budget: live-subscriptions.ts), so a document priced like a large
 * query (62,785 points of one board's ideas and their comments, 200 streams of it from one
 * address: outside attack 13, F1) is never a legitimate live view. The console's costs 70.
 */
export function inputLimitsPlugin<TServerContext extends object>(
  limits: { maxCost: number; maxSubscriptionCost: number },
  toGraphQLError: (error: AppError) => GraphQLError,
  spend?: TSpendCost,
  lengthsOf?: TLengthsOf,
): Plugin<TServerContext> {
  const { maxCost, maxSubscriptionCost } = limits;
  const refuse = (refusal: AppError | GraphQLError) =>
    refusal instanceof GraphQLError ? refusal : toGraphQLError(refusal);
  return {
    onExecute: async ({ args, setResultAndStopExecution }) => {
      const listFields = lengthsOf ? companyListFieldsIn(args.document) : [];
      const lengths =
        lengthsOf && listFields.length > 0 ? await lengthsOf(listFields, args.contextValue) : {};
      const { cost, refusal } = checkOperation(
        args.document,
        args.operationName,
        args.variableValues,
        maxCost,
        lengths,
      );
      if (refusal) return setResultAndStopExecution({ errors: [refuse(refusal)] });
      const spent = spend && cost > 0 ? await spend(cost, args.contextValue) : null;
      if (spent) setResultAndStopExecution({ errors: [spent] });
    },
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const { refusal } = checkOperation(
        args.document,
        args.operationName,
        args.variableValues,
        maxSubscriptionCost,
        {},
        'Subscription',
      );
      if (refusal) setResultAndStopExecution({ errors: [refuse(refusal)] });
    },
  };
}
