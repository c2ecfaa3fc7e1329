import { graphql } from 'react-relay';
import type { useSendTestEmailMutation as TMutation } from '../../../../__generated__/useSendTestEmailMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Sends a test email to the signed-in admin and answers the SMTP server's reply. */
export function useSendTestEmailMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSendTestEmailMutation {
      sendTestEmail {
        __typename
        ... on MutationSendTestEmailSuccess {
          data {
            outcome
            response
            to
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
