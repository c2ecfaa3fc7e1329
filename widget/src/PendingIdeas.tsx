/** @jsxImportSource preact */
import type { TWidget } from './widget-context.ts';
import { useHeading } from './heading.ts';

/** One of the caller's own ideas the board's list leaves out. */
export type TOwnIdea = {
  id: number;
  title: string;
  /** The team rejected it, and says why (null: still awaiting). */
  rejectionReason?: string | null;
  /**
   * Merged into another idea (declined as a duplicate): the kept idea, or `id: null` when this
   * reader may not be told of it (the kept-idea rule, decided by the server).
   */
  mergedInto?: { id: number | null; title: string | null };
};

/**
 * The caller's own ideas the list does not show, each marked so: those awaiting the team's
 * acceptance (only their author and the team can read them, so the list comes from the API for
 * the signed-in caller and is never part of a page anyone else is served), and those merged
 * into another idea, with the idea they joined where the reader may see it.
 */
export function PendingIdeas(props: {
  widget: TWidget;
  ideas: TOwnIdea[];
  onOpen: (id: number) => void;
}) {
  const H3 = useHeading(3);
  const { t } = props.widget;
  if (props.ideas.length === 0) return null;
  return (
    <section class="pending" aria-labelledby="fb-pending-title" data-testid="pending-ideas">
      <H3 id="fb-pending-title">{t('pending.title')}</H3>
      <p class="muted">{t('pending.intro')}</p>
      <ul>
        {props.ideas.map((idea) => (
          <li key={idea.id} data-testid={idea.mergedInto ? 'merged-idea' : 'pending-idea'}>
            <button
              type="button"
              class="link title"
              data-idea-id={idea.id}
              onClick={() => props.onOpen(idea.id)}
            >
              {idea.title}
            </button>{' '}
            {idea.mergedInto ? (
              <MergedInto widget={props.widget} kept={idea.mergedInto} onOpen={props.onOpen} />
            ) : idea.rejectionReason ? (
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

/** "Merged into <kept idea>", the title a link to it when this reader may see it. */
export function MergedInto(props: {
  widget: TWidget;
  kept: { id: number | null; title: string | null };
  onOpen: (id: number) => void;
}) {
  const { t } = props.widget;
  const { id, title } = props.kept;
  if (id === null || title === null) {
    return (
      <span class="muted" data-testid="merged-into">
        {t('idea.mergedElsewhere')}
      </span>
    );
  }
  return (
    <span class="muted" data-testid="merged-into">
      {t('idea.mergedInto')}{' '}
      <button type="button" class="link" onClick={() => props.onOpen(id)}>
        {t('idea.quoted', { title })}
      </button>
    </span>
  );
}
