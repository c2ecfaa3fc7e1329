import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { useBlockEndUserMutation } from './useBlockMutations.ts';

export const blockMessages = defineMessages({
  title: { id: 'users.block.title', defaultMessage: 'Block {name}?' },
  description: {
    id: 'users.block.description',
    defaultMessage:
      'They can still read your boards, but can no longer vote, comment or add ideas. You can unblock them later.',
  },
  removeVotes: {
    id: 'users.block.removeVotes',
    defaultMessage: 'Also remove their votes',
  },
  removeVotesHint: {
    id: 'users.block.removeVotes.hint',
    defaultMessage:
      'Every idea they voted for loses their vote. Removed votes do not come back when you unblock them.',
  },
  keepVotesHint: {
    id: 'users.block.keepVotes.hint',
    defaultMessage: 'Unless you tick this, the votes they already cast stay counted.',
  },
  submit: { id: 'users.block.submit', defaultMessage: 'Block' },
  submitting: { id: 'users.block.submitting', defaultMessage: 'Blocking…' },
  done: { id: 'users.block.done', defaultMessage: '{name} is blocked.' },
  doneWithVotes: {
    id: 'users.block.done.votes',
    defaultMessage:
      '{name} is blocked; {count, plural, one {# vote was} other {# votes were}} removed.',
  },
});

/** Asks whether to block a user, and whether their votes go too. */
export function BlockUserModal({
  user,
  onClose,
  onBlocked,
}: {
  user: { id: string; displayName: string };
  onClose: () => void;
  onBlocked: (notice: string) => void;
}) {
  const intl = useIntl();
  const removeVotesId = useId();
  const hintId = useId();
  const [removeVotes, setRemoveVotes] = useState(false);
  const [block] = useBlockEndUserMutation();
  const { run, isPending, failure } = useAction(async () => {
    const result = (await block({ userId: user.id, removeVotes })).blockEndUser;
    if (result.__typename === 'MutationBlockEndUserSuccess') {
      const name = user.displayName;
      const count = result.data.votesRemoved;
      onBlocked(
        removeVotes
          ? intl.formatMessage(blockMessages.doneWithVotes, { name, count })
          : intl.formatMessage(blockMessages.done, { name }),
      );
      onClose();
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      isLocked={isPending}
      title={intl.formatMessage(blockMessages.title, { name: user.displayName })}
      description={intl.formatMessage(blockMessages.description)}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <label className="checkbox" htmlFor={removeVotesId}>
          <input
            id={removeVotesId}
            type="checkbox"
            name="removeVotes"
            checked={removeVotes}
            disabled={isPending}
            aria-describedby={hintId}
            onChange={(event) => setRemoveVotes(event.target.checked)}
          />
          <span>{intl.formatMessage(blockMessages.removeVotes)}</span>
        </label>
        <p className="field__hint" id={hintId}>
          {intl.formatMessage(
            removeVotes ? blockMessages.removeVotesHint : blockMessages.keepVotesHint,
          )}
        </p>
        <ActionError failure={failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={isPending}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            className="button button--danger"
            isPending={isPending}
            pendingLabel={intl.formatMessage(blockMessages.submitting)}
          >
            {intl.formatMessage(blockMessages.submit)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
