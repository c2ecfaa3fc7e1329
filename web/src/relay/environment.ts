import type { Client } from 'graphql-sse';
import { Environment, Network, Observable, RecordSource, Store } from 'relay-runtime';
import type { FetchFunction, GraphQLResponse, SubscribeFunction } from 'relay-runtime';
import { onSessionReset } from '../session/session.ts';
import { getAuthToken } from '../session/storage.ts';
import { postGraphQL } from './post-graphql.ts';

const fetchGraphQL: FetchFunction = (request, variables, _cacheConfig, uploadables) =>
  postGraphQL(request.text ?? '', variables, uploadables) as Promise<GraphQLResponse>;

const reconnectListeners = new Set<() => void>();

/**
 * Calls `listener` each time a live subscription's stream opens again after it broke (the
 * network dropped, the laptop slept, the server restarted): the changes made in between never
 * arrive as events, so a screen rereads what it shows. Answers a function that stops it.
 */
export function onLiveStreamReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * Subscriptions (live vote counts) over server-sent events, as yoga serves them. The client
 * reads the token on each connection, so a new sign-in is picked up; it reconnects by itself.
 * graphql-sse (about 3 KB gzipped) loads with the first subscription, which a screen starts in
 * an effect once it shows: no page needs it for its first paint (issue 22). A stream opened
 * again after a break is announced to onLiveStreamReconnected's listeners.
 */
function createSubscribe(): SubscribeFunction {
  let client: Promise<Client> | null = null;
  const getClient = () =>
    (client ??= import('graphql-sse').then(({ createClient }) =>
      createClient({
        url: `${window.location.origin}/graphql`,
        headers: (): Record<string, string> => {
          const token = getAuthToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ));
  return (request, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      let unsubscribe: (() => void) | null = null;
      let isClosed = false;
      getClient().then(
        (sse) => {
          if (isClosed) return;
          unsubscribe = sse.subscribe<GraphQLResponse>(
            { query: request.text ?? '', variables },
            {
              next: (value) => sink.next(value as GraphQLResponse),
              error: (error) =>
                sink.error(error instanceof Error ? error : new Error(String(error))),
              complete: () => sink.complete(),
            },
            {
              connected: (isReconnected) => {
                if (isReconnected) reconnectListeners.forEach((listener) => listener());
              },
            },
          );
        },
        (error: unknown) => sink.error(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        isClosed = true;
        unsubscribe?.();
      };
    });
}

function createEnvironment(): Environment {
  return new Environment({
    network: Network.create(fetchGraphQL, createSubscribe()),
    store: new Store(new RecordSource()),
  });
}

let environment = createEnvironment();
const listeners = new Set<() => void>();

/** The current Relay environment (route loaders use it to preload screen queries). */
export function getEnvironment(): Environment {
  return environment;
}

/** Drops every cached record: on sign-in, sign-out and session expiry. */
export function resetEnvironment(): void {
  environment = createEnvironment();
  listeners.forEach((listener) => listener());
}

onSessionReset(resetEnvironment);

export function subscribeEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
