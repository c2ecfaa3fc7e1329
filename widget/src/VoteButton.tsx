/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { TIdea } from './api.ts';
import { UpIcon } from './icons.tsx';
import type { TWidget } from './widget-context.ts';

/**
 * The vote box: an arrow over the count, pressed (aria-pressed, the theme's colour) when the
 * caller voted; a second press takes the vote back. Its name says the idea and the votes.
 */
export function VoteButton(props: { widget: TWidget; idea: TIdea }) {
  const { widget, idea } = props;
  const { t } = widget;
  const [isBusy, setIsBusy] = useState(false);
  // A signed-out visitor's vote opens the sign-in form instead of doing nothing.
  const mustSignIn = !widget.canParticipate && widget.requestSignIn !== undefined;
  const handleClick = async () => {
    if (isBusy) return;
    if (mustSignIn) {
      widget.requestSignIn?.();
      return;
    }
    setIsBusy(true);
    try {
      const result = await widget.api.vote(idea.id, !idea.isVotedByMe);
      widget.setLive((counts) => ({ ...counts, [idea.id]: { ...counts[idea.id], ...result } }));
    } catch {
      // spec: a failed vote is only logged; the count stays as the server last said
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <button
      type="button"
      class="vote"
      aria-pressed={idea.isVotedByMe}
      aria-label={t('idea.vote', { title: idea.title, count: idea.voteCount })}
      disabled={!widget.canParticipate && !mustSignIn}
      // Busy, it stays focusable (a disabled button would drop the keyboard's focus).
      aria-busy={isBusy}
      onClick={handleClick}
      data-testid="vote"
    >
      <UpIcon />
      <span class="count" data-testid="vote-count">
        {idea.voteCount}
      </span>
    </button>
  );
}
