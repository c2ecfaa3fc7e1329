import { graphql } from 'react-relay';
import type { useUpdateCompanyPortalMutation as TMutation } from '../../../../__generated__/useUpdateCompanyPortalMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Sets the company portal's logo, brand colour, website, terms of use and own domain; the card reads them back. */
export function useUpdateCompanyPortalMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateCompanyPortalMutation(
      $logoUrl: String
      $brandColor: String
      $websiteUrl: String
      $termsUrl: String
      $customDomain: String
    ) {
      updateCompanyPortal(
        logoUrl: $logoUrl
        brandColor: $brandColor
        websiteUrl: $websiteUrl
        termsUrl: $termsUrl
        customDomain: $customDomain
      ) {
        __typename
        ... on MutationUpdateCompanyPortalSuccess {
          data {
            id
            logoUrl
            brandColor
            websiteUrl
            termsUrl
            customDomain
            ...CustomDomainProof_company
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
