import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';

/**
 * Opening or closing an idea over a screen (`…/ideas/{ideaId}` and back, on the list and on the
 * roadmap) keeps the screen as it is: only the detail loads. Any other change of the address
 * reloads the screen as usual.
 */
export function shouldRevalidateUnlessOnlyTheIdea({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const onlyTheIdeaChanged =
    currentParams.ideaId !== nextParams.ideaId &&
    currentParams.boardId === nextParams.boardId &&
    currentUrl.search === nextUrl.search;
  return onlyTheIdeaChanged ? false : defaultShouldRevalidate;
}
