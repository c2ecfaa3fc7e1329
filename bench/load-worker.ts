/**
 * The load generator, run as its own process so that it does not share an event loop with the
 * server it measures: `node --import tsx bench/load-worker.ts '<TLoadPlan as JSON>'`. Drives
 * one scenario with autocannon and prints one JSON line (TLoadResult).
 */
import autocannon from 'autocannon';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { VALUE_SEGMENT } from './baseline-server.ts';
import { freeVotePair, sessionToken } from './dataset.ts';

export type TScenario =
  | 'vote-baseline'
  | 'vote-rest'
  | 'vote-graphql'
  | 'read-baseline'
  | 'read-baseline-now'
  | 'read-rest'
  | 'read-graphql'
  | 'value-baseline'
  | 'value-graphql'
  | 'portal-board'
  | 'portal-idea';

export type TLoadPlan = {
  scenario: TScenario;
  url: string;
  connections: number;
  durationSeconds: number;
  /** Seconds of the same load before the measured run (connections, JIT and caches warm up). */
  warmupSeconds: number;
  boardId: number;
  ideaIds: number[];
  /** Users 1..users-1 vote and read (user 0 is the owner). */
  users: number;
  /** Votes each user holds in the data set (votesPerUser): the vote pairs start past them. */
  votesPerUser: number;
  /** `portal-*`: the pages a signed-out visitor reads, one after another (no session, no cookie). */
  portalPaths?: string[];
};

/** What went wrong in one autocannon run, from autocannon's own counts and per request. */
export type TFailureCounts = {
  /** Answers whose status was not 2xx (autocannon's `non2xx`). */
  non2xx: number;
  /** Answers that failed as the scenario reads them: non-2xx, or a GraphQL error or AppError. */
  failures: number;
  /**
   * Connection errors, timeouts, and requests never answered: autocannon silently reconnects
   * and moves on when the server closes a connection under a request, so those are requests
   * sent beyond the answers received and the at most one per connection still in flight.
   */
  errors: number;
  /** Answers by status code, e.g. `{"200": 9000, "500": 1000}`. */
  statusCodes: Record<string, number>;
  /** The first failed answer, shortened: what to look at first. */
  firstFailure?: string;
};

