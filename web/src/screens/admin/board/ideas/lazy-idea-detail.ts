import { lazy } from 'react';

/**
 * The idea dialog of the list and the roadmap, loaded with its first opening: the board's
 * screens do not need it to show. Its query starts from the address meanwhile
 * (useIdeaDetailFromAddress.ts).
 */
export const IdeaDetailModal = lazy(() =>
  import('./IdeaDetailModal.tsx').then((module) => ({ default: module.IdeaDetailModal })),
);

/**
 * The empty list, with its ways to get ideas (the widget, "Make the board public") for admins:
 * loaded when the list is empty (the board chunk has no room).
 */
export const EmptyBoard = lazy(() => import('./EmptyBoard.tsx'));

/** The notice over a list holding sample ideas, with their removal (the empty list's module). */
export const SampleIdeasBanner = lazy(() =>
  import('./EmptyBoard.tsx').then((module) => ({ default: module.SampleIdeasBanner })),
);
