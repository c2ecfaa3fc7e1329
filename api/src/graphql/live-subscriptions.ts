import {
  TypeInfo,
  createSourceEventStream,
  execute,
  getOperationAST,
  print,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  GraphQLError,
  GraphQLSchema,
} from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import type { Plugin } from 'graphql-yoga';
import type { TDeps } from '../deps.ts';
import type { TGraphQLServerContext } from './graphql.ts';
import { operationCost } from './graphql-input-limits.ts';
import type { TSpendCost } from './graphql-input-limits.ts';
import type { TIdeaChange } from '../events.ts';
import { eventStreamResponse } from '../rest/event-stream.ts';
import type { TSendFrame } from '../rest/event-stream.ts';
import type { TGraphQLContext } from '../schema/builder.ts';
import { canSeeIdeaChange } from '../services/access.ts';
import { IdeaChangeSource } from '../services/idea/watch-idea-changes.ts';
import type { TViewer } from '../viewer.ts';

/**
 * The fields a shared subscription may select. What each answers depends on the caller only
 * through `callerClass` below (their company, role and kind of user and key) and their relation
 * to the idea (whether they wrote it, whether they voted for it). Any other field (voters, comments, activity, …) puts the
 * document on yoga's ordinary path, one execution per subscriber and event.
 */
const SHAREABLE_FIELDS = new Set([
  'Subscription.ideaChanged',
  ...['kind', 'ideaId', 'voteCount', 'commentCount', 'status', 'idea'].map(
    (f) => `IdeaChange.${f}`,
  ),
  ...[
    'id',
    'title',
    'description',
    'status',
    'voteCount',
    'commentCount',
    'createdAt',
    'author',
    'canEdit',
    'canUpdateStatus',
    'customStatus',
    'declineDetails',
    'internalNoteCount',
    'isHiddenByPlan',
    'isSample',
    'isVotedByMe',
    'rejectedAt',
    'tags',
    'value',
    'valueCurrency',
  ].map((f) => `Idea.${f}`),
  ...['id', 'kind', 'nameEn', 'namePl', 'color', 'position'].map((f) => `BoardStatus.${f}`),
  ...['id', 'name', 'color', 'isPrivate'].map((f) => `Tag.${f}`),
  ...['displayName', 'avatarUrl'].map((f) => `Author.${f}`),
  ...[
    'reason',
    'comment',
    'declinedAt',
    'declinedDuplicateIdeaFound',
    'declinedDuplicateIdeaId',
    'declinedDuplicateIdeaTitle',
  ].map((f) => `DeclineDetails.${f}`),
]);

type TShape = { isShareable: boolean; needsVote: boolean };

const encoder = new TextEncoder();
const PING = encoder.encode(':\n\n');
const COMPLETE = encoder.encode('event: complete\ndata:\n\n');

/**
 * Whether every field the document selects is one of SHAREABLE_FIELDS (yoga's parse cache
 * hands every request of the same text the same document, so this runs once per text).
 */
function shapeOf(schema: GraphQLSchema, document: DocumentNode): TShape {
  const typeInfo = new TypeInfo(schema);
  let isShareable = true;
  let needsVote = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === '__typename') return;
        const coordinate = `${typeInfo.getParentType()?.name}.${node.name.value}`;
        if (!SHAREABLE_FIELDS.has(coordinate)) isShareable = false;
        if (coordinate === 'Idea.isVotedByMe') needsVote = true;
      },
    }),
  );
  return { isShareable, needsVote };
}

/** Whether a subscription document may be answered once per class of caller. */
export function isShareableDocument(schema: GraphQLSchema, document: DocumentNode): boolean {
  return shapeOf(schema, document).isShareable;
}

/**
 * What decides a shared subscription's answer to one caller about one change (see
 * SHAREABLE_FIELDS), with the caller's relation to the changed idea (its author or not, its
 * voter or not: `deliver`): callers of the same class are answered the same bytes. This part is
 * the caller's own, worked out once per subscription.
 */
function callerClass(viewer: TViewer | null): string {
  if (!viewer) return 'anonymous';
  return [
    viewer.companyId,
    viewer.role,
    viewer.kind,
    viewer.apiKeyId === undefined ? 0 : 1,
    viewer.isReadOnlyKey ? 1 : 0,
    viewer.isBlocked ? 1 : 0,
  ].join(':');
}

