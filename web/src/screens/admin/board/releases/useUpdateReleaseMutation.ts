import { graphql } from 'react-relay';
import type { useUpdateReleaseMutation as TMutation } from '../../../../../__generated__/useUpdateReleaseMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Changes the name, the release date and the notes (body, cover image, labels). */
export function useUpdateReleaseMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateReleaseMutation(
      $releaseId: ID!
      $name: String!
      $releaseDate: String!
      $body: String
      $coverImageUrl: String
      $labels: [ReleaseLabel!]
    ) {
      updateRelease(
        releaseId: $releaseId
        name: $name
        releaseDate: $releaseDate
        body: $body
        coverImageUrl: $coverImageUrl
        labels: $labels
      ) {
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
