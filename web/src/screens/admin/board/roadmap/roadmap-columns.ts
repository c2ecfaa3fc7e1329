/** The roadmap's columns, left to right (spec section 2). */
export const ROADMAP_STATUSES = ['REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;
export type TRoadmapStatus = (typeof ROADMAP_STATUSES)[number];

type TRoadmapIdea = {
  id: string;
  status: string;
  commentCount: number;
  value?: number | null;
};

/** How the roadmap orders each column: most discussed (the default) or most valuable. */
export type TRoadmapSort = 'COMMENTS' | 'VALUE';

/**
 * Ideas grouped by their current status, each column sorted by comment count (or by value,
 * then comment count), highest first.
 * Grouping by the status in the store (not by the list an idea was fetched in) moves a card as
 * soon as its status changes, here or live from elsewhere; ideas that left the roadmap drop out.
 */
export function roadmapColumns<T extends TRoadmapIdea>(
  ideas: readonly T[],
  sort: TRoadmapSort = 'COMMENTS',
): Record<TRoadmapStatus, T[]> {
  const columns = { REVIEW: [], PLANNED: [], IN_PROGRESS: [], COMPLETE: [] } as Record<
    TRoadmapStatus,
    T[]
  >;
  const seen = new Set<string>();
  for (const idea of ideas) {
    if (seen.has(idea.id)) continue;
    seen.add(idea.id);
    if ((ROADMAP_STATUSES as readonly string[]).includes(idea.status)) {
      columns[idea.status as TRoadmapStatus].push(idea);
    }
  }
  for (const status of ROADMAP_STATUSES) {
    columns[status].sort(
      (a, b) =>
        (sort === 'VALUE' ? (b.value ?? 0) - (a.value ?? 0) : 0) || b.commentCount - a.commentCount,
    );
  }
  return columns;
}

/**
 * A column's ideas in groups by custom status (`statuses`: the board's of the column's kind, in
 * order): ideas showing the kind's own name first (`status` null), then one group per custom
 * status that ideas show. Without custom statuses the column is one group, as before.
 */
export function roadmapGroups<
  T extends { customStatusId: string | null },
  TStatus extends { id: string },
>(ideas: readonly T[], statuses: readonly TStatus[]) {
  const groups: { status: TStatus | null; ideas: T[] }[] = [
    { status: null, ideas: ideas.filter((idea) => idea.customStatusId === null) },
  ];
  for (const status of statuses) {
    const shown = ideas.filter((idea) => idea.customStatusId === status.id);
    if (shown.length > 0) groups.push({ status, ideas: shown });
  }
  return groups.filter((group) => group.ideas.length > 0);
}
