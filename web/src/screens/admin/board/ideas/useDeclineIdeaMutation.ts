import { graphql } from 'react-relay';
import type { useDeclineIdeaMutation as TMutation } from '../../../../../__generated__/useDeclineIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Declines an idea; with merged votes the duplicate's count comes back too. */
export function useDeclineIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDeclineIdeaMutation(
      $ideaId: ID!
      $reason: DeclineReason!
      $comment: String
      $duplicateOfIdeaId: ID
      $mergeVotes: Boolean
    ) {
      declineIdea(
        ideaId: $ideaId
        reason: $reason
        comment: $comment
        duplicateOfIdeaId: $duplicateOfIdeaId
        mergeVotes: $mergeVotes
      ) {
        __typename
        ... on MutationDeclineIdeaSuccess {
          data {
            idea {
              id
              status
              voteCount
              isVotedByMe
              ...DeclineDetails_idea
            }
            duplicateOf {
              id
              voteCount
              isVotedByMe
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
