import { graphql } from 'react-relay';
import type { useDeleteIdeaMutation as TMutation } from '../../../../../__generated__/useDeleteIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Deletes an idea (the caller's updater takes it out of the lists, see live-lists.ts). */
export function useDeleteIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDeleteIdeaMutation($ideaId: ID!) {
      deleteIdea(ideaId: $ideaId) {
        __typename
        ... on MutationDeleteIdeaSuccess {
          data {
            deletedIdeaId
            # One idea fewer may bring a hidden one back: the banner's count moves with it.
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
