import { graphql } from 'react-relay';
import type { useCreateIdeaMutation as TMutation } from '../../../../../__generated__/useCreateIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Submits an idea (the caller's updater puts it into the lists, see live-lists.ts). */
export function useCreateIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useCreateIdeaMutation($boardId: ID!, $title: String!, $description: String) {
      createIdea(boardId: $boardId, title: $title, description: $description) {
        __typename
        ... on MutationCreateIdeaSuccess {
          data {
            id
            ...IdeaCard_idea
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
