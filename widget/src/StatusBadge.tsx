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
  return <StatusLabel status={idea.status} label={t(`status.${idea.status}`)} />;
}

/**
 * The pipeline status's tag in its kind's colours, with no browser-only dependency and no inline
 * style: the widget draws it, and the portal renders the same markup on the server (its CSP
 * allows no style attributes, so a board's own status is named here in its kind's colours).
 */
export function StatusLabel({ status, label }: { status: TIdea['status']; label: string }) {
  const kind = status.toLowerCase();
  return (
    <span class={`badge status-${kind}`}>
      <span class={`dot status-${kind}`} aria-hidden="true" />
      {label}
    </span>
  );
}