/** A subscription's GraphQL context, with the Node response its frames are written to. */
type TSharedContext = TGraphQLContext & Pick<TGraphQLServerContext, 'outgoing'>;

/** One open subscription of a channel. */
type TSubscriber = {
  viewer: TViewer | null;
  /** callerClass(viewer). */
  callerClass: string;
  /** Its GraphQL context: the one an execution for its class runs with. */
  context: TGraphQLContext;
  send: TSendFrame;
};

/** The subscriptions of one board with one document and variables: answered alike per class. */
type TChannel = { subscribers: Set<TSubscriber>; stop: () => void };

/** A joined subscription until its answer starts (frames wait) and after (frames go out). */
type TSharedStream = {
  /** The answer: the server-sent events of this subscription, given the result yoga wrapped. */
  respond: (result: AsyncIterable<unknown>) => Response;
  /** What yoga's subscription result is: ends (leaving the channel) when it is returned. */
  iterable: AsyncIterableIterator<never>;
};

/**
 * Turns an ExecutionResult into an SSE `next` frame as yoga's SSE answer would (errors
 * masked, their internal `http` and `unexpected` extensions left out).
 */
function nextFrame(result: ExecutionResult, mask: (error: GraphQLError) => GraphQLError) {
  const errors = result.errors?.map((error) => {
    const json = mask(error).toJSON();
    const extensions = { ...json.extensions };
    delete extensions.http;
    delete extensions.unexpected;
    return { ...json, extensions: Object.keys(extensions).length ? extensions : undefined };
  });
  const body = errors ? { ...result, errors } : result;
  return encoder.encode(`event: next\ndata: ${JSON.stringify(body)}\n\n`);
}

/**
 * A subscription on the per-subscriber path: each event of `source` is executed for this one
 * stream, and each execution first spends the operation's `cost` from the caller's GraphQL budget
 * (`spend`: the budget and key its queries spend, GRAPHQL_COST). Through yoga's own path these
 * runs were free: 200 anonymous streams of one document from one address made every vote 200
 * executions of 210 ms each, and /healthz waited 192 ms (outside attack 13, F1). When the budget
 * is spent the event is not executed: the stream answers one `next` with the refusal queries get
 * (RATE_LIMITED, `retryAfter`, "Too many costly requests…") and ends (`complete`), leaving its
 * source and its stream slot. Ending, rather than skipping events until the budget refills, is
 * what a client can rely on: a stream that stays open while it drops changes would show a stale
 * board as live, while an ended one says so, and when to subscribe again.
 */
function budgetedStream(
  source: AsyncIterable<unknown>,
  args: ExecutionArgs,
  cost: number,
  spend: TSpendCost,
): AsyncIterableIterator<ExecutionResult> {
  const events = source[Symbol.asyncIterator]();
  let isEnded = false;
  const end = async () => {
    if (isEnded) return;
    isEnded = true;
    await events.return?.();
  };
  const done = (): IteratorResult<ExecutionResult> => ({ done: true, value: undefined });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: async () => {
      if (isEnded) return done();
      const event = await events.next();
      if (isEnded || event.done) {
        isEnded = true;
        return done();
      }
      const refusal = await spend(cost, args.contextValue);
      if (refusal) {
        await end();
        return { done: false, value: { errors: [refusal] } };
      }
      return { done: false, value: await execute({ ...args, rootValue: event.value }) };
    },
    return: async () => {
      await end();
      return done();
    },
    throw: async (error: unknown) => {
      await end();
      throw error;
    },
  };
}

/**
 * A subscription answered per subscriber, its every execution paid (budgetedStream), and its
 * subscribing too: the field's `subscribe` (the caller and the board read, its access checked)
 * is paid as one execution before it runs, whatever it answers. Unpaid, a subscribe whose read
 * failed (a busy database answering "too busy") went out as the stream's one event and cost its
 * caller nothing, however often it was opened again: one account's 12 sessions × 10 streams of a
 * heavy document ran 20 s past its budget and were never refused (issue 33, F1c). Past the
 * budget the subscription is refused as a query is (429 RATE_LIMITED with Retry-After), before
 * anything is read and without a stream.
 */
