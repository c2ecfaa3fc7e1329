import { graphql } from 'react-relay';
import type { useUpdateSsoSettingsMutation as TMutation } from '../../../../../__generated__/useUpdateSsoSettingsMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets the company's SSO token rules; the card reads the saved values back from the store. */
export function useUpdateSsoSettingsMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateSsoSettingsMutation($requireExpiry: Boolean!, $maxLifetimeMinutes: Int!) {
      updateSsoSettings(requireExpiry: $requireExpiry, maxLifetimeMinutes: $maxLifetimeMinutes) {
        __typename
        ... on MutationUpdateSsoSettingsSuccess {
          data {
            id
            ssoRequireExpiry
            ssoMaxLifetimeMinutes
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
