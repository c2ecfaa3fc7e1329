import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Icon } from '../../../../ui/Icon.tsx';

const messages = defineMessages({
  ideas: { id: 'ideas.export.ideas', defaultMessage: 'Export ideas (CSV)' },
  voters: { id: 'ideas.export.voters', defaultMessage: 'Export voters (CSV)' },
});

/** The numeric row id inside a Relay global id ("Board:12", base64), as REST routes take it. */
export function rowIdOf(globalId: string): string {
  try {
    return atob(globalId).split(':')[1] ?? '';
  } catch {
    return '';
  }
}

type TExport = 'ideas' | 'voters';

/**
 * Downloads the board's ideas or voters as CSV. The REST route needs the bearer token, which a
 * plain link cannot send, so the file is fetched and handed to the browser as a download.
 */
export function ExportButtons({ boardId }: { boardId: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<TExport | null>(null);
  const handleExport = async (what: TExport) => {
    setBusy(what);
    try {
      const token = getAuthToken();
      const response = await fetch(
        `/api/v1/boards/${encodeURIComponent(rowIdOf(boardId))}/export/${what}.csv`,
        { headers: token ? { authorization: `Bearer ${token}` } : {} },
      );
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const disposition = response.headers.get('content-disposition') ?? '';
      const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${what}.csv`;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.error('export failed', error);
      showToast({
        type: 'error',
        title: commonMessages.errorTitle,
        description: commonMessages.genericError,
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        onClick={() => void handleExport('ideas')}
      >
        <Icon name="copy" size={18} />
        {intl.formatMessage(messages.ideas)}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        onClick={() => void handleExport('voters')}
      >
        <Icon name="users" size={18} />
        {intl.formatMessage(messages.voters)}
      </button>
    </>
  );
}
