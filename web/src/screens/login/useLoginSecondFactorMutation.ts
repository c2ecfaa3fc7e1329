import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { useLoginSecondFactorMutation as TMutation } from '../../../__generated__/useLoginSecondFactorMutation.graphql.ts';

/** The second sign-in step: the challenge and a code give a session token, or an AppError. */
export function useLoginSecondFactorMutation() {
  return useFetchMutation<TMutation>(graphql`
    mutation useLoginSecondFactorMutation($challenge: String!, $code: String!) {
      loginSecondFactor(challenge: $challenge, code: $code) {
        __typename
        ... on MutationLoginSecondFactorSuccess {
          data {
            token
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
