import { graphql } from 'react-relay';
import type { useResendEmailConfirmationMutation as TMutation } from '../../../../__generated__/useResendEmailConfirmationMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Mails the signed-in user a new link to confirm their address (limited per address). */
export function useResendEmailConfirmationMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useResendEmailConfirmationMutation {
      resendEmailConfirmation {
        __typename
        ... on MutationResendEmailConfirmationSuccess {
          data {
            email
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
