/** @jsxImportSource preact */
import type { TWidget } from './widget-context.ts';

/**
 * The caller's own ideas awaiting the team's acceptance, each marked so: only their author
 * (and the team) can read them, so the list comes from the API for the signed-in caller and is
 * never part of a page anyone else is served.
 */
export function PendingIdeas(props: {
  widget: TWidget;
  /** `rejectionReason`: the team rejected it, and says why (null: still awaiting). */
  ideas: { id: number; title: string; rejectionReason?: string | null }[];
  onOpen: (id: number) => void;
}) {
  const { t } = props.widget;
  if (props.ideas.length === 0) return null;
  return (
    <section class="pending" aria-labelledby="fb-pending-title" data-testid="pending-ideas">
      <h3 id="fb-pending-title">{t('pending.title')}</h3>
      <p class="muted">{t('pending.intro')}</p>
      <ul>
        {props.ideas.map((idea) => (
          <li key={idea.id} data-testid="pending-idea">
            <button type="button" class="link title" onClick={() => props.onOpen(idea.id)}>
              {idea.title}
            </button>{' '}
            {idea.rejectionReason ? (
              <>
                <span class="badge status-declined">{t('pending.rejected')}</span>
                <p class="muted" data-testid="pending-rejection">
                  {t('pending.rejectedReason', { reason: idea.rejectionReason })}
                </p>
              </>
            ) : (
              <span class="badge status-not_public">{t('pending.mark')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
