import { graphql } from 'react-relay';
import type { useUpdateReleaseMutation as TMutation } from '../../../../../__generated__/useUpdateReleaseMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Changes only the name and the release date. */
export function useUpdateReleaseMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateReleaseMutation($releaseId: ID!, $name: String!, $releaseDate: String!) {
      updateRelease(releaseId: $releaseId, name: $name, releaseDate: $releaseDate) {
        __typename
        ... on MutationUpdateReleaseSuccess {
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
