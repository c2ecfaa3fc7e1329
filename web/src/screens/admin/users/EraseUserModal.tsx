import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { useEraseUserMutation } from './useUserPrivacy.ts';

const messages = defineMessages({
  title: { id: 'users.erase.title', defaultMessage: 'Erase {name}?' },
  description: {
    id: 'users.erase.description',
    defaultMessage:
      'Their votes are removed (vote counts fall), and their name, email, sign-ins and mails are deleted. This cannot be undone.',
  },
  contentLegend: {
    id: 'users.erase.content',
    defaultMessage: 'Their ideas and comments',
  },
  delete: { id: 'users.erase.delete', defaultMessage: 'Delete them' },
  deleteHint: {
    id: 'users.erase.delete.hint',
    defaultMessage: 'Their ideas go with the votes and comments others left on them.',
  },
  anonymise: { id: 'users.erase.anonymise', defaultMessage: 'Keep them, anonymised' },
  anonymiseHint: {
    id: 'users.erase.anonymise.hint',
    defaultMessage: 'They stay on the board with no author.',
  },
  confirm: {
    id: 'users.erase.confirm',
    defaultMessage: 'I understand that this person’s data is gone for good.',
  },
  submit: { id: 'users.erase.submit', defaultMessage: 'Erase' },
  submitting: { id: 'users.erase.submitting', defaultMessage: 'Erasing…' },
  doneSso: {
    id: 'users.erase.done.sso',
    defaultMessage:
      '{name} was erased. If they sign in through SSO again, a new, empty account is created: none of the erased history comes back.',
  },
  doneRegular: {
    id: 'users.erase.done.regular',
    defaultMessage:
      '{name} was erased. They can sign up again with the same email; the new account starts empty.',
  },
});

/** Asks how to erase a user (delete or anonymise their content), and that the admin means it. */
export function EraseUserModal({
  user,
  onClose,
  onErased,
}: {
  user: { id: string; displayName: string; kind: 'SSO' | 'REGULAR' };
  onClose: () => void;
  onErased: (notice: string) => void;
}) {
  const intl = useIntl();
  const confirmId = useId();
  const [contentMode, setContentMode] = useState<'DELETE' | 'ANONYMISE'>('ANONYMISE');
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [erase] = useEraseUserMutation();
  const { run, isPending, failure } = useAction(async () => {
    const answer = await erase(user.id, contentMode, user.kind);
    const result = answer.eraseEndUser;
    if (result.__typename === 'MutationEraseEndUserSuccess') {
      const done = result.data.wasSsoUser ? messages.doneSso : messages.doneRegular;
      onErased(intl.formatMessage(done, { name: user.displayName }));
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const options = [
    { value: 'ANONYMISE' as const, label: messages.anonymise, hint: messages.anonymiseHint },
    { value: 'DELETE' as const, label: messages.delete, hint: messages.deleteHint },
  ];
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isConfirmed) void run();
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      isLocked={isPending}
      title={intl.formatMessage(messages.title, { name: user.displayName })}
      description={intl.formatMessage(messages.description)}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <fieldset className="radio-group" disabled={isPending}>
          <legend className="field__label">{intl.formatMessage(messages.contentLegend)}</legend>
          {options.map((option) => (
            <label key={option.value} className="radio">
              <input
                type="radio"
                name="contentMode"
                value={option.value}
                checked={contentMode === option.value}
                onChange={() => setContentMode(option.value)}
              />
              <span>
                <span className="radio__label">{intl.formatMessage(option.label)}</span>
                <span className="field__hint">{intl.formatMessage(option.hint)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="checkbox" htmlFor={confirmId}>
          <input
            id={confirmId}
            type="checkbox"
            name="confirm"
            checked={isConfirmed}
            disabled={isPending}
            onChange={(event) => setIsConfirmed(event.target.checked)}
          />
          <span>{intl.formatMessage(messages.confirm)}</span>
        </label>
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
            isDisabled={!isConfirmed}
            pendingLabel={intl.formatMessage(messages.submitting)}
          >
            {intl.formatMessage(messages.submit)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
