import { useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';

const messages = defineMessages({
  ideas: { id: 'ideas.export.ideas', defaultMessage: 'Export ideas (CSV)' },
  voters: { id: 'ideas.export.voters', defaultMessage: 'Export voters (CSV)' },
});

export type TExport = 'ideas' | 'voters';

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
      // The download's code loads with the first export (the board chunk has no room).
      const { downloadExport } = await import('./export-download.ts');
      await downloadExport(boardId, what);
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
