import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useDeclineIdeaMutation as TMutation } from '../../../../../__generated__/useDeclineIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { placeIdeaInLists } from './live-lists.ts';

/**
 * Declines an idea. The answer brings back both ideas' counts and voters (with merged votes the
 * voters move to the kept idea, so an open dialog never shows 0 votes beside a voter), and the
 * declined idea leaves the lists that hide declined ideas at once. The open dialog shows the
 * decline in its activity and, after a merge, offers to undo it.
 */
export function useDeclineIdeaMutation() {
  const [commit, isInFlight] = usePromiseMutation<TMutation>(graphql`
    mutation useDeclineIdeaMutation(
      $ideaId: ID!
      $reason: DeclineReason!
      $comment: String
      $duplicateOfIdeaId: ID
      $mergeVotes: Boolean
      $customStatusId: ID
    ) {
      declineIdea(
        ideaId: $ideaId
        reason: $reason
        comment: $comment
        duplicateOfIdeaId: $duplicateOfIdeaId
        mergeVotes: $mergeVotes
        customStatusId: $customStatusId
      ) {
        __typename
        ... on MutationDeclineIdeaSuccess {
          data {
            idea {
              id
              status
              customStatus {
                id
                nameEn
                namePl
                ...CustomStatusBadge_status
              }
              voteCount
              isVotedByMe
              ...IdeaVoters_idea
              ...TeamVotes_idea
              ...DeclineDetails_idea
              ...IdeaActivityList_idea
              ...UndoMergeButton_idea
            }
            duplicateOf {
              id
              voteCount
              isVotedByMe
              ...IdeaVoters_idea
              ...TeamVotes_idea
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
  const run = useCallback(
    (variables: TMutation['variables']) =>
      commit(variables, (store, data) => {
        if (data?.declineIdea.__typename !== 'MutationDeclineIdeaSuccess') return;
        const idea = store
          .getRootField('declineIdea')
          ?.getLinkedRecord('data')
          ?.getLinkedRecord('idea');
        placeIdeaInLists(store, idea, 'DECLINED', { canJoin: true });
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}
