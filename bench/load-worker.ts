/**
 * The load generator, run as its own process so that it does not share an event loop with the
 * server it measures: `node --import tsx bench/load-worker.ts '<TLoadPlan as JSON>'`. Drives
 * one scenario with autocannon and prints one JSON line (TLoadResult).
 */
import autocannon from 'autocannon';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { sessionToken } from './dataset.ts';

export type TScenario =
  'vote-baseline' | 'vote-rest' | 'vote-graphql' | 'read-baseline' | 'read-rest' | 'read-graphql';

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
};

export type TLoadResult = {
  scenario: TScenario;
  /** Concurrent connections it ran at. */
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  /** Answers that were not a success: non-2xx, or a GraphQL error or AppError. */
  failures: number;
  /** Requests answered during the warm-up (the server's CPU time covers both). */
  warmupRequests: number;
  /** The server's CPU time (user + system) per request, warm-up included; set by bench/run.ts. */
  cpuMsPerRequest?: number;
};

const UPVOTE = `mutation ($id: ID!) { upvoteIdea(ideaId: $id) {
  ... on MutationUpvoteIdeaSuccess { data { voteCount isVotedByMe } } ... on AppError { code } } }`;
const DOWNVOTE = `mutation ($id: ID!) { downvoteIdea(ideaId: $id) {
  ... on MutationDownvoteIdeaSuccess { data { voteCount isVotedByMe } } ... on AppError { code } } }`;
export const PAGE_QUERY = `query ($boardId: ID!) { board(id: $boardId) {
  ideas(first: 50, sort: VOTES) { edges { node {
    id title description status voteCount commentCount createdAt isVotedByMe author { displayName }
  } } } } }`;

type TVoteContext = { ideaId?: number; token?: string };

function requestsFor(plan: TLoadPlan): autocannon.Request[] {
  let counter = 0;
  const nextToken = () => sessionToken(1 + (counter++ % (plan.users - 1)));
  const auth = (token: string) => `Bearer ${token}`;
  // Each connection votes then takes the vote back, for a new (user, idea) pair every time.
  const pickPair = (context: TVoteContext) => {
    context.token = nextToken();
    context.ideaId = plan.ideaIds[(counter * 7919) % plan.ideaIds.length]!;
  };
  const vote = (up: boolean): autocannon.Request => ({
    method: 'POST',
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
    setupRequest: (request) => {
      const authorization = auth(nextToken());
      switch (plan.scenario) {
        case 'read-baseline':
          return { ...request, path: `/ideas?board=${plan.boardId}`, headers: { authorization } };
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
  return plan.scenario.startsWith('vote') ? [vote(true), vote(false)] : [read];
}

export async function runLoad(plan: TLoadPlan): Promise<TLoadResult> {
  let warmupRequests = 0;
  if (plan.warmupSeconds > 0) {
    const warmup = await autocannon({
      url: plan.url,
      connections: plan.connections,
      duration: plan.warmupSeconds,
      requests: requestsFor(plan),
    } as autocannon.Options);
    warmupRequests = warmup.requests.total;
  }
  let failures = 0;
  const isGraphQL = plan.scenario.endsWith('graphql');
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.durationSeconds,
    requests: requestsFor(plan),
    onResponse: (status: number, body: string) => {
      const failed =
        status < 200 ||
        status > 299 ||
        (isGraphQL && (body.includes('"errors"') || body.includes('"code"')));
      if (failed) {
        if (failures === 0) console.error(`${plan.scenario}: first failure ${status} ${body}`);
        failures++;
      }
    },
  } as autocannon.Options);
  return {
    scenario: plan.scenario,
    connections: plan.connections,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    failures,
    warmupRequests,
  };
}

if (process.argv[1] === import.meta.filename) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as TLoadPlan;
  console.log(JSON.stringify(await runLoad(plan)));
}
