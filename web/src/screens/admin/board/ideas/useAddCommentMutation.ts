import { graphql } from 'react-relay';
import type { useAddCommentMutation as TMutation } from '../../../../../__generated__/useAddCommentMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Comments on an idea; the comment joins the list and the idea's count moves with it. */
export function useAddCommentMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useAddCommentMutation($ideaId: ID!, $text: String!, $connections: [ID!]!) {
      addComment(ideaId: $ideaId, text: $text) {
        __typename
        ... on MutationAddCommentSuccess {
          data @appendNode(connections: $connections, edgeTypeName: "IdeaCommentsConnectionEdge") {
            id
            ...Comment_comment
            idea {
              id
              commentCount
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
