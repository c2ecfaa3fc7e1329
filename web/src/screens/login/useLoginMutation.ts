import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { useLoginMutation as TLoginMutation } from '../../../__generated__/useLoginMutation.graphql.ts';

/** Signs in; answers a session token or an AppError. */
export function useLoginMutation() {
  return useFetchMutation<TLoginMutation>(graphql`
    mutation useLoginMutation($email: String!, $password: String!) {
      login(email: $email, password: $password) {
        __typename
        ... on MutationLoginSuccess {
          data {
            token
            secondFactor {
              challenge
              enrolmentRequired
            }
          }
        }
        ... on AppError {
          code
          message
          fields {
            field
            message
          }
        }
      }
    }
  `);
}
