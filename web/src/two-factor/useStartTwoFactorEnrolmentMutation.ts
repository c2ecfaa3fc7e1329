import { graphql, useFetchMutation } from '../relay/post-graphql.ts';
import type { useStartTwoFactorEnrolmentMutation as TMutation } from '../../__generated__/useStartTwoFactorEnrolmentMutation.graphql.ts';

/** Starts setting up two-factor sign-in: a new secret and its QR code (signed in, or with the challenge of a sign-in whose company requires it). */
export function useStartTwoFactorEnrolmentMutation() {
  return useFetchMutation<TMutation>(graphql`
    mutation useStartTwoFactorEnrolmentMutation($challenge: String) {
      startTwoFactorEnrolment(challenge: $challenge) {
        __typename
        ... on MutationStartTwoFactorEnrolmentSuccess {
          data {
            secret
            qrCodeDataUri
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
