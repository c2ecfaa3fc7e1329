import { graphql } from 'react-relay';
import type { useSetRequireTwoFactorMutation as TMutation } from '../../__generated__/useSetRequireTwoFactorMutation.graphql.ts';
import { usePromiseMutation } from '../relay/usePromiseMutation.ts';

/** The owner requires two-factor sign-in of the whole team (owners, admins, members), or stops requiring it. */
export function useSetRequireTwoFactorMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSetRequireTwoFactorMutation($required: Boolean!) {
      setRequireTwoFactor(required: $required) {
        __typename
        ... on MutationSetRequireTwoFactorSuccess {
          data {
            id
            requireTwoFactor
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
