import { graphql } from 'react-relay';
import type { useMoveIdeaMutation as TMutation } from '../../../../../__generated__/useMoveIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Moves an idea to another board (the caller's updater takes it out of this board's lists). */
export function useMoveIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useMoveIdeaMutation($ideaId: ID!, $boardId: ID!) {
      moveIdea(ideaId: $ideaId, boardId: $boardId) {
        __typename
        ... on MutationMoveIdeaSuccess {
          data {
            idea {
              id
              board {
                id
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
