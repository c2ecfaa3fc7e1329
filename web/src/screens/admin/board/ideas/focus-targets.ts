/**
 * Where focus goes when something it was on leaves the page: a dialog closes, a card moves to
 * another column or becomes a locked row. Cards carry `data-idea-id` for this.
 */

/** The control that opened the idea dialog, and which idea it was. */
export type TDetailOpener = { ideaId: string; element: HTMLElement | null };

/** The focused element, unless focus is nowhere in particular (the page). */
export function activeElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** The card of an idea on screen: its title button, or the card itself (a locked row). */
export function ideaCardFocusTarget(ideaId: string): HTMLElement | null {
  const card = document.querySelector<HTMLElement>(`[data-idea-id="${CSS.escape(ideaId)}"]`);
  return card?.querySelector<HTMLElement>('.idea-card__open') ?? card;
}

/**
 * Where focus returns when the idea dialog closes: the control that opened it, or, when that
 * one left the page meanwhile (its card moved or became a locked row), the idea's card.
 */
export function openerOf(opener: TDetailOpener | null): HTMLElement | null {
  if (!opener) return null;
  if (opener.element?.isConnected) return opener.element;
  return ideaCardFocusTarget(opener.ideaId);
}

/**
 * Where focus goes once an idea left the list (removed): the next card, else the one before,
 * else the list's heading. Read before the card leaves, since it names the neighbours.
 */
export function neighbourOfRemoved(ideaId: string): () => HTMLElement | null {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-idea-id]')];
  const index = cards.findIndex((card) => card.dataset.ideaId === ideaId);
  const ids = [cards[index + 1], cards[index - 1]]
    .filter((card): card is HTMLElement => index >= 0 && card !== undefined)
    .map((card) => card.dataset.ideaId ?? '');
  return () => {
    for (const id of ids) {
      const target = ideaCardFocusTarget(id);
      if (target) return target;
    }
    const heading = document.querySelector<HTMLElement>('main h1, h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    return heading;
  };
}
