import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useSetIdeaStatusMutation as TMutation } from '../../../../../__generated__/useSetIdeaStatusMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { placeIdeaInLists } from './live-lists.ts';

/**
 * Moves an idea to any status but DECLINED (that one goes through the decline modal); moving a
 * declined idea reopens it. The idea leaves or joins the lists on screen by its new status, and
 * the answer carries whether the plan now hides it and the board's limits (accepting an idea
 * may put one past the plan's cap).
 */
export function useSetIdeaStatusMutation() {
  const [commit, isInFlight] = usePromiseMutation<TMutation>(graphql`
    mutation useSetIdeaStatusMutation($ideaId: ID!, $status: IdeaStatus!, $customStatusId: ID) {
      setIdeaStatus(ideaId: $ideaId, status: $status, customStatusId: $customStatusId) {
        __typename
        ... on MutationSetIdeaStatusSuccess {
          data {
            id
            status
            customStatus {
              id
              nameEn
              namePl
              ...CustomStatusBadge_status
            }
            isHiddenByPlan
            ...DeclineDetails_idea
            ...IdeaActivityList_idea
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
  const run = useCallback(
    (variables: TMutation['variables']) =>
      commit(variables, (store, data) => {
        if (data?.setIdeaStatus.__typename !== 'MutationSetIdeaStatusSuccess') return;
        const idea = store.getRootField('setIdeaStatus')?.getLinkedRecord('data');
        placeIdeaInLists(store, idea, data.setIdeaStatus.data.status, { canJoin: true });
      }),
    [commit],
  );
  return [run, isInFlight] as const;
}