async function budgetedSubscribe(
  args: ExecutionArgs,
  cost: number,
  spend: TSpendCost,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const refusal = await spend(cost, args.contextValue);
  if (refusal) return { errors: [refusal] };
  const source = await createSourceEventStream(args);
  return isAsyncIterable(source) ? budgetedStream(source, args, cost, spend) : source;
}

/**
 * The console's live subscription (`ideaChanged` over server-sent events) answered once per
 * class of caller instead of once per caller. Through yoga, each subscriber's every event went
 * its own way: an async iterator chain, an execution of the selection, a JSON text and two
 * writes (a vote reaching 5,000 open consoles: p99 1.2 s, `npm run bench`). Here the
 * subscriptions of a board with the same document and variables form a channel that listens
 * to the board's shared feed once; each change is executed once per class (callerClass and the
 * caller's relation to the idea: the same answer for every caller of a class), encoded once, and
 * the same bytes are queued on every stream of the class, as the widget's stream does
 * (rest/event-stream.ts).
 *
 * Only documents whose every field is in SHAREABLE_FIELDS, over `text/event-stream`, take this
 * path. The rest are executed per subscriber and event, each execution paid from the caller's
 * GraphQL cost budget through `spend` (budgetedStream). Access checks are the field's own: its `subscribe` runs for every
 * subscription (findVisibleBoard), and its per-change rule (canSeeIdeaChange) is applied here
 * per subscriber. Placed after graphql-jit and before streamLimitPlugin, which holds a stream
 * slot around whatever this answers.
 */
