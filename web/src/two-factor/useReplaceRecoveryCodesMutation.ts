import { graphql } from 'react-relay';
import type { useReplaceRecoveryCodesMutation as TMutation } from '../../__generated__/useReplaceRecoveryCodesMutation.graphql.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';

/** Replaces the recovery codes (password and a current app code); answers the new ones. */
export function useReplaceRecoveryCodesMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useReplaceRecoveryCodesMutation($password: String!, $code: String!) {
      replaceRecoveryCodes(password: $password, code: $code) {
        __typename
        ... on MutationReplaceRecoveryCodesSuccess {
          data {
            recoveryCodes
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
