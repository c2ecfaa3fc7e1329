import { graphql } from 'react-relay';
import type { useLoginSecondFactorMutation as TMutation } from '../../../__generated__/useLoginSecondFactorMutation.graphql.ts';
import { usePromiseMutation } from '../../relay/usePromiseMutation.ts';

/** The second sign-in step: the challenge and a code give a session token, or an AppError. */
export function useLoginSecondFactorMutation() {
  return usePromiseMutation<TMutation>(graphql`
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
