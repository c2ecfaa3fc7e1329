import { graphql } from 'react-relay';
import type { useBulkIdeaMutationsAddTagMutation as TAddTag } from '../../../../../__generated__/useBulkIdeaMutationsAddTagMutation.graphql.ts';
import type { useBulkIdeaMutationsMoveMutation as TMove } from '../../../../../__generated__/useBulkIdeaMutationsMoveMutation.graphql.ts';
import type { useBulkIdeaMutationsRemoveTagMutation as TRemoveTag } from '../../../../../__generated__/useBulkIdeaMutationsRemoveTagMutation.graphql.ts';
import type { useBulkIdeaMutationsSetStatusMutation as TSetStatus } from '../../../../../__generated__/useBulkIdeaMutationsSetStatusMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/**
 * The bulk actions of the ideas list: one mutation each, all or nothing on the server. The
 * changed ideas come back with what their cards show (status, tags), so cards update in place;
 * the caller rereads the lists, which an idea may leave (a filter, another board).
 */
export function useBulkSetStatusMutation() {
  return usePromiseMutation<TSetStatus>(graphql`
    mutation useBulkIdeaMutationsSetStatusMutation(
      $ideaIds: [ID!]!
      $status: IdeaStatus!
      $customStatusId: ID
    ) {
      bulkSetIdeaStatus(ideaIds: $ideaIds, status: $status, customStatusId: $customStatusId) {
        __typename
        ... on MutationBulkSetIdeaStatusSuccess {
          data {
            outcomes {
              isChanged
              idea {
                id
                status
                customStatus {
                  ...CustomStatusBadge_status
                }
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

export function useBulkAddTagMutation() {
  return usePromiseMutation<TAddTag>(graphql`
    mutation useBulkIdeaMutationsAddTagMutation($ideaIds: [ID!]!, $tagId: ID!) {
      bulkAddIdeaTag(ideaIds: $ideaIds, tagId: $tagId) {
        __typename
        ... on MutationBulkAddIdeaTagSuccess {
          data {
            outcomes {
              isChanged
              idea {
                id
                tags {
                  id
                  ...TagChip_tag
                }
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

export function useBulkRemoveTagMutation() {
  return usePromiseMutation<TRemoveTag>(graphql`
    mutation useBulkIdeaMutationsRemoveTagMutation($ideaIds: [ID!]!, $tagId: ID!) {
      bulkRemoveIdeaTag(ideaIds: $ideaIds, tagId: $tagId) {
        __typename
        ... on MutationBulkRemoveIdeaTagSuccess {
          data {
            outcomes {
              isChanged
              idea {
                id
                tags {
                  id
                  ...TagChip_tag
                }
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

export function useBulkMoveMutation() {
  return usePromiseMutation<TMove>(graphql`
    mutation useBulkIdeaMutationsMoveMutation($ideaIds: [ID!]!, $boardId: ID!) {
      bulkMoveIdeas(ideaIds: $ideaIds, boardId: $boardId) {
        __typename
        ... on MutationBulkMoveIdeasSuccess {
          data {
            outcomes {
              isChanged
              idea {
                id
                board {
                  id
                }
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
