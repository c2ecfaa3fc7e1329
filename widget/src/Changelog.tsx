/** @jsxImportSource preact */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, createApi, retrying } from './api.ts';
import type { TRelease, TWidgetBoard } from './api.ts';
import { themeProperties } from './contrast.ts';
import { formatCalendarDate, localeOf, translator } from './i18n.ts';
import { richText } from './rich-text.ts';
import { readStored, sessionKey, writeStored } from './storage.ts';
import { useHeading } from './heading.ts';
import type { TLocale, TTranslate } from './i18n.ts';

/** How many of the newest published releases the "what's new" list shows. */
export const CHANGELOG_SIZE = 10;

/** The newest release the visitor opened: every release after it (in the server's order) is new. */
type TSeen = { releaseDate: string; id: number };

/** Where the visitor's read state of a board's changelog is kept (localStorage, no cookie). */
export const seenKey = (baseUrl: string, boardHash: string) =>
  `feedboard:${baseUrl}:changelog:${boardHash}`;

function readSeen(key: string): TSeen | null {
  try {
    const value = JSON.parse(readStored(key) ?? 'null') as Partial<TSeen> | null;
    return typeof value?.releaseDate === 'string' && typeof value.id === 'number'
      ? { releaseDate: value.releaseDate, id: value.id }
      : null;
  } catch {
    return null;
  }
}

/** Whether `release` comes after `seen` in the changelog's order (release date, then id). */
function isAfter(release: TSeen, seen: TSeen | null): boolean {
  if (!seen) return true;
  if (release.releaseDate !== seen.releaseDate) return release.releaseDate > seen.releaseDate;
  return release.id > seen.id;
}

type TLoaded = { data: TWidgetBoard; releases: TRelease[] };

/**
 * The "what's new" variant (`data-mode="changelog"`): a launcher naming how many releases are
 * new to this visitor, opening the board's latest published releases. A release the visitor
 * opens (its notes or its portal page), and every older one, stops being new.
 */
