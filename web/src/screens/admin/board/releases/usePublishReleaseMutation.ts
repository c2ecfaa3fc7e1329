import { graphql } from 'react-relay';
import type { usePublishReleaseMutation as TMutation } from '../../../../../__generated__/usePublishReleaseMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/**
 * Publishes or unpublishes (publishing may move the linked ideas to the completed status); the
 * card flips when the server has agreed.
 */
export function usePublishReleaseMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation usePublishReleaseMutation(
      $releaseId: ID!
      $published: Boolean!
      $completeLinkedIdeas: Boolean
    ) {
      publishRelease(
        releaseId: $releaseId
        published: $published
        completeLinkedIdeas: $completeLinkedIdeas
      ) {
        __typename
        ... on MutationPublishReleaseSuccess {
          data {
            id
            ...ReleaseCard_release
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
