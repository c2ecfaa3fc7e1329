/** @jsxImportSource preact */
import type { TIdea } from './api.ts';
import { readableOn } from './contrast.ts';
import type { TTranslate } from './i18n.ts';

/**
 * An idea's status tag: the board's own status (name in the board's language, its colour with
 * black or white text, whichever reads better) when it shows one, else the pipeline status.
 */
export function StatusBadge({ idea, t }: { idea: TIdea; t: TTranslate }) {
  const custom = idea.customStatus;
  if (custom) {
    const background = `#${custom.color}`;
    return (
      <span
        class="badge custom"
        data-status={idea.status}
        style={{ background, color: readableOn(background, '#ffffff') }}
      >
        {custom.name}
      </span>
    );
  }
  return (
    <span class={`badge status-${idea.status.toLowerCase()}`}>
      <span class={`dot status-${idea.status.toLowerCase()}`} aria-hidden="true" />
      {t(`status.${idea.status}`)}
    </span>
  );
}
