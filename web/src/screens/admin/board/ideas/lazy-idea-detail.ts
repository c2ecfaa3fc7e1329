import { lazy } from 'react';

/**
 * The idea dialog of the list and the roadmap, loaded with its first opening: the board's
 * screens do not need it to show. Its query starts from the address meanwhile
 * (useIdeaDetailFromAddress.ts).
 */
export const IdeaDetailModal = lazy(() =>
  import('./IdeaDetailModal.tsx').then((module) => ({ default: module.IdeaDetailModal })),
);
