import { graphql, useFetchMutation } from '../relay/post-graphql.ts';
import type { useConfirmTwoFactorEnrolmentMutation as TMutation } from '../../__generated__/useConfirmTwoFactorEnrolmentMutation.graphql.ts';

/** Turns two-factor sign-in on with the first code (and the password, or the sign-in challenge); answers the recovery codes. */
export function useConfirmTwoFactorEnrolmentMutation() {
  return useFetchMutation<TMutation>(graphql`
    mutation useConfirmTwoFactorEnrolmentMutation(
      $code: String!
      $password: String
      $challenge: String
    ) {
      confirmTwoFactorEnrolment(code: $code, password: $password, challenge: $challenge) {
        __typename
        ... on MutationConfirmTwoFactorEnrolmentSuccess {
          data {
            recoveryCodes
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
