import { graphql } from 'react-relay';
import type { useRotateCompanySecretMutation as TMutation } from '../../../../../__generated__/useRotateCompanySecretMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Replaces the company's SSO secret; the code samples pick up the new one from the store. */
export function useRotateCompanySecretMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useRotateCompanySecretMutation {
      rotateCompanySecret {
        __typename
        ... on MutationRotateCompanySecretSuccess {
          data {
            id
            secret
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
