/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { TRelease } from './api.ts';
import { ReleaseLabels } from './Changelog.tsx';
import { formatCalendarDate } from './i18n.ts';
import type { TWidget } from './widget-context.ts';
import { useHeading } from './heading.ts';
import { richText } from './rich-text.ts';

/**
 * The published releases (changelog), newest first: labels, the first lines of the notes and
 * the ideas shipped, as the console's release card shows them (F22 of the eighth first-hour walk).
 */
export function Releases(props: { widget: TWidget }) {
  const H3 = useHeading(3);
  const { widget } = props;
  const { t } = widget;
  const [releases, setReleases] = useState<TRelease[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    widget.api.releases(widget.board.id).then(
      (list) => isCurrent && setReleases(list.filter((release) => release.isPublished)),
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [widget.api, widget.board.id]);

  if (failed) return <p role="alert">{t('error.generic')}</p>;
  if (!releases) return <p aria-busy="true">{t('loading')}</p>;
  if (!releases.length) return <p class="muted">{t('releases.empty')}</p>;
  return (
    <ul>
      {releases.map((release) => (
        <li class="comment" key={release.id} data-testid="release">
          <div class="release-item">
            <H3>
              {release.name}{' '}
              <time class="muted" dateTime={release.releaseDate}>
                {formatCalendarDate(release.releaseDate, widget.locale)}
              </time>
            </H3>
            <ReleaseLabels labels={release.labels} t={t} />
            {release.bodyHtml ? (
              <div class="release-body release-body--short">
                {richText(release.bodyHtml, widget.baseUrl)}
              </div>
            ) : null}
            <ul>
              {release.parts.map((part) => (
                <li key={part.id}>• {part.title}</li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
