import { graphql } from 'react-relay';
import type { useProfileMutationsUpdateMutation as TUpdate } from '../../../../__generated__/useProfileMutationsUpdateMutation.graphql.ts';
import type { useProfileMutationsPasswordMutation as TPassword } from '../../../../__generated__/useProfileMutationsPasswordMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Saves the viewer's display name and avatar; the answer updates the user in the store. */
export function useUpdateProfileMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useProfileMutationsUpdateMutation($displayName: String!, $avatarUrl: String) {
      updateProfile(displayName: $displayName, avatarUrl: $avatarUrl) {
        __typename
        ... on MutationUpdateProfileSuccess {
          data {
            id
            displayName
            avatarUrl
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

/** Changes the viewer's password (the server signs out their other sessions). */
export function useChangePasswordMutation() {
  return usePromiseMutation<TPassword>(graphql`
    mutation useProfileMutationsPasswordMutation($currentPassword: String!, $newPassword: String!) {
      changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
        __typename
        ... on MutationChangePasswordSuccess {
          data {
            signedOutSessions
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
