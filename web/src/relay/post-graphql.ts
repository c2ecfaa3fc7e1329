import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { useCallback, useState } from 'react';
import { getAuthToken } from '../session/storage.ts';
import { RateLimitedError, ServerBusyError } from './rate-limited.ts';

/** Thrown for a 401 / UNAUTHENTICATED answer, after the session-expiry handler has run. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

type TGraphQLAnswer = {
  data?: unknown;
  errors?: { message?: string; extensions?: { code?: string; retryAfter?: number } }[];
};

let handleUnauthenticated: () => void = () => {};

/** Who reacts to an expired session (the session module: token, store, toast, redirect). */
export function onUnauthenticated(handler: () => void): void {
  handleUnauthenticated = handler;
}

/**
 * A GraphQL multipart request (github.com/jaydenseric/graphql-multipart-request-spec): each
 * uploadable's key is its variable's path (`uploads.0`), which the operation holds as null.
 */
function multipart(
  query: string,
  variables: Record<string, unknown>,
  files: [string, File | Blob][],
): FormData {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables }));
  form.set(
    'map',
    JSON.stringify(Object.fromEntries(files.map(([path], at) => [at, [`variables.${path}`]]))),
  );
  files.forEach(([, file], at) => form.set(String(at), file));
  return form;
}

/**
 * One GraphQL request over fetch with the stored token: the Relay environment's network layer,
 * and the sign-in screens' mutations, which run without Relay (so that the pages before sign-in
 * do not download it; issue 22).
 */
export async function postGraphQL(
  query: string,
  variables: Record<string, unknown>,
  uploadables?: Record<string, File | Blob> | null,
): Promise<TGraphQLAnswer> {
  const token = getAuthToken();
  const files = Object.entries(uploadables ?? {});
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      ...(files.length === 0 ? { 'content-type': 'application/json' } : {}),
      accept: 'application/graphql-response+json, application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body:
      files.length === 0
        ? JSON.stringify({ query, variables })
        : multipart(query, variables, files),
  });
  const body = (await response.json().catch(() => null)) as TGraphQLAnswer | null;
  const isUnauthenticated =
    response.status === 401 || body?.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED';
  if (isUnauthenticated && token) {
    handleUnauthenticated();
    throw new SessionExpiredError();
  }
  const header = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(header) && header > 0 ? header : undefined;
  if (response.status === 429 || body?.errors?.[0]?.extensions?.code === 'RATE_LIMITED') {
    throw new RateLimitedError(retryAfter ?? body?.errors?.[0]?.extensions?.retryAfter ?? 60);
  }
  if (response.status === 503 || body?.errors?.[0]?.extensions?.code === 'UNAVAILABLE') {
    throw new ServerBusyError(retryAfter ?? 5);
  }
  if (!response.ok || !body) {
    throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  }
  return body;
}

/**
 * The `graphql` tag for modules that must not load Relay: babel-plugin-relay replaces each
 * graphql`…` by its compiled artifact whatever the tag is imported from, so this never runs.
 */
export function graphql(_strings: TemplateStringsArray): GraphQLTaggedNode {
  throw new Error('graphql`` is compiled by babel-plugin-relay');
}

/**
 * usePromiseMutation without Relay, for mutations whose answers hold no records of the Relay
 * store (sign-in, sign-up, password reset, two-factor enrolment, sign-out): resolves with the
 * response (which may be an AppError result), rejects on a network or GraphQL error.
 */
export function useFetchMutation<TMutation extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [(variables: TMutation['variables']) => Promise<TMutation['response']>, boolean] {
  const [inFlight, setInFlight] = useState(0);
  const run = useCallback(
    async (variables: TMutation['variables']) => {
      const text = (mutation as { params?: { text?: string | null } }).params?.text;
      if (!text) throw new Error('not a compiled mutation');
      setInFlight((count) => count + 1);
      try {
        const body = await postGraphQL(text, variables);
        if (body.errors?.length) throw new Error(body.errors[0]?.message);
        return body.data as TMutation['response'];
      } finally {
        setInFlight((count) => count - 1);
      }
    },
    [mutation],
  );
  return [run, inFlight > 0];
}
