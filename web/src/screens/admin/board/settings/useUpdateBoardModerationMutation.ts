import { graphql } from 'react-relay';
import type { useUpdateBoardModerationMutation as TMutation } from '../../../../../__generated__/useUpdateBoardModerationMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Turns the moderation of a board's new ideas on or off. */
export function useUpdateBoardModerationMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateBoardModerationMutation($boardId: ID!, $moderateNewIdeas: Boolean!) {
      updateBoardModeration(boardId: $boardId, moderateNewIdeas: $moderateNewIdeas) {
        __typename
        ... on MutationUpdateBoardModerationSuccess {
          data {
            id
            moderateNewIdeas
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}
