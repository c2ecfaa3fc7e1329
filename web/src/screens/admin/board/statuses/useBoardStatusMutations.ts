import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useBoardStatusMutationsCreateMutation as TCreate } from '../../../../../__generated__/useBoardStatusMutationsCreateMutation.graphql.ts';
import type { useBoardStatusMutationsDeleteMutation as TDelete } from '../../../../../__generated__/useBoardStatusMutationsDeleteMutation.graphql.ts';
import type { useBoardStatusMutationsReorderMutation as TReorder } from '../../../../../__generated__/useBoardStatusMutationsReorderMutation.graphql.ts';
import type { useBoardStatusMutationsUpdateMutation as TUpdate } from '../../../../../__generated__/useBoardStatusMutationsUpdateMutation.graphql.ts';
import { removeFromLinkedList } from '../../../../relay/linked-lists.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Adds a status; the answer refreshes the board's list (StatusesCard_board). */
export function useCreateBoardStatusMutation() {
  return usePromiseMutation<TCreate>(graphql`
    mutation useBoardStatusMutationsCreateMutation(
      $boardId: ID!
      $kind: IdeaStatus!
      $nameEn: String!
      $namePl: String!
      $color: String!
    ) {
      createBoardStatus(
        boardId: $boardId
        kind: $kind
        nameEn: $nameEn
        namePl: $namePl
        color: $color
      ) {
        __typename
        ... on MutationCreateBoardStatusSuccess {
          data {
            id
            board {
              ...StatusesCard_board
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

/** Renames a status and sets its colour (the store updates every badge showing it). */
export function useUpdateBoardStatusMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useBoardStatusMutationsUpdateMutation(
      $statusId: ID!
      $nameEn: String!
      $namePl: String!
      $color: String!
    ) {
      updateBoardStatus(statusId: $statusId, nameEn: $nameEn, namePl: $namePl, color: $color) {
        __typename
        ... on MutationUpdateBoardStatusSuccess {
          data {
            id
            nameEn
            namePl
            color
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

/** Puts the board's statuses in a new order. */
export function useReorderBoardStatusesMutation() {
  return usePromiseMutation<TReorder>(graphql`
    mutation useBoardStatusMutationsReorderMutation($boardId: ID!, $statusIds: [ID!]!) {
      reorderBoardStatuses(boardId: $boardId, statusIds: $statusIds) {
        __typename
        ... on MutationReorderBoardStatusesSuccess {
          data {
            id
            board {
              ...StatusesCard_board
            }
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

/**
 * Deletes a status; its ideas move to `moveToStatusId` (null: the kind's own name). The status
 * leaves the board's list; the ideas on screen are read again when next shown.
 */
export function useDeleteBoardStatusMutation(boardId: string) {
  const [commit, isInFlight] = usePromiseMutation<TDelete>(graphql`
    mutation useBoardStatusMutationsDeleteMutation($statusId: ID!, $moveToStatusId: ID) {
      deleteBoardStatus(statusId: $statusId, moveToStatusId: $moveToStatusId) {
        __typename
        ... on MutationDeleteBoardStatusSuccess {
          data {
            deletedStatusId
            movedIdeaCount
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const run = useCallback(
    (variables: TDelete['variables']) =>
      commit(variables, (store, data) => {
        if (data?.deleteBoardStatus.__typename !== 'MutationDeleteBoardStatusSuccess') return;
        removeFromLinkedList(store, boardId, 'statuses', variables.statusId);
      }),
    [boardId, commit],
  );
  return [run, isInFlight] as const;
}
