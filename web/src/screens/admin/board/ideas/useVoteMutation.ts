import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { useVoteMutationDownvoteMutation as TDownvote } from '../../../../../__generated__/useVoteMutationDownvoteMutation.graphql.ts';
import type { useVoteMutationUpvoteMutation as TUpvote } from '../../../../../__generated__/useVoteMutationUpvoteMutation.graphql.ts';

const upvote = graphql`
  mutation useVoteMutationUpvoteMutation($ideaId: ID!) {
    upvoteIdea(ideaId: $ideaId) {
      __typename
      ... on MutationUpvoteIdeaSuccess {
        data {
          id
          voteCount
          isVotedByMe
        }
      }
    }
  }
`;

const downvote = graphql`
  mutation useVoteMutationDownvoteMutation($ideaId: ID!) {
    downvoteIdea(ideaId: $ideaId) {
      __typename
      ... on MutationDownvoteIdeaSuccess {
        data {
          id
          voteCount
          isVotedByMe
        }
      }
    }
  }
`;

/**
 * Votes or takes the vote back. The count moves at once; Relay rolls the optimistic change back
 * when the server refuses (its answer then carries no idea) or the call fails, and the server's
 * voteCount wins otherwise.
 */
export function useVoteMutation() {
  const [commitUp, isUpInFlight] = useMutation<TUpvote>(upvote);
  const [commitDown, isDownInFlight] = useMutation<TDownvote>(downvote);
  const toggle = useCallback(
    (idea: { id: string; voteCount: number; isVotedByMe: boolean }) => {
      const isVoting = !idea.isVotedByMe;
      const optimisticUpdater = (store: RecordSourceSelectorProxy) => {
        const record = store.get(idea.id);
        if (!record) return;
        record.setValue(Math.max(0, idea.voteCount + (isVoting ? 1 : -1)), 'voteCount');
        record.setValue(isVoting, 'isVotedByMe');
      };
      const onError = (error: Error) => console.error('vote failed', error);
      if (isVoting) {
        commitUp({ variables: { ideaId: idea.id }, optimisticUpdater, onError });
      } else {
        commitDown({ variables: { ideaId: idea.id }, optimisticUpdater, onError });
      }
    },
    [commitUp, commitDown],
  );
  return [toggle, isUpInFlight || isDownInFlight] as const;
}
