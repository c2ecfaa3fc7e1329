import { graphql } from 'react-relay';
import type { useBlockMutationsBlockMutation as TBlock } from '../../../../__generated__/useBlockMutationsBlockMutation.graphql.ts';
import type { useBlockMutationsUnblockMutation as TUnblock } from '../../../../__generated__/useBlockMutationsUnblockMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Blocks an end user (optionally removing their votes); the answer updates their row. */
export function useBlockEndUserMutation() {
  return usePromiseMutation<TBlock>(graphql`
    mutation useBlockMutationsBlockMutation($userId: ID!, $removeVotes: Boolean!) {
      blockEndUser(userId: $userId, removeVotes: $removeVotes) {
        __typename
        ... on MutationBlockEndUserSuccess {
          data {
            votesRemoved
            user {
              id
              blockedAt
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

/** Lifts an end user's block; the answer updates their row. */
export function useUnblockEndUserMutation() {
  return usePromiseMutation<TUnblock>(graphql`
    mutation useBlockMutationsUnblockMutation($userId: ID!) {
      unblockEndUser(userId: $userId) {
        __typename
        ... on MutationUnblockEndUserSuccess {
          data {
            id
            blockedAt
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
