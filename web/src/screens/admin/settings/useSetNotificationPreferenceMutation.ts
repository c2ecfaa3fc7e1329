import { graphql } from 'react-relay';
import type { useSetNotificationPreferenceMutation as TMutation } from '../../../../__generated__/useSetNotificationPreferenceMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Stores which notification mails the signed-in user gets. */
export function useSetNotificationPreferenceMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSetNotificationPreferenceMutation($notifications: NotificationPreference!) {
      setNotificationPreference(notifications: $notifications) {
        __typename
        ... on MutationSetNotificationPreferenceSuccess {
          data {
            notifications
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
