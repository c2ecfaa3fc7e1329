import { graphql } from 'react-relay';
import type { useLogoutMutation as TLogoutMutation } from '../../../__generated__/useLogoutMutation.graphql.ts';
import { usePromiseMutation } from '../../relay/usePromiseMutation.ts';

/** Revokes the current session on the server. */
export function useLogoutMutation() {
  return usePromiseMutation<TLogoutMutation>(graphql`
    mutation useLogoutMutation {
      logout {
        __typename
      }
    }
  `);
}
