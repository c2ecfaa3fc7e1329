import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

/** Where the idea window shows the team's tools beside the conversation (style.css agrees). */
const WIDE = '(min-width: 60em)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for a side panel. */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * One of the team's tools in the idea window: a titled section in the side panel on wide
 * screens; on phones a collapsed disclosure (its title the summary, opened by click, Enter or
 * Space), so the conversation comes first and the tools one tap away.
 */
export function ToolSection({
  titleId,
  title,
  className,
  testId,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const isWide = useIsWide();
  const heading = (
    <h3 id={titleId} className="idea-detail__heading">
      {title}
    </h3>
  );
  if (isWide) {
    return (
      <section aria-labelledby={titleId} className={className} data-testid={testId}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <details className={['tool-section', className].filter(Boolean).join(' ')} data-testid={testId}>
      <summary className="tool-section__summary">{heading}</summary>
      <div className="tool-section__body">{children}</div>
    </details>
  );
}
