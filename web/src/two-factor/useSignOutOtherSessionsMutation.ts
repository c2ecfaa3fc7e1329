import { graphql } from 'react-relay';
import type { useSignOutOtherSessionsMutation as TMutation } from '../../__generated__/useSignOutOtherSessionsMutation.graphql.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';

/** Signs out every other session of the signed-in user. */
export function useSignOutOtherSessionsMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSignOutOtherSessionsMutation {
      signOutOtherSessions {
        __typename
        ... on MutationSignOutOtherSessionsSuccess {
          data {
            signedOut
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}
