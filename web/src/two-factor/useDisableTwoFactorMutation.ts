import { graphql } from 'react-relay';
import type { useDisableTwoFactorMutation as TMutation } from '../../__generated__/useDisableTwoFactorMutation.graphql.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';

/** Turns two-factor sign-in off with the password and a code of the app (or a recovery code). */
export function useDisableTwoFactorMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDisableTwoFactorMutation($password: String!, $code: String!) {
      disableTwoFactor(password: $password, code: $code) {
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
