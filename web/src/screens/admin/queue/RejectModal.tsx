import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  commonMessages,
  knownServerMessage,
  validationMessages,
} from '../../../i18n/common-messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { queueMessages as messages } from './messages.ts';

/** The reason's bounds (the server's rule for rejectIdea). */
export const REASON_MAX = 500;

/** The reason's field error for `text`, or null when it is fine (1–500 characters, trimmed). */
export function reasonProblem(text: string): 'required' | 'max' | null {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > REASON_MAX) return 'max';
  return null;
}

/**
 * Rejects one idea or the selected ones with a reason for their authors: a required textarea
 * whose errors show under it. `onReject` answers a field error from the server to show, or null
 * once done (the dialog closes).
 */
export function RejectModal({
  title,
  onClose,
  onReject,
}: {
  title: string;
  onClose: () => void;
  onReject: (reason: string) => Promise<string | null>;
}) {
  const intl = useIntl();
  const id = useId();
  const [reason, setReason] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = isSubmitted ? reasonProblem(reason) : null;
  const error =
    problem === 'required'
      ? intl.formatMessage(validationMessages.required)
      : problem === 'max'
        ? intl.formatMessage(validationMessages.max, { n: REASON_MAX })
        : serverError;

  const submit = useAction(async () => {
    const answer = await onReject(reason.trim());
    if (answer === null) return null;
    const known = knownServerMessage(answer);
    setServerError(known ? intl.formatMessage(known.descriptor, known.values) : answer);
    return null;
  });

  return (
    <Modal
      isOpen
      onClose={onClose}
      isLocked={submit.isPending}
      title={title}
      description={intl.formatMessage(messages.rejectDescription)}
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsSubmitted(true);
          if (reasonProblem(reason)) return;
          void submit.run();
        }}
      >
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label field__label--required" htmlFor={id}>
            {intl.formatMessage(messages.rejectReason)}
          </label>
          <textarea
            id={id}
            name="reason"
            className="field__input field__textarea"
            rows={4}
            required
            autoFocus
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setServerError(null);
            }}
          />
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={submit.isPending}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            className="button button--danger"
            isPending={submit.isPending}
            pendingLabel={intl.formatMessage(messages.rejecting)}
          >
            {intl.formatMessage(messages.rejectSubmit)}
          </PendingButton>
        </div>
        <ActionError failure={submit.failure} />
      </form>
    </Modal>
  );
}
