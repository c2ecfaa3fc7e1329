/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { TIdea, TStatus, TTag } from './api.ts';
import { VoteIcon } from './icons.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { TagSelect } from './TagSelect.tsx';
import { withLive } from './widget-context.ts';
import type { TWidget } from './widget-context.ts';
import { useHeading } from './heading.ts';

const COLUMNS: TStatus[] = ['REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'];

/**
 * Four columns of compact cards, most discussed first (spec: roadmap), narrowed to one of the
 * company's public tags when one is chosen (the same choice as the ideas list's).
 */
export function Roadmap(props: {
  widget: TWidget;
  tags: TTag[];
  tag: number | null;
  onTag: (tag: number | null) => void;
  onOpen: (id: number) => void;
}) {
  const { widget } = props;
  const { t } = widget;
  const [ideas, setIdeas] = useState<TIdea[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    setIdeas(null);
    setFailed(false);
    widget.api
      .ideas(widget.board.id, {
        filter: 'ALL',
        sort: 'VOTES',
        limit: 100,
        tag: props.tag ?? undefined,
      })
      .then(
        (page) => isCurrent && setIdeas(page.ideas),
        () => isCurrent && setFailed(true),
      );
    return () => {
      isCurrent = false;
    };
  }, [widget.api, widget.board.id, props.tag]);

  return (
    <>
      {props.tags.length > 0 ? (
        <div class="bar">
          <TagSelect t={t} tags={props.tags} tag={props.tag} onTag={props.onTag} />
        </div>
      ) : null}
      <RoadmapColumns
        widget={widget}
        ideas={ideas}
        failed={failed}
        tagged={props.tag !== null}
        onOpen={props.onOpen}
      />
    </>
  );
}

/** The columns, or what stands in for them while loading, on failure or when empty. */
function RoadmapColumns(props: {
  widget: TWidget;
  ideas: TIdea[] | null;
  failed: boolean;
  tagged: boolean;
  onOpen: (id: number) => void;
}) {
  const H3 = useHeading(3);
  const { widget, ideas } = props;
  const { t } = widget;
  if (props.failed) return <p role="alert">{t('error.generic')}</p>;
  if (!ideas) return <p aria-busy="true">{t('loading')}</p>;
  const shown = ideas.map((idea) => withLive(widget, idea));
  if (!shown.some((idea) => COLUMNS.includes(idea.status))) {
    return <p class="muted">{t(props.tagged ? 'roadmap.emptyTag' : 'roadmap.empty')}</p>;
  }
  return (
    <div class="columns">
      {COLUMNS.map((status) => (
        <section class="column" key={status} aria-label={t(`status.${status}`)}>
          <H3>
            <span class={`dot status-${status.toLowerCase()}`} aria-hidden="true" />
            {t(`status.${status}`)}
          </H3>
          <ul>
            {shown
              .filter((idea) => idea.status === status)
              .sort((x, y) => y.commentCount - x.commentCount)
              .map((idea) => (
                <li key={idea.id}>
                  <button type="button" class="link" onClick={() => props.onOpen(idea.id)}>
                    {idea.title}
                  </button>
                  <div class="muted meta">
                    {idea.customStatus ? <StatusBadge idea={idea} t={t} /> : null}
                    <span class="stat">
                      <VoteIcon />
                      {t('idea.votes', { count: idea.voteCount })}
                    </span>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
