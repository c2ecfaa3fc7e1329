import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useBoardLiveUpdatesSubscription as TSubscription } from '../../../../__generated__/useBoardLiveUpdatesSubscription.graphql.ts';
import { insertIdeaEdge, liveIdeasLists, removeIdeaEdge } from './ideas/live-lists.ts';

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
        ...IdeaCard_idea
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
 * the viewer may see it, and Relay merges it into every card that shows that idea. An idea
 * created elsewhere joins the ideas lists on screen that show its status; a deleted one leaves
 * every list on screen, the roadmap's columns included (see live-lists.ts).
 */
export function useBoardLiveUpdates(boardId: string): void {
  const config = useMemo<GraphQLSubscriptionConfig<TSubscription>>(
    () => ({
      subscription,
      variables: { boardId },
      updater: (store, data) => {
        const change = data?.ideaChanged;
        if (!change) return;
        if (change.kind === 'DELETED') {
          for (const list of liveIdeasLists())
            removeIdeaEdge(store, list.connectionId, change.ideaId);
          return;
        }
        if (change.kind !== 'CREATED' || !change.idea) return;
        const idea = store.getRootField('ideaChanged')?.getLinkedRecord('idea');
        for (const list of liveIdeasLists()) {
          if (list.accepts(change.idea.status)) insertIdeaEdge(store, list.connectionId, idea);
        }
      },
      onError: (error) => console.warn('live updates stopped', error),
    }),
    [boardId],
  );
  useSubscription<TSubscription>(config);
}
