import { graphql } from 'react-relay';
import type { useUpdateBoardNameMutation as TMutation } from '../../../../../__generated__/useUpdateBoardNameMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Renames the board (6 to 100 characters). */
export function useUpdateBoardNameMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardNameMutation($boardId: ID!, $name: String!) {
      updateBoardName(boardId: $boardId, name: $name) {
        __typename
        ... on MutationUpdateBoardNameSuccess {
          data {
            id
            name
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
