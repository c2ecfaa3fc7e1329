import { graphql } from 'react-relay';
import type { useUpdateSignInSettingsMutation as TMutation } from '../../../../../__generated__/useUpdateSignInSettingsMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets who may sign up and whether SSO addresses are trusted; the card reads them back. */
export function useUpdateSignInSettingsMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateSignInSettingsMutation(
      $ssoTrustEmails: Boolean!
      $signupPolicy: SignupPolicy!
      $signupEmailDomains: [String!]!
    ) {
      updateSignInSettings(
        ssoTrustEmails: $ssoTrustEmails
        signupPolicy: $signupPolicy
        signupEmailDomains: $signupEmailDomains
      ) {
        __typename
        ... on MutationUpdateSignInSettingsSuccess {
          data {
            id
            ssoTrustEmails
            signupPolicy
            signupEmailDomains
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
