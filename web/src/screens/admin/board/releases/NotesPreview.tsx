import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { NotesPreviewQuery } from '../../../../../__generated__/NotesPreviewQuery.graphql.ts';
import { releaseMessages as messages } from './messages.ts';

const previewQuery = graphql`
  query NotesPreviewQuery($body: String!) {
    releaseNotesPreview(body: $body)
  }
`;

type TPreview = { state: 'loading' } | { state: 'ready'; html: string } | { state: 'failed' };

/**
 * The release notes as readers will see them: the server renders the Markdown with the
 * changelog's own renderer and sanitiser (so the preview is the page, and the console ships no
 * Markdown code), and this shows that HTML.
 */
export function NotesPreview({ body }: { body: string }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const [preview, setPreview] = useState<TPreview>({ state: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    setPreview({ state: 'loading' });
    const subscription = fetchQuery<NotesPreviewQuery>(
      environment,
      previewQuery,
      { body },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        if (isCurrent) setPreview({ state: 'ready', html: data.releaseNotesPreview ?? '' });
      },
      error: () => {
        if (isCurrent) setPreview({ state: 'failed' });
      },
    });
    return () => {
      isCurrent = false;
      subscription.unsubscribe();
    };
  }, [environment, body]);
  return (
    <div
      className="release-notes-preview"
      role="region"
      aria-label={intl.formatMessage(messages.previewRegion)}
      aria-busy={preview.state === 'loading'}
    >
      {preview.state === 'loading' ? (
        <p className="muted">{intl.formatMessage(messages.previewLoading)}</p>
      ) : preview.state === 'failed' ? (
        <p className="field__error">{intl.formatMessage(messages.previewFailed)}</p>
      ) : preview.html === '' ? (
        <p className="muted">{intl.formatMessage(messages.previewEmpty)}</p>
      ) : (
        // Sanitised by the server (render-markdown.ts: markdown-it without raw HTML, then an
        // allowlist): the same HTML the changelog page shows.
        <div
          className="release-notes-preview__body"
          dangerouslySetInnerHTML={{ __html: preview.html }}
        />
      )}
    </div>
  );
}