export function Changelog(props: {
  baseUrl: string;
  boardHash: string;
  ssoToken: string | null;
  /** The visitor's language (main.tsx's visitorLocale); null speaks the board's. */
  locale?: TLocale | null;
}) {
  const H3 = useHeading(3);
  const { baseUrl, boardHash, ssoToken } = props;
  const token = useRef<string | null>(null);
  const api = useMemo(() => createApi(baseUrl, () => token.current), [baseUrl]);
  const storageKey = seenKey(baseUrl, boardHash);
  const [loaded, setLoaded] = useState<TLoaded | null>(null);
  const [failure, setFailure] = useState<'notFound' | 'load' | null>(null);
  const [seen, setSeen] = useState<TSeen | null>(() => readSeen(storageKey));
  const [isOpen, setIsOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const [expanded, setExpanded] = useState<number | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      // Who the visitor is (a private board shows its releases to its company's users only):
      // an SSO token exchanged for a session, else the board widget's stored session.
      const stored = readStored(sessionKey(baseUrl));
      if (ssoToken) {
        token.current = await api.exchangeSso(boardHash, ssoToken).then(
          (answer) => answer.token,
          () => null,
        );
      } else {
        token.current = stored;
      }
      let data: TWidgetBoard;
      try {
        // A busy server's 503 or a 429 is tried again after Retry-After (api.ts retryDelay).
        data = await retrying(() => api.widgetBoard(boardHash, 'VOTES', 'ALL', ''));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401 && token.current)) throw error;
        // A stored session that expired: forget it and read signed out.
        if (!ssoToken) writeStored(sessionKey(baseUrl), null);
        token.current = null;
        data = await api.widgetBoard(boardHash, 'VOTES', 'ALL', '');
      }
      const releases = await api.releases(data.board.id);
      if (isCurrent) {
        setLoaded({
          data,
          releases: releases.filter((release) => release.isPublished).slice(0, CHANGELOG_SIZE),
        });
      }
    })().catch((error: unknown) => {
      if (isCurrent) {
        setFailure(error instanceof ApiError && error.status === 404 ? 'notFound' : 'load');
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [api, baseUrl, boardHash, ssoToken]);

  const locale = props.locale ?? localeOf(loaded?.data.board.language);
  const t = useMemo(() => translator(locale), [locale]);

  if (failure) {
    return (
      <div class="fb" role="alert" lang={locale}>
        {t(failure === 'notFound' ? 'error.notFound' : 'error.load')}
      </div>
    );
  }
  if (!loaded) {
    return (
      <div class="fb" aria-busy="true" lang={locale}>
        {t('loading')}
      </div>
    );
  }

  const { data, releases } = loaded;
  const { board, company } = data;
  const newCount = releases.filter((release) => isAfter(release, seen)).length;
  // The portal shows the releases of public, active boards: link there (the id alone finds it).
  const pageOf = (release: TRelease) =>
    board.isPublic && board.active
      ? `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(company.slug)}/changelog/${release.id}`
      : null;
  const markOpened = (release: TRelease) => {
    if (!isAfter(release, seen)) return;
    const next = { releaseDate: release.releaseDate, id: release.id };
    writeStored(storageKey, JSON.stringify(next));
    setSeen(next);
  };

  return (
    <div
      class="fb changelog"
      style={themeProperties(board.theme)}
      lang={locale}
      onKeyDown={(event) => {
        // Escape closes the open panel and gives the focus back to its button (first-hour F20).
        if (event.key !== 'Escape' || !isOpen) return;
        setIsOpen(false);
        launcher.current?.focus();
      }}
    >
      <button
        type="button"
        ref={launcher}
        class="primary launcher"
        aria-expanded={isOpen}
        aria-controls="fb-changelog"
        onClick={() => setIsOpen(!isOpen)}
      >
        {t('changelog.title')}
        {newCount > 0 ? (
          <span class="new-count" data-testid="new-count">
            {t('changelog.newCount', { count: newCount })}
          </span>
        ) : null}
      </button>
      <section id="fb-changelog" hidden={!isOpen} aria-label={t('changelog.title')}>
        {releases.length === 0 ? <p class="muted">{t('releases.empty')}</p> : null}
        <ul>
          {releases.map((release) => {
            const isNew = isAfter(release, seen);
            const isExpanded = expanded === release.id;
            const page = pageOf(release);
            return (
              <li class="comment" key={release.id} data-testid="release" data-new={isNew}>
                <H3>
                  <button
                    type="button"
                    class="link title"
                    aria-expanded={isExpanded}
                    aria-controls={`fb-release-${release.id}`}
                    onClick={() => {
                      setExpanded(isExpanded ? null : release.id);
                      markOpened(release);
                    }}
                  >
                    {isNew ? (
                      <span class="unread" data-testid="unread-dot">
                        <span class="sr-only">{t('changelog.unread')} </span>
                      </span>
                    ) : null}
                    {release.name}
                  </button>{' '}
                  <time class="muted" dateTime={release.releaseDate}>
                    {formatCalendarDate(release.releaseDate, locale)}
                  </time>
                </H3>
                <ReleaseLabels labels={release.labels} t={t} />
                <div id={`fb-release-${release.id}`} hidden={!isExpanded}>
                  {isExpanded ? (
                    <div class="release-body">{richText(release.bodyHtml, baseUrl)}</div>
                  ) : null}
                  {isExpanded && release.parts.length > 0 ? (
                    <ul aria-label={t('changelog.parts')}>
                      {release.parts.map((part) => (
                        <li key={part.id}>• {part.title}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                {page ? (
                  <a
                    href={page}
                    target="_blank"
                    rel="noopener"
                    onClick={() => markOpened(release)}
                    onAuxClick={() => markOpened(release)}
                  >
                    {t('changelog.readMore', { name: release.name })}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      <footer class="muted">{t('poweredBy')}</footer>
    </div>
  );
}

/** A release's labels (new, improved, fixed…) as badges: the changelog's and the board's Releases tab's. */
export function ReleaseLabels(props: { labels: TRelease['labels']; t: TTranslate }) {
  const { labels, t } = props;
  if (labels.length === 0) return null;
  return (
    <ul class="labels" aria-label={t('changelog.labels')}>
      {labels.map((label) => (
        <li key={label} class={`badge label-${label.toLowerCase()}`}>
          {t(`changelog.label.${label}`)}
        </li>
      ))}
    </ul>
  );
}
