import { graphql } from 'react-relay';
import type { useUpdateBoardThemeMutation as TMutation } from '../../../../../__generated__/useUpdateBoardThemeMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets the primary colour; the server saves white and black for the rest. */
export function useUpdateBoardThemeMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardThemeMutation($boardId: ID!, $primary: String!) {
      updateBoardTheme(boardId: $boardId, primary: $primary) {
        __typename
        ... on MutationUpdateBoardThemeSuccess {
          data {
            id
            color
            theme {
              primary
              primaryText
              text
              background
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
