import { graphql } from 'react-relay';
import type { useCreateIdeaMutation as TMutation } from '../../../../../__generated__/useCreateIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Submits an idea; it joins the top of the lists named in `connections`. */
export function useCreateIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useCreateIdeaMutation(
      $boardId: ID!
      $title: String!
      $description: String
      $connections: [ID!]!
    ) {
      createIdea(boardId: $boardId, title: $title, description: $description) {
        __typename
        ... on MutationCreateIdeaSuccess {
          data @prependNode(connections: $connections, edgeTypeName: "BoardIdeasConnectionEdge") {
            id
            ...IdeaCard_idea
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
