import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { useLogoutMutation as TLogoutMutation } from '../../../__generated__/useLogoutMutation.graphql.ts';

/** Revokes the current session on the server. */
export function useLogoutMutation() {
  return useFetchMutation<TLogoutMutation>(graphql`
    mutation useLogoutMutation {
      logout {
        __typename
      }
    }
  `);
}
