import { graphql } from 'react-relay';
import type { useVerifyCustomDomainMutation as TMutation } from '../../../../__generated__/useVerifyCustomDomainMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** "Check now": looks up the own domain's TXT record; the proof card reads the new state back. */
export function useVerifyCustomDomainMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useVerifyCustomDomainMutation {
      verifyCustomDomain {
        __typename
        ... on MutationVerifyCustomDomainSuccess {
          data {
            outcome
            company {
              id
              ...CustomDomainProof_company
            }
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
