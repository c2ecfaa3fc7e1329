import { loadQuery } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { redirect } from 'react-router-dom';
import type { LoaderFunction } from 'react-router-dom';
import { getAuthToken } from '../session/storage.ts';
import { getEnvironment } from './environment.ts';

/**
 * A route loader that starts fetching a screen's query before the screen renders. Every screen
 * query needs a session: without a stored token it sends to /login instead (react-router runs
 * the loaders of nested routes side by side, so each one checks).
 */
export function preload<T extends OperationType>(query: GraphQLTaggedNode, variables = {}) {
  return () => {
    if (!getAuthToken()) throw redirect('/login');
    return loadQuery<T>(getEnvironment(), query, variables as T['variables'], {
      fetchPolicy: 'store-and-network',
    });
  };
}

/** A screen whose query takes the board id from the address. */
export const boardQuery =
  (query: GraphQLTaggedNode): LoaderFunction =>
  ({ params }) =>
    preload(query, { id: params.boardId ?? '' })();