export type TLoadResult = TFailureCounts & {
  scenario: TScenario;
  /** Concurrent connections it ran at. */
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests answered during the warm-up (the server's CPU time covers both). */
  warmupRequests: number;
  /** The warm-up's failures: a server failing then fails the run too. */
  warmup: TFailureCounts;
  /** The server's CPU time (user + system) per request, warm-up included; set by bench/run.ts. */
  cpuMsPerRequest?: number;
  /** The bench database's backends' CPU time per request (local server only); set by bench/run.ts. */
  databaseCpuMsPerRequest?: number;
  /** The machine's 1-minute load average as the scenario started (bench/run.ts settles first). */
  loadBefore?: number;
  /** Rounds the figures merge (bench/run.ts's mergeRounds); one when absent. */
  rounds?: number;
};

/** Every failure of a result, warm-up included: any one fails the scenario's targets. */
export function failuresOf(result: TLoadResult): number {
  const counts = (c: TFailureCounts) => Math.max(c.failures, c.non2xx) + c.errors;
  return counts(result) + (result.warmup ? counts(result.warmup) : 0);
}

/**
 * One scenario's rounds as one result: requests and failures summed, req/s over the rounds'
 * whole time, CPU per request over all requests, p50 and p90 the rounds' median, p99 and max
 * the highest round's (autocannon gives percentiles, not histograms: never better than one
 * round measured).
 */
export function mergeRounds(runs: TLoadResult[]): TLoadResult {
  if (runs.length === 1) return runs[0]!;
  const sum = (value: (run: TLoadResult) => number) =>
    runs.reduce((total, run) => total + value(run), 0);
  const median = (value: (run: TLoadResult) => number) =>
    runs.map(value).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const counts = (pick: (run: TLoadResult) => TFailureCounts): TFailureCounts => {
    const statusCodes: Record<string, number> = {};
    for (const run of runs) {
      for (const [code, count] of Object.entries(pick(run).statusCodes)) {
        statusCodes[code] = (statusCodes[code] ?? 0) + count;
      }
    }
    const firstFailure = runs.map((run) => pick(run).firstFailure).find(Boolean);
    return {
      non2xx: sum((run) => pick(run).non2xx),
      failures: sum((run) => pick(run).failures),
      errors: sum((run) => pick(run).errors),
      statusCodes,
      ...(firstFailure ? { firstFailure } : {}),
    };
  };
  const allRequests = (run: TLoadResult) => run.requests + run.warmupRequests;
  const perRequest = (value: (run: TLoadResult) => number | undefined) =>
    runs.every((run) => value(run) !== undefined)
      ? sum((run) => value(run)! * allRequests(run)) / sum(allRequests)
      : undefined;
  const cpuMsPerRequest = perRequest((run) => run.cpuMsPerRequest);
  const databaseCpuMsPerRequest = perRequest((run) => run.databaseCpuMsPerRequest);
  return {
    ...counts((run) => run),
    scenario: runs[0]!.scenario,
    connections: runs[0]!.connections,
    requests: sum((run) => run.requests),
    rps: sum((run) => run.requests) / sum((run) => run.requests / Math.max(run.rps, 1e-9)),
    p50: median((run) => run.p50),
    p90: median((run) => run.p90),
    p99: Math.max(...runs.map((run) => run.p99)),
    max: Math.max(...runs.map((run) => run.max)),
    warmupRequests: sum((run) => run.warmupRequests),
    warmup: counts((run) => run.warmup),
    ...(cpuMsPerRequest === undefined ? {} : { cpuMsPerRequest }),
    ...(databaseCpuMsPerRequest === undefined ? {} : { databaseCpuMsPerRequest }),
    ...(runs[0]!.loadBefore === undefined ? {} : { loadBefore: runs[0]!.loadBefore }),
    rounds: runs.length,
  };
}

const UPVOTE = `mutation ($id: ID!) { upvoteIdea(ideaId: $id) {
  ... on MutationUpvoteIdeaSuccess { data { voteCount isVotedByMe } } ... on AppError { code } } }`;
const DOWNVOTE = `mutation ($id: ID!) { downvoteIdea(ideaId: $id) {
  ... on MutationDownvoteIdeaSuccess { data { voteCount isVotedByMe } } ... on AppError { code } } }`;
export const PAGE_QUERY = `query ($boardId: ID!) { board(id: $boardId) {
  ideas(first: 50, sort: VOTES) { edges { node {
    id title description status voteCount commentCount createdAt isVotedByMe author { displayName }
  } } } } }`;

/** The team's page sorted by value within a customer segment (the owner reads it). */
export const VALUE_PAGE_QUERY = `query ($boardId: ID!, $segment: IdeaSegment) { board(id: $boardId) {
  ideas(first: 50, sort: VALUE, segment: $segment) { totalCount edges { node {
    id title description status voteCount commentCount createdAt isVotedByMe value author { displayName }
  } } } } }`;

type TVoteContext = { ideaId?: number; token?: string; pair?: string };

/**
 * The (user, idea) pairs a vote run upvoted and has not seen taken back yet: the run ends by
 * taking them back, so the data set keeps its votes for the next run.
 */
type TPendingVotes = Map<string, { token: string; ideaId: number }>;

/** Counts one request's answer as autocannon's per-request `onResponse` sees it. */
type TCountAnswer = (status: number, body: string) => void;

function requestsFor(
  plan: TLoadPlan,
  state: { pairs: number; pending: TPendingVotes },
  countAnswer: TCountAnswer,
): autocannon.Request[] {
  let readCounter = 0;
  const nextToken = () => sessionToken(1 + (readCounter++ % (plan.users - 1)));
  const auth = (token: string) => `Bearer ${token}`;
  // Each connection upvotes then takes the vote back, for a new (user, idea) pair every time,
  // one the data set has no vote on: every upvote inserts a row and every downvote deletes it.
  const pickPair = (context: TVoteContext) => {
    const { user, ideaOrdinal } = freeVotePair(state.pairs++, {
      users: plan.users,
      ideas: plan.ideaIds.length,
      votesPerUser: plan.votesPerUser,
    });
    context.token = sessionToken(user);
    context.ideaId = plan.ideaIds[ideaOrdinal]!;
    context.pair = `${user}:${ideaOrdinal}`;
    state.pending.set(context.pair, { token: context.token, ideaId: context.ideaId });
  };
  const vote = (up: boolean): autocannon.Request => ({
    method: 'POST',
    onResponse: (status, body, raw) => {
      countAnswer(status, body);
      const context = raw as TVoteContext;
      if (!up && status >= 200 && status < 300 && context.pair) state.pending.delete(context.pair);
    },
    setupRequest: (request, raw) => {
      const context = raw as TVoteContext;
      if (up) pickPair(context);
      const id = context.ideaId!;
      const headers = { authorization: auth(context.token!), 'content-type': 'application/json' };
      switch (plan.scenario) {
        case 'vote-baseline':
          return { ...request, path: `/${up ? 'upvote' : 'downvote'}/${id}`, headers };
        case 'vote-rest':
          return { ...request, path: `/api/v1/ideas/${id}/${up ? 'upvote' : 'downvote'}`, headers };
        default:
          return {
            ...request,
            path: '/graphql',
            headers,
            body: JSON.stringify({
              query: up ? UPVOTE : DOWNVOTE,
              variables: { id: encodeGlobalID('Idea', id) },
            }),
          };
      }
    },
  });
  const read: autocannon.Request = {
    method: 'GET',
    onResponse: (status, body) => countAnswer(status, body),
    setupRequest: (request) => {
      // Value is the team's: the owner (user 0) reads it, every time.
      const isValue = plan.scenario.startsWith('value');
      const authorization = auth(isValue ? sessionToken(0) : nextToken());
      switch (plan.scenario) {
        case 'value-baseline':
          return {
            ...request,
            path: `/ideas-by-value?board=${plan.boardId}`,
            headers: { authorization },
          };
        case 'value-graphql':
          return {
            ...request,
            method: 'POST',
            path: '/graphql',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({
              query: VALUE_PAGE_QUERY,
              variables: { boardId: encodeGlobalID('Board', plan.boardId), segment: VALUE_SEGMENT },
            }),
          };
        case 'read-baseline':
          return { ...request, path: `/ideas?board=${plan.boardId}`, headers: { authorization } };
        case 'read-baseline-now':
          return {
            ...request,
            path: `/ideas-now?board=${plan.boardId}`,
            headers: { authorization },
          };
        case 'read-rest':
          return {
            ...request,
            path: '/api/v1/ideas/?sort=VOTES&limit=50',
            headers: { authorization, 'x-board-id': String(plan.boardId) },
          };
        default:
          return {
            ...request,
            method: 'POST',
            path: '/graphql',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({
              query: PAGE_QUERY,
              variables: { boardId: encodeGlobalID('Board', plan.boardId) },
            }),
          };
      }
    },
  };
  let portalCounter = 0;
  const portalPaths = plan.portalPaths ?? ['/'];
  const portalPage: autocannon.Request = {
    method: 'GET',
    onResponse: (status, body) => countAnswer(status, body),
    setupRequest: (request) => ({
      ...request,
      path: portalPaths[portalCounter++ % portalPaths.length]!,
      headers: { accept: 'text/html' },
    }),
  };
  if (plan.scenario.startsWith('portal')) return [portalPage];
  return plan.scenario.startsWith('vote') ? [vote(true), vote(false)] : [read];
}

/** Runs one autocannon run of the plan and counts its failures both ways. */
async function runOnce(
  plan: TLoadPlan,
  seconds: number,
  state: { pairs: number; pending: TPendingVotes },
  label: string,
): Promise<{ result: autocannon.Result; counts: TFailureCounts }> {
  const isGraphQL = plan.scenario.endsWith('graphql');
  let failures = 0;
  let firstFailure: string | undefined;
  const countAnswer: TCountAnswer = (status, body) => {
    const failed =
      status < 200 ||
      status > 299 ||
      (isGraphQL && (body.includes('"errors"') || body.includes('"code"')));
    if (!failed) return;
    failures += 1;
    if (firstFailure === undefined) {
      firstFailure = `${status} ${body.slice(0, 300)}`;
      console.error(`${plan.scenario} ${label}: first failure ${firstFailure}`);
    }
  };
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: seconds,
    requests: requestsFor(plan, state, countAnswer),
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
  ) as Record<string, number>;
  const counts: TFailureCounts = {
    non2xx: result.non2xx,
    failures,
    errors:
      result.errors +
      result.timeouts +
      Math.max(0, result.requests.sent - result.requests.total - plan.connections),
    statusCodes,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
  const failed = Math.max(counts.failures, counts.non2xx) + counts.errors;
  if (failed > 0) {
    console.error(
      `${plan.scenario} ${label}: ${counts.non2xx} non-2xx, ${counts.failures} failed answers, ${counts.errors} errors, timeouts and unanswered requests of ${result.requests.total} requests; status codes ${JSON.stringify(statusCodes)}`,
    );
  }
  return { result, counts };
}

/**
 * Takes back the votes a vote run left (a connection stopped between its upvote and its
 * downvote, or a downvote failed), so the data set ends with the votes it started with.
 */
async function takeBackVotes(plan: TLoadPlan, pending: TPendingVotes): Promise<void> {
  if (!plan.scenario.startsWith('vote') || pending.size === 0) return;
  // Upvotes still in flight when autocannon stopped land first.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const { token, ideaId } of pending.values()) {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const response =
      plan.scenario === 'vote-baseline'
        ? await fetch(`${plan.url}/downvote/${ideaId}`, { method: 'POST', headers })
        : await fetch(`${plan.url}/api/v1/ideas/${ideaId}/downvote`, { method: 'POST', headers });
    await response.arrayBuffer();
  }
  pending.clear();
}

export async function runLoad(plan: TLoadPlan): Promise<TLoadResult> {
  // One sequence of pairs for the warm-up and the run: no pair is voted on twice.
  const state = { pairs: 0, pending: new Map() as TPendingVotes };
  let warmupRequests = 0;
  let warmup: TFailureCounts = { non2xx: 0, failures: 0, errors: 0, statusCodes: {} };
  if (plan.warmupSeconds > 0) {
    const run = await runOnce(plan, plan.warmupSeconds, state, 'warm-up');
    warmupRequests = run.result.requests.total;
    warmup = run.counts;
  }
  const { result, counts } = await runOnce(plan, plan.durationSeconds, state, 'run');
  await takeBackVotes(plan, state.pending);
  return {
    scenario: plan.scenario,
    connections: plan.connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ...counts,
    warmupRequests,
    warmup,
  };
}

if (process.argv[1] === import.meta.filename) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as TLoadPlan;
  console.log(JSON.stringify(await runLoad(plan)));
}