export function sharedSubscriptionPlugin<TServerContext extends Record<string, unknown>>(
  deps: Pick<TDeps, 'log'>,
  mask: (error: GraphQLError) => GraphQLError,
  spend: TSpendCost,
): Plugin<TServerContext> {
  const shapes = new WeakMap<DocumentNode, TShape>();
  const channels = new Map<string, TChannel>();
  const streams = new WeakMap<Request, TSharedStream>();

  const deliver = async (
    channel: TChannel,
    change: TIdeaChange,
    needsVote: boolean,
    run: (context: TGraphQLContext) => Promise<ExecutionResult>,
  ) => {
    // Runs for every subscriber of every event: one pass, no array per subscriber.
    const audience: TSubscriber[] = [];
    const userIds: number[] = [];
    for (const subscriber of channel.subscribers) {
      if (!canSeeIdeaChange(subscriber.viewer, change)) continue;
      audience.push(subscriber);
      if (subscriber.viewer) userIds.push(subscriber.viewer.userId);
    }
    if (audience.length === 0) return;
    const { liveIdeas } = audience[0]!.context;
    // The idea's read and the audience's votes go to the database side by side.
    liveIdeas.prefetch(change);
    const voters = needsVote ? await liveIdeas.votersAmong(change, userIds) : null;
    // By the caller's class (the same string object per subscription, its hash kept), then by
    // the caller's relation to the idea (author or not, voter or not).
    const classes = new Map<string, TSubscriber[][]>();
    for (const subscriber of audience) {
      const userId = subscriber.viewer?.userId;
      const relation =
        (userId !== undefined && userId === change.authorId ? 2 : 0) +
        (userId !== undefined && voters !== null && voters.has(userId) ? 1 : 0);
      let relations = classes.get(subscriber.callerClass);
      if (!relations) {
        relations = [[], [], [], []];
        classes.set(subscriber.callerClass, relations);
      }
      relations[relation]!.push(subscriber);
    }
    await Promise.all(
      [...classes.values()].flat().map(async (members) => {
        if (members.length === 0) return;
        const frame = nextFrame(await run(members[0]!.context), mask);
        for (const member of members) member.send(frame);
      }),
    );
  };

  const join = (
    source: IdeaChangeSource,
    shape: TShape,
    args: {
      schema: GraphQLSchema;
      document: DocumentNode;
      operationName?: string | null;
      variableValues?: Record<string, unknown> | null;
    },
    context: TSharedContext,
  ): TSharedStream => {
    // The same text from another parse (yoga's parse cache forgets) joins the same channel.
    const text = args.document.loc?.source.body ?? print(args.document);
    const key = `${source.boardId}|${text}|${args.operationName ?? ''}|${JSON.stringify(args.variableValues ?? {})}`;
    let channel = channels.get(key);
    if (!channel) {
      const own: TChannel = { subscribers: new Set(), stop: () => {} };
      // Changes of a channel go out in order: each waits for the one before.
      let tail = Promise.resolve();
      own.stop = source.listenAll((change) => {
        tail = tail
          .then(() =>
            deliver(own, change, shape.needsVote, (runContext) =>
              Promise.resolve(
                execute({
                  schema: args.schema,
                  document: args.document,
                  operationName: args.operationName,
                  variableValues: args.variableValues,
                  contextValue: runContext,
                  rootValue: change,
                }),
              ),
            ),
          )
          .catch((error: unknown) => {
            deps.log.error('Live subscription fan-out failed', error);
          });
      });
      channel = own;
      channels.set(key, own);
    }
    const own = channel;
    // Frames that arrive before the answer is made wait for it.
    let waiting: Uint8Array[] | null = [];
    let sendNow: TSendFrame = () => {};
    let endAnswer = () => {};
    let isEnded = false;
    let wake = (_step: IteratorResult<never>) => {};
    const ended = new Promise<IteratorResult<never>>((resolve) => (wake = resolve));
    const subscriber: TSubscriber = {
      viewer: source.viewer,
      callerClass: callerClass(source.viewer),
      context,
      send: (frame) => {
        if (waiting) waiting.push(frame);
        else sendNow(frame);
      },
    };
    own.subscribers.add(subscriber);
    const leave = () => {
      if (isEnded) return;
      isEnded = true;
      own.subscribers.delete(subscriber);
      if (own.subscribers.size === 0 && channels.get(key) === own) {
        channels.delete(key);
        own.stop();
      }
      wake({ done: true, value: undefined });
      endAnswer();
    };
    const iterable: AsyncIterableIterator<never> = {
      [Symbol.asyncIterator]() {
        return this;
      },
      next: () => (isEnded ? Promise.resolve({ done: true, value: undefined }) : ended),
      return: async () => {
        leave();
        return { done: true, value: undefined };
      },
    };
    return {
      iterable,
      respond: (result) => {
        const iterator = result[Symbol.asyncIterator]();
        return eventStreamResponse(
          PING,
          (send, close) => {
            sendNow = send;
            for (const frame of waiting ?? []) send(frame);
            waiting = null;
            // Ended from the server's side (the stream's slot closed): graphql-sse's `complete`.
            endAnswer = () => {
              send(COMPLETE);
              close();
            };
            if (isEnded) endAnswer();
            // The client left or stopped reading: yoga's wrappers end (the slot is released).
            return () => {
              void iterator.return?.();
            };
          },
          context.outgoing,
        );
      },
    };
  };

  return {
    onSubscribe: ({ args, subscribeFn, setSubscribeFn }) => {
      const context = args.contextValue as unknown as TSharedContext & { request?: Request };
      const request = context.request;
      // What each execution of this subscription for one stream spends (budgetedStream); the
      // shared path's documents are answered once per class and need no price.
      const cost = () => operationCost(args.document, args.operationName, args.variableValues);
      let shape = shapes.get(args.document);
      if (!shape) {
        shape = shapeOf(args.schema, args.document);
        shapes.set(args.document, shape);
      }
      // Only server-sent events are answered on the shared path (its frames are written here).
      const isEventStream = request?.headers.get('accept')?.includes('text/event-stream');
      const own = shape;
      setSubscribeFn(async (subscribeArgs) => {
        const operation = getOperationAST(subscribeArgs.document, subscribeArgs.operationName);
        if (operation?.operation !== 'subscription') return subscribeFn(subscribeArgs);
        if (!request || !isEventStream || !own.isShareable) {
          return budgetedSubscribe(subscribeArgs, cost(), spend);
        }
        // The field's own `subscribe` (the board's access check) runs here as it would there.
        const source = await createSourceEventStream(subscribeArgs);
        if (!(source instanceof IdeaChangeSource)) {
          return isAsyncIterable(source)
            ? budgetedStream(source, subscribeArgs, cost(), spend)
            : source;
        }
        const stream = join(source, own, subscribeArgs, context);
        streams.set(request, stream);
        return stream.iterable;
      });
    },
    onResultProcess: ({ request, result, setResultProcessor }) => {
      const stream = streams.get(request);
      if (!stream || !isAsyncIterable(result)) return;
      setResultProcessor(() => stream.respond(result), 'text/event-stream');
    },
  };
}
