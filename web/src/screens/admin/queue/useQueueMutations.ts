import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useQueueMutationsAcceptMutation as TAccept } from '../../../../__generated__/useQueueMutationsAcceptMutation.graphql.ts';
import type { useQueueMutationsCountQuery as TCount } from '../../../../__generated__/useQueueMutationsCountQuery.graphql.ts';
import type { useQueueMutationsMergeMutation as TMerge } from '../../../../__generated__/useQueueMutationsMergeMutation.graphql.ts';
import type { useQueueMutationsRejectMutation as TReject } from '../../../../__generated__/useQueueMutationsRejectMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/**
 * What one queue action came to: done, CONFLICT (a teammate dealt with the idea first), a field
 * error (the reason's or the merge target's words), or a failure of another kind.
 */
export type TQueueOutcome =
  | { kind: 'done'; intoTitle?: string }
  | { kind: 'conflict' }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'failed' };

type TResult =
  | {
      readonly __typename: 'AppError';
      readonly code: string;
      readonly fields: readonly { readonly field: string; readonly message: string }[];
    }
  | { readonly __typename: string };

function outcomeOf(result: TResult, intoTitle?: string): TQueueOutcome {
  if (result.__typename !== 'AppError') return { kind: 'done', intoTitle };
  if (!('code' in result)) return { kind: 'failed' };
  if (result.code === 'CONFLICT') return { kind: 'conflict' };
  const field = result.fields[0];
  if (result.code === 'VALIDATION' && field) {
    return { kind: 'invalid', field: field.field, message: field.message };
  }
  if (result.code === 'NOT_FOUND' && intoTitle !== undefined) {
    return { kind: 'invalid', field: 'duplicateOfIdeaId', message: '' };
  }
  return { kind: 'failed' };
}

// The count is read by the shell (AdminLayout) from the viewer record this query refreshes.
/* eslint-disable relay/unused-fields */
const countQuery = graphql`
  query useQueueMutationsCountQuery {
    viewer {
      awaitingIdeaCount
    }
  }
`;
/* eslint-enable relay/unused-fields */

/**
 * The queue's three actions, each answering its outcome. After each the side menu's count is
 * fetched anew (it also counts what teammates did meanwhile); the idea's board answers its own.
 */
export function useQueueMutations() {
  const environment = useRelayEnvironment();
  const [accept] = usePromiseMutation<TAccept>(graphql`
    mutation useQueueMutationsAcceptMutation($ideaId: ID!) {
      acceptIdea(ideaId: $ideaId) {
        __typename
        ... on MutationAcceptIdeaSuccess {
          data {
            id
            status
            board {
              id
              awaitingIdeaCount
            }
          }
        }
        ... on AppError {
          code
          fields {
            field
            message
          }
        }
      }
    }
  `);
  const [merge] = usePromiseMutation<TMerge>(graphql`
    mutation useQueueMutationsMergeMutation($ideaId: ID!, $duplicateOfIdeaId: ID!) {
      acceptIdeaAsDuplicate(ideaId: $ideaId, duplicateOfIdeaId: $duplicateOfIdeaId) {
        __typename
        ... on MutationAcceptIdeaAsDuplicateSuccess {
          data {
            id
            title
            voteCount
            board {
              id
              awaitingIdeaCount
            }
          }
        }
        ... on AppError {
          code
          fields {
            field
            message
          }
        }
      }
    }
  `);
  const [reject] = usePromiseMutation<TReject>(graphql`
    mutation useQueueMutationsRejectMutation($ideaId: ID!, $reason: String!) {
      rejectIdea(ideaId: $ideaId, reason: $reason) {
        __typename
        ... on MutationRejectIdeaSuccess {
          data {
            id
            board {
              id
              awaitingIdeaCount
            }
          }
        }
        ... on AppError {
          code
          fields {
            field
            message
          }
        }
      }
    }
  `);

  const refreshCount = useCallback(() => {
    fetchQuery<TCount>(environment, countQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
      error: (error: unknown) => console.warn('queue count refresh failed', error),
    });
  }, [environment]);

  /** Runs one action; a thrown error (the network) is a failure too. */
  const settle = useCallback(
    async (run: () => Promise<TQueueOutcome>): Promise<TQueueOutcome> => {
      let outcome: TQueueOutcome;
      try {
        outcome = await run();
      } catch (error) {
        console.warn('queue action failed', error);
        outcome = { kind: 'failed' };
      }
      if (outcome.kind === 'done' || outcome.kind === 'conflict') refreshCount();
      return outcome;
    },
    [refreshCount],
  );

  return {
    accept: (ideaId: string) =>
      settle(async () => outcomeOf((await accept({ ideaId })).acceptIdea)),
    merge: (ideaId: string, duplicateOfIdeaId: string) =>
      settle(async () => {
        const result = (await merge({ ideaId, duplicateOfIdeaId })).acceptIdeaAsDuplicate;
        const into =
          result.__typename === 'MutationAcceptIdeaAsDuplicateSuccess' ? result.data.title : '';
        return outcomeOf(result, into);
      }),
    reject: (ideaId: string, reason: string) =>
      settle(async () => outcomeOf((await reject({ ideaId, reason })).rejectIdea)),
  };
}
