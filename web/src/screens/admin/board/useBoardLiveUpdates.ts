import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useBoardLiveUpdatesSubscription as TSubscription } from '../../../../__generated__/useBoardLiveUpdatesSubscription.graphql.ts';

const subscription = graphql`
  subscription useBoardLiveUpdatesSubscription($boardId: ID!) {
    ideaChanged(boardId: $boardId) {
      kind
      ideaId
      idea {
        id
        voteCount
        commentCount
        status
        isVotedByMe
        declineDetails {
          reason
          comment
          declinedAt
          declinedDuplicateIdeaFound
          declinedDuplicateIdeaId
          declinedDuplicateIdeaTitle
        }
      }
    }
  }
`;

/**
 * Keeps the board's ideas current while its page is open: each change arrives with the idea as
 * the viewer may see it, and Relay merges it into every card that shows that idea.
 */
export function useBoardLiveUpdates(boardId: string): void {
  const config = useMemo<GraphQLSubscriptionConfig<TSubscription>>(
    () => ({
      subscription,
      variables: { boardId },
      onError: (error) => console.warn('live updates stopped', error),
    }),
    [boardId],
  );
  useSubscription<TSubscription>(config);
}
