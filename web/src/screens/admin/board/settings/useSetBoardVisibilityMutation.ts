import { graphql } from 'react-relay';
import type { useSetBoardVisibilityMutation as TMutation } from '../../../../../__generated__/useSetBoardVisibilityMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Makes the board public or private. */
export function useSetBoardVisibilityMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSetBoardVisibilityMutation($boardId: ID!, $isPublic: Boolean!) {
      setBoardVisibility(boardId: $boardId, isPublic: $isPublic) {
        __typename
        ... on MutationSetBoardVisibilitySuccess {
          data {
            id
            isPublic
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
