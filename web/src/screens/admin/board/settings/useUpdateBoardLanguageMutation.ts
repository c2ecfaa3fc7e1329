import { graphql } from 'react-relay';
import type { useUpdateBoardLanguageMutation as TMutation } from '../../../../../__generated__/useUpdateBoardLanguageMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Sets the language the board's widget speaks. */
export function useUpdateBoardLanguageMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardLanguageMutation($boardId: ID!, $language: String!) {
      updateBoardLanguage(boardId: $boardId, language: $language) {
        __typename
        ... on MutationUpdateBoardLanguageSuccess {
          data {
            id
            language
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
