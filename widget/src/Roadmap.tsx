/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { TIdea, TStatus } from './api.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { withLive } from './widget-context.ts';
import type { TWidget } from './widget-context.ts';

const COLUMNS: TStatus[] = ['REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'];

/** Four columns of compact cards, most discussed first (spec: roadmap). */
export function Roadmap(props: { widget: TWidget; onOpen: (id: number) => void }) {
  const { widget } = props;
  const { t } = widget;
  const [ideas, setIdeas] = useState<TIdea[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    widget.api.ideas(widget.board.id, { filter: 'ALL', sort: 'VOTES', limit: 100 }).then(
      (page) => isCurrent && setIdeas(page.ideas),
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [widget.api, widget.board.id]);

  if (failed) return <p role="alert">{t('error.generic')}</p>;
  if (!ideas) return <p aria-busy="true">{t('loading')}</p>;
  const shown = ideas.map((idea) => withLive(widget, idea));
  if (!shown.some((idea) => COLUMNS.includes(idea.status))) {
    return <p class="muted">{t('roadmap.empty')}</p>;
  }
  return (
    <div class="columns">
      {COLUMNS.map((status) => (
        <section class="column" key={status} aria-label={t(`status.${status}`)}>
          <h3>
            <span class={`dot status-${status.toLowerCase()}`} aria-hidden="true" />
            {t(`status.${status}`)}
          </h3>
          <ul>
            {shown
              .filter((idea) => idea.status === status)
              .sort((x, y) => y.commentCount - x.commentCount)
              .map((idea) => (
                <li key={idea.id}>
                  <button type="button" class="link" onClick={() => props.onOpen(idea.id)}>
                    {idea.title}
                  </button>
                  <div class="muted">
                    {idea.customStatus ? <StatusBadge idea={idea} t={t} /> : null}
                    {t('idea.votes', { count: idea.voteCount })}
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
