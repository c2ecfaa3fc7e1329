import { graphql } from 'react-relay';
import type { useUpdateBoardAccessMutation as TMutation } from '../../../../../__generated__/useUpdateBoardAccessMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets who may see the board: public or private, and the grants of a private board. */
export function useUpdateBoardAccessMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardAccessMutation(
      $boardId: ID!
      $isPublic: Boolean
      $ssoAccess: Boolean
      $allowedEmailDomains: [String!]
      $allowedCustomerCompanyIds: [ID!]
    ) {
      updateBoard(
        boardId: $boardId
        isPublic: $isPublic
        ssoAccess: $ssoAccess
        allowedEmailDomains: $allowedEmailDomains
        allowedCustomerCompanyIds: $allowedCustomerCompanyIds
      ) {
        __typename
        ... on MutationUpdateBoardSuccess {
          data {
            id
            isPublic
            ssoAccess
            allowedEmailDomains
            allowedCustomerCompanies {
              id
            }
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
