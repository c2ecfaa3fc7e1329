import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useTagMutationsCreateMutation as TCreate } from '../../../../../__generated__/useTagMutationsCreateMutation.graphql.ts';
import type { useTagMutationsDeleteMutation as TDelete } from '../../../../../__generated__/useTagMutationsDeleteMutation.graphql.ts';
import type { useTagMutationsUpdateMutation as TUpdate } from '../../../../../__generated__/useTagMutationsUpdateMutation.graphql.ts';
import { removeFromLinkedList } from '../../../../relay/linked-lists.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Adds a tag to the company; the answer joins the board's list (TagsCard_board), by name. */
export function useCreateTagMutation(boardId: string) {
  const [commit, isInFlight] = usePromiseMutation<TCreate>(graphql`
    mutation useTagMutationsCreateMutation($name: String!, $color: String!, $isPrivate: Boolean!) {
      createTag(name: $name, color: $color, isPrivate: $isPrivate) {
        __typename
        ... on MutationCreateTagSuccess {
          data {
            id
            name
            color
            isPrivate
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
  const run = useCallback(
    (variables: TCreate['variables']) =>
      commit(variables, (store) => {
        const created = store.getRootField('createTag')?.getLinkedRecord('data');
        const board = store.get(boardId);
        const tags = board?.getLinkedRecords('tags');
        if (!created || !board || !tags) return;
        const name = (record: typeof created | null) =>
          String(record?.getValue('name') ?? '').toLowerCase();
        board.setLinkedRecords(
          [...tags, created].sort((a, b) => name(a).localeCompare(name(b))),
          'tags',
        );
      }),
    [boardId, commit],
  );
  return [run, isInFlight] as const;
}

/** Renames a tag, sets its colour and privacy (the store updates every chip showing it). */
export function useUpdateTagMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useTagMutationsUpdateMutation(
      $tagId: ID!
      $name: String!
      $color: String!
      $isPrivate: Boolean!
    ) {
      updateTag(tagId: $tagId, name: $name, color: $color, isPrivate: $isPrivate) {
        __typename
        ... on MutationUpdateTagSuccess {
          data {
            id
            name
            color
            isPrivate
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

/** Deletes a tag; it leaves the board's list (ideas on screen are read again when next shown). */
export function useDeleteTagMutation(boardId: string) {
  const [commit, isInFlight] = usePromiseMutation<TDelete>(graphql`
    mutation useTagMutationsDeleteMutation($tagId: ID!) {
      deleteTag(tagId: $tagId) {
        __typename
        ... on MutationDeleteTagSuccess {
          data {
            deletedTagId
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
        if (data?.deleteTag.__typename !== 'MutationDeleteTagSuccess') return;
        removeFromLinkedList(store, boardId, 'tags', variables.tagId);
      }),
    [boardId, commit],
  );
  return [run, isInFlight] as const;
}
