import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { useCreateBoardMutation } from './useCreateBoardMutation.ts';
import { boardPath } from '../../../relay/row-id.ts';

export const createBoardMessages = defineMessages({
  title: { id: 'createBoard.title', defaultMessage: 'Create a board' },
  description: {
    id: 'createBoard.description',
    defaultMessage: 'Give it a name your users will recognise, such as your product’s name.',
  },
  name: { id: 'createBoard.name', defaultMessage: 'Board name' },
  nameHint: { id: 'createBoard.nameHint', defaultMessage: '6 to 50 characters.' },
  visibility: { id: 'createBoard.visibility', defaultMessage: 'Who can see it' },
  private: { id: 'createBoard.private', defaultMessage: 'Private' },
  privateHint: {
    id: 'createBoard.privateHint',
    defaultMessage: 'Only your team sees it until you let others in from its settings.',
  },
  public: { id: 'createBoard.public', defaultMessage: 'Public' },
  publicHint: {
    id: 'createBoard.publicHint',
    defaultMessage: 'Anyone with the link sees it; signed-in users vote and comment.',
  },
  submit: { id: 'createBoard.submit', defaultMessage: 'Create board' },
  submitting: { id: 'createBoard.submitting', defaultMessage: 'Creating…' },
  createdTitle: { id: 'toast.boardCreated.title', defaultMessage: 'Board created' },
  createdDescription: {
    id: 'toast.boardCreated.description',
    defaultMessage: 'Your new board is ready for ideas.',
  },
});

/**
 * The new board's heading takes the focus once its page shows (the dialog and its opener are
 * gone, so it would fall on <body>): one Tab on is the board's own menu. Done from here, where
 * the board was made, so the board pages carry nothing for it.
 */
function focusBoardHeading(frames = 120) {
  const heading = document.querySelector<HTMLElement>('.board-header__title');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  } else if (frames > 0) {
    requestAnimationFrame(() => focusBoardHeading(frames - 1));
  }
}

/** The create-board dialog: saving opens the new board's ideas list. */
export function CreateBoardModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [createBoard] = useCreateBoardMutation();
  const form = useForm({ name: { required: true, min: 6, max: 50 } });
  // Asked, not assumed (issue 34): private unless the admin picks public.
  const [isPublic, setIsPublic] = useState(false);

  const handleClose = () => {
    form.reset();
    setIsPublic(false);
    create.clearFailure();
    onClose();
  };

  const create = useAction(async (name: string) => {
    const { createBoard: result } = await createBoard({ name, isPublic }, (store) => {
      const board = store.getRootField('createBoard')?.getLinkedRecord('data');
      const root = store.getRoot();
      const boards = root.getLinkedRecords('boards');
      if (board && boards) root.setLinkedRecords([...boards, board], 'boards');
    });
    if (result.__typename === 'MutationCreateBoardSuccess') {
      showToast({
        type: 'success',
        title: createBoardMessages.createdTitle,
        description: createBoardMessages.createdDescription,
      });
      // Straight to the board: the dialog stays, busy, until the board's page shows. Closing it
      // first changed the address back to the list's, which showed the dialog again, emptied,
      // while a slow board page loaded (F5 of the eighth first-hour walk).
      await navigate(`${boardPath(result.data.id)}/list`);
      focusBoardHeading();
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      return { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });
  const isInFlight = create.isPending;
  const handleCreate = form.handleSubmit(({ name }) => void create.run(name));

  const option = (value: boolean, label: MessageDescriptor, hint: MessageDescriptor) => (
    <label className="radio">
      <input
        type="radio"
        name="board-visibility"
        checked={isPublic === value}
        onChange={() => setIsPublic(value)}
        disabled={isInFlight}
      />
      <span>
        <span className="radio__label">{intl.formatMessage(label)}</span>
        <span className="field__hint">{intl.formatMessage(hint)}</span>
      </span>
    </label>
  );

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isInFlight}
      title={intl.formatMessage(createBoardMessages.title)}
      description={intl.formatMessage(createBoardMessages.description)}
    >
      <form className="form" onSubmit={handleCreate} noValidate>
        <TextField
          {...form.bind('name')}
          label={intl.formatMessage(createBoardMessages.name)}
          hint={intl.formatMessage(createBoardMessages.nameHint)}
          isRequired
          autoFocus
        />
        <fieldset className="radio-group">
          <legend className="field__label">
            {intl.formatMessage(createBoardMessages.visibility)}
          </legend>
          {option(false, createBoardMessages.private, createBoardMessages.privateHint)}
          {option(true, createBoardMessages.public, createBoardMessages.publicHint)}
        </fieldset>
        <ActionError failure={create.failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isInFlight}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            isPending={isInFlight}
            pendingLabel={intl.formatMessage(createBoardMessages.submitting)}
          >
            {intl.formatMessage(createBoardMessages.submit)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
