import { graphql } from 'react-relay';
import type { useDisableTwoFactorMutation as TMutation } from '../../__generated__/useDisableTwoFactorMutation.graphql.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';

/** Turns two-factor sign-in off with the password. */
export function useDisableTwoFactorMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDisableTwoFactorMutation($password: String!) {
      disableTwoFactor(password: $password) {
        __typename
        ... on MutationDisableTwoFactorSuccess {
          data {
            enabled
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
