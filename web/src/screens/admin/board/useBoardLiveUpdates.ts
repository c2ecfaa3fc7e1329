import { useEffect, useMemo, useRef } from 'react';
import { fetchQuery, graphql, useRelayEnvironment, useSubscription } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useBoardLiveUpdatesLimitsQuery as TLimitsQuery } from '../../../../__generated__/useBoardLiveUpdatesLimitsQuery.graphql.ts';
import type { useBoardLiveUpdatesSubscription as TSubscription } from '../../../../__generated__/useBoardLiveUpdatesSubscription.graphql.ts';
import { onLiveStreamReconnected } from '../../../relay/environment.ts';
import {
  insertIdeaEdge,
  liveIdeasLists,
  placeIdeaInLists,
  refreshIdeasLists,
  removeIdeaEdge,
} from './ideas/live-lists.ts';

/** How long a burst of changes may last before the board's limits are reread once. */
export const LIMITS_REFRESH_DELAY_MS = 400;

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

const limitsQuery = graphql`
  query useBoardLiveUpdatesLimitsQuery($id: ID!) {
    board(id: $id) {
      id
      limits {
        cappedIdeas
        ideaCap
        isIdeaCapReached
      }
    }
  }
`;

/**
 * Rereads the board's limits (the plan banner's count) a moment after the last of a burst of
 * live changes: the events carry the idea, not the company-wide cutoff, and computing it per
 * subscriber on the server would cost every open console a count per change. When the limits
 * moved, the lists on screen reread too (a deletion elsewhere unlocks the oldest hidden idea).
 */
function useLimitsRefresh(boardId: string): () => void {
  const environment = useRelayEnvironment();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [boardId],
  );
  return useMemo(() => {
    // The limits as the banner and the lists last saw them (undefined before any were read).
    const limitsKey = (data: TLimitsQuery['response'] | null | undefined) => {
      const limits = data?.board?.id === boardId ? data.board.limits : undefined;
      return limits && `${limits.cappedIdeas} ${limits.ideaCap} ${limits.isIdeaCapReached}`;
    };
    const refresh = () => {
      timer.current = null;
      const variables = { id: boardId };
      const before = limitsKey(
        environment.lookup(createOperationDescriptor(getRequest(limitsQuery), variables).fragment)
          .data as TLimitsQuery['response'] | null,
      );
      fetchQuery<TLimitsQuery>(environment, limitsQuery, variables, {
        fetchPolicy: 'network-only',
      }).subscribe({
        next: (data) => {
          const after = limitsKey(data);
          if (before && after && after !== before) refreshIdeasLists();
        },
        error: (error: unknown) => console.warn('board limits not reread', error),
      });
    };
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(refresh, LIMITS_REFRESH_DELAY_MS);
    };
  }, [environment, boardId]);
}

/**
 * Keeps the board's ideas current while its page is open: each change arrives with the idea as
 * the viewer may see it, and Relay merges it into every card that shows that idea. An idea
 * created elsewhere joins the ideas lists on screen that show its status; a deleted one leaves
 * every list on screen, the roadmap's columns included, and one whose status changed leaves
 * the lists that no longer show it (see live-lists.ts). Submissions, deletions and updates
 * (status changes among them) also reread the plan banner's count, once per burst. When the
 * stream comes back after a break, the lists and the banner are read again.
 */
export function useBoardLiveUpdates(boardId: string): void {
  const scheduleLimitsRefresh = useLimitsRefresh(boardId);
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
        if (!change.idea) return;
        const idea = store.getRootField('ideaChanged')?.getLinkedRecord('idea');
        if (change.kind === 'UPDATED') {
          // Declined or moved elsewhere: it leaves the lists that no longer show its status.
          placeIdeaInLists(store, idea, change.idea.status, { canJoin: false });
          return;
        }
        if (change.kind !== 'CREATED') return;
        for (const list of liveIdeasLists()) {
          if (list.accepts(change.idea.status)) insertIdeaEdge(store, list.connectionId, idea);
        }
      },
      onNext: (data) => {
        const kind = data?.ideaChanged.kind;
        if (kind === 'CREATED' || kind === 'DELETED' || kind === 'UPDATED') scheduleLimitsRefresh();
      },
      onError: (error) => console.warn('live updates stopped', error),
    }),
    [boardId, scheduleLimitsRefresh],
  );
  useSubscription<TSubscription>(config);
  // Back after a break: what changed meanwhile came as no event, so the lists and the banner
  // read again.
  useEffect(
    () =>
      onLiveStreamReconnected(() => {
        refreshIdeasLists();
        scheduleLimitsRefresh();
      }),
    [scheduleLimitsRefresh],
  );
}

/** Subscribes while the board is on screen (a component, so a missing board never subscribes). */
export function LiveUpdates({ boardId }: { boardId: string }) {
  useBoardLiveUpdates(boardId);
  return null;
}
