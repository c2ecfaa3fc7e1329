import { graphql } from 'react-relay';
import type { useCreateReleaseMutation as TMutation } from '../../../../../__generated__/useCreateReleaseMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Creates an unpublished release; it joins the front of the list. */
export function useCreateReleaseMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useCreateReleaseMutation(
      $name: String!
      $releaseDate: String!
      $boardIds: [ID!]
      $body: String
      $coverImageUrl: String
      $labels: [ReleaseLabel!]
      $connections: [ID!]!
    ) {
      createRelease(
        name: $name
        releaseDate: $releaseDate
        boardIds: $boardIds
        body: $body
        coverImageUrl: $coverImageUrl
        labels: $labels
      ) {
        __typename
        ... on MutationCreateReleaseSuccess {
          data
            @prependNode(connections: $connections, edgeTypeName: "BoardReleasesConnectionEdge") {
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
