import { graphql } from 'react-relay';
import type { useDeleteReleasePartMutation as TMutation } from '../../../../../__generated__/useDeleteReleasePartMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Deletes a part: gone at once, back if the server refuses. */
export function useDeleteReleasePartMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDeleteReleasePartMutation($releaseId: ID!, $partId: ID!) {
      deleteReleasePart(releaseId: $releaseId, partId: $partId) {
        __typename
        ... on MutationDeleteReleasePartSuccess {
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
