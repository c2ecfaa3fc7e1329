import { graphql } from 'react-relay';
import type { useCreateBoardMutation as TCreateBoardMutation } from '../../../../__generated__/useCreateBoardMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Creates a board; the new board joins the cached boards list. */
export function useCreateBoardMutation() {
  return usePromiseMutation<TCreateBoardMutation>(graphql`
    mutation useCreateBoardMutation($name: String!, $isPublic: Boolean) {
      createBoard(name: $name, isPublic: $isPublic) {
        __typename
        ... on MutationCreateBoardSuccess {
          data {
            id
            ...BoardCard_board
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
