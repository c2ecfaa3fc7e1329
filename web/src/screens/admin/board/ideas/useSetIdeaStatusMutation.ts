import { graphql } from 'react-relay';
import type { useSetIdeaStatusMutation as TMutation } from '../../../../../__generated__/useSetIdeaStatusMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Moves an idea to any status but DECLINED (that one goes through the decline modal). */
export function useSetIdeaStatusMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useSetIdeaStatusMutation($ideaId: ID!, $status: IdeaStatus!) {
      setIdeaStatus(ideaId: $ideaId, status: $status) {
        __typename
        ... on MutationSetIdeaStatusSuccess {
          data {
            id
            status
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
