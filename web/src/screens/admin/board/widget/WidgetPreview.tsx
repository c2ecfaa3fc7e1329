import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';

const messages = defineMessages({
  title: { id: 'widget.preview.title', defaultMessage: 'Preview' },
  intro: {
    id: 'widget.preview.intro',
    defaultMessage:
      'The real widget from this server, as a visitor who is not signed in sees it on your site with the “Without SSO” snippet.',
  },
  frame: { id: 'widget.preview.frame', defaultMessage: 'Preview of the embedded board' },
  reload: { id: 'widget.preview.reload', defaultMessage: 'Reload the preview' },
  private: {
    id: 'widget.preview.private',
    defaultMessage:
      'This board is private: a visitor who is not signed in sees what the preview shows, not the ideas.',
  },
  show: { id: 'widget.preview.show', defaultMessage: 'Show the preview' },
  loading: { id: 'widget.preview.loading', defaultMessage: 'Loading the preview…' },
  failed: {
    id: 'widget.preview.failed',
    defaultMessage:
      'The preview could not be loaded. Check your connection, then reload the preview.',
  },
});

/**
 * The widget as an anonymous visitor sees it: this server's /widget-preview/{boardHash} page
 * (the "no SSO" snippet on a bare page) in a sandboxed frame without allow-same-origin, so the
 * widget there reads none of the console's storage and signs nobody in by the console's
 * session. `version` remounts it when what it shows changes (the sign-up policy).
 */
export function WidgetPreview({
  boardHash,
  version,
  isPublic,
}: {
  boardHash: string;
  version: string;
  /**
   * A private board's preview loads on request: the widget's request for it is refused (404,
   * as to any outsider), which the browser reports in the console page's log.
   */
  isPublic: boolean;
}) {
  const intl = useIntl();
  const [reloads, setReloads] = useState(0);
  const [isShown, setIsShown] = useState(isPublic);
  // Until the frame's page is in, a loading sign over it; a page the server did not give (an
  // error answer, no connection) says so, with the reload button (issue 34, #25).
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The visitor this preview stands for reads the console's language (the page passes it to
  // the widget as data-language once the server reads it; until then the page's lang rules).
  const src = `/widget-preview/${encodeURIComponent(boardHash)}?language=${intl.locale.split('-')[0]}`;
  const attempt = `${version}-${reloads}`;
  useEffect(() => {
    if (!isShown) return;
    let isCurrent = true;
    setState('loading');
    fetch(src, { credentials: 'omit' }).then(
      (response) => {
        if (isCurrent && !response.ok) setState('failed');
      },
      () => {
        if (isCurrent) setState('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [src, attempt, isShown]);
  return (
    <section className="card widget-preview" aria-labelledby="widget-preview-title">
      <div className="widget-preview__header">
        <div>
          <h3 id="widget-preview-title" className="card__title">
            {intl.formatMessage(messages.title)}
          </h3>
          <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
        {isShown ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setReloads((n) => n + 1)}
          >
            {intl.formatMessage(messages.reload)}
          </button>
        ) : null}
      </div>
      {isPublic ? null : <p className="card__intro">{intl.formatMessage(messages.private)}</p>}
      {isShown ? (
        <div className="widget-preview__stage">
          {state === 'failed' ? (
            <p className="alert alert--danger widget-preview__state" role="alert">
              {intl.formatMessage(messages.failed)}
            </p>
          ) : (
            <>
              {state === 'loading' ? (
                <div className="widget-preview__state">
                  <Spinner label={intl.formatMessage(messages.loading)} />
                  <span aria-hidden="true">{intl.formatMessage(messages.loading)}</span>
                </div>
              ) : null}
              <iframe
                key={attempt}
                className="widget-preview__frame"
                src={src}
                title={intl.formatMessage(messages.frame)}
                sandbox="allow-scripts allow-forms allow-popups"
                data-testid="widget-preview"
                onLoad={() => setState((current) => (current === 'loading' ? 'ready' : current))}
              />
            </>
          )}
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setIsShown(true)}>
          {intl.formatMessage(messages.show)}
        </button>
      )}
    </section>
  );
}
