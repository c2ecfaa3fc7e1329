import { graphql } from 'react-relay';
import type { useCreateIdeaMutation as TMutation } from '../../../../../__generated__/useCreateIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/**
 * Submits an idea (the caller's updater puts it into the lists, see live-lists.ts); the answer
 * carries whether the plan hides it and the board's new limits, so the card, "n of total" and
 * the banner agree the moment it lands.
 */
export function useCreateIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useCreateIdeaMutation($boardId: ID!, $title: String!, $description: String) {
      createIdea(boardId: $boardId, title: $title, description: $description) {
        __typename
        ... on MutationCreateIdeaSuccess {
          data {
            id
            ...IdeaCard_idea
            # A sixth idea on FREE is hidden at once: the banner's count moves with it.
            board {
              id
              limits {
                cappedIdeas
                isIdeaCapReached
              }
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
