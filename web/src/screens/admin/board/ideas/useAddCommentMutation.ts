import { graphql } from 'react-relay';
import type { useAddCommentMutation as TMutation } from '../../../../../__generated__/useAddCommentMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/**
 * Comments on an idea (a reply with `parentId`, an internal note with `isInternal`); the comment
 * joins the list and the idea's counts move with it.
 */
export function useAddCommentMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useAddCommentMutation(
      $ideaId: ID!
      $text: String!
      $parentId: ID
      $isInternal: Boolean
      $connections: [ID!]!
    ) {
      addComment(ideaId: $ideaId, text: $text, parentId: $parentId, isInternal: $isInternal) {
        __typename
        ... on MutationAddCommentSuccess {
          data @appendNode(connections: $connections, edgeTypeName: "IdeaCommentsConnectionEdge") {
            id
            parentId
            ...Comment_comment
            idea {
              id
              commentCount
              internalNoteCount
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
