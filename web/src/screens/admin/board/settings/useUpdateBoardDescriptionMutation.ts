import { graphql } from 'react-relay';
import type { useUpdateBoardDescriptionMutation as TMutation } from '../../../../../__generated__/useUpdateBoardDescriptionMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets the board's description (optional, 6 to 500 characters; null clears it). */
export function useUpdateBoardDescriptionMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardDescriptionMutation($boardId: ID!, $description: String) {
      updateBoardDescription(boardId: $boardId, description: $description) {
        __typename
        ... on MutationUpdateBoardDescriptionSuccess {
          data {
            id
            description
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
