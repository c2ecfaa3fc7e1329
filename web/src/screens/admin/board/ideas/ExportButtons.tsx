import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { rowIdOf } from '../../../../relay/row-id.ts';
import { getAuthToken } from '../../../../session/storage.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';

const messages = defineMessages({
  ideas: { id: 'ideas.export.ideas', defaultMessage: 'Export ideas (CSV)' },
  voters: { id: 'ideas.export.voters', defaultMessage: 'Export voters (CSV)' },
});

type TExport = 'ideas' | 'voters';

/**
 * Downloads the board's ideas or voters as CSV. The REST route needs the bearer token, which a
 * plain link cannot send, so the file is fetched and handed to the browser as a download.
 */
export function ExportButtons({ boardId }: { boardId: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<TExport | null>(null);
  // One export at a time; a failure is said beside the buttons (a thrown error shows the
  // generic message).
  const exporting = useAction(async (what: TExport) => {
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
    } finally {
      setBusy(null);
    }
  });
  return (
    <>
      <PendingButton
        className="button button--secondary"
        isPending={busy === 'ideas'}
        isDisabled={busy !== null}
        onClick={() => void exporting.run('ideas')}
      >
        {busy === 'ideas' ? null : <Icon name="copy" size={18} />}
        {intl.formatMessage(messages.ideas)}
      </PendingButton>
      <PendingButton
        className="button button--secondary"
        isPending={busy === 'voters'}
        isDisabled={busy !== null}
        onClick={() => void exporting.run('voters')}
      >
        {busy === 'voters' ? null : <Icon name="users" size={18} />}
        {intl.formatMessage(messages.voters)}
      </PendingButton>
      <ActionError failure={exporting.failure} />
    </>
  );
}
