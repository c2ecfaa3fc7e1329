import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { toastSaved } from '../../../toast/save-toasts.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { useUpdateBoardAccessMutation } from '../board/settings/useUpdateBoardAccessMutation.ts';

const messages = defineMessages({
  open: { id: 'dashboard.makePublic.open', defaultMessage: 'Make it public' },
  title: { id: 'dashboard.makePublic.title', defaultMessage: 'Make “{board}” public?' },
  who: {
    id: 'dashboard.makePublic.who',
    defaultMessage:
      'Anyone, also people who are not signed in, will see its ideas, their statuses and votes and the public comments: on its public page and in the widget on your site.',
  },
  stays: {
    id: 'dashboard.makePublic.stays',
    defaultMessage:
      'Ideas awaiting acceptance and internal notes stay with your team. Voting, commenting and submitting ideas still need an account. You can make the board private again in its settings.',
  },
  confirm: { id: 'dashboard.makePublic.confirm', defaultMessage: 'Make public' },
  confirming: { id: 'dashboard.makePublic.confirming', defaultMessage: 'Making public…' },
});

/**
 * The confirmation "Make it public" opens: who will then see the board, and the board is public
 * at once (updateBoard's isPublic, as its settings set it). `onDone` runs after it succeeded.
 * The ideas list's empty state loads it lazily (the board chunk has no room).
 */
export function MakeBoardPublicDialog({
  boardRowId,
  boardName,
  isOpen,
  onClose,
  onDone,
}: {
  boardRowId: number;
  boardName: string;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => Promise<void> | void;
}) {
  const intl = useIntl();
  const [update] = useUpdateBoardAccessMutation();
  const action = useAction(async () => {
    const { updateBoard: result } = await update({
      boardId: btoa(`Board:${boardRowId}`),
      isPublic: true,
    });
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    if (result.__typename !== 'MutationUpdateBoardSuccess') return null;
    onClose();
    toastSaved();
    await onDone();
  });
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      isLocked={action.isPending}
      title={intl.formatMessage(messages.title, { board: boardName })}
      description={intl.formatMessage(messages.who)}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void action.run();
        }}
      >
        <p>{intl.formatMessage(messages.stays)}</p>
        <ActionError failure={action.failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={action.isPending}
            onClick={onClose}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            isPending={action.isPending}
            pendingLabel={intl.formatMessage(messages.confirming)}
          >
            {intl.formatMessage(messages.confirm)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}

/**
 * "Make it public" for the checklist's step: opens MakeBoardPublicDialog.
 * `onDone` runs after it succeeded (the dashboard reads its checklist again).
 */
export function MakeBoardPublic({
  boardRowId,
  boardName,
  onDone,
}: {
  boardRowId: number;
  boardName: string;
  onDone: () => Promise<void>;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary checklist__action"
        onClick={() => setIsOpen(true)}
      >
        {intl.formatMessage(messages.open)}
      </button>
      <MakeBoardPublicDialog
        boardRowId={boardRowId}
        boardName={boardName}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onDone={onDone}
      />
    </>
  );
}
