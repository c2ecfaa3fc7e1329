import { graphql } from 'react-relay';
import type { useAddReleasePartMutation as TMutation } from '../../../../../__generated__/useAddReleasePartMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Adds a generic line (6 to 100 characters). */
export function useAddReleasePartMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useAddReleasePartMutation($releaseId: ID!, $title: String!) {
      addReleasePart(releaseId: $releaseId, title: $title) {
        __typename
        ... on MutationAddReleasePartSuccess {
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
