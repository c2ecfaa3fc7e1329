import { createClient } from 'graphql-sse';
import { Environment, Network, Observable, RecordSource, Store } from 'relay-runtime';
import type { FetchFunction, GraphQLResponse, SubscribeFunction } from 'relay-runtime';
import { getAuthToken } from '../session/storage.ts';

/** Thrown for a 401 / UNAUTHENTICATED answer, after the session-expiry handler has run. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

type TGraphQLAnswer = { errors?: { extensions?: { code?: string } }[] };

let handleUnauthenticated: () => void = () => {};

/** Who reacts to an expired session (the session module: token, store, toast, redirect). */
export function onUnauthenticated(handler: () => void): void {
  handleUnauthenticated = handler;
}

const fetchGraphQL: FetchFunction = async (request, variables) => {
  const token = getAuthToken();
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: request.text, variables }),
  });
  const body = (await response.json().catch(() => null)) as TGraphQLAnswer | null;
  const isUnauthenticated =
    response.status === 401 || body?.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED';
  if (isUnauthenticated && token) {
    handleUnauthenticated();
    throw new SessionExpiredError();
  }
  if (!response.ok || !body) {
    throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  }
  return body as never;
};

/**
 * Subscriptions (live vote counts) over server-sent events, as yoga serves them. The client
 * reads the token on each connection, so a new sign-in is picked up; it reconnects by itself.
 */
function createSubscribe(): SubscribeFunction {
  const client = createClient({
    url: `${window.location.origin}/graphql`,
    headers: (): Record<string, string> => {
      const token = getAuthToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  });
  return (request, variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      client.subscribe<GraphQLResponse>(
        { query: request.text ?? '', variables },
        {
          next: (value) => sink.next(value as GraphQLResponse),
          error: (error) => sink.error(error instanceof Error ? error : new Error(String(error))),
          complete: () => sink.complete(),
        },
      ),
    );
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

export function subscribeEnvironment(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
