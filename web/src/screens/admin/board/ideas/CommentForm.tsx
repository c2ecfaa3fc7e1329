import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { MentionTextArea } from './MentionTextArea.tsx';
import { useAddCommentMutation } from './useAddCommentMutation.ts';

const messages = defineMessages({
  label: { id: 'commentForm.label', defaultMessage: 'Your comment' },
  hint: { id: 'commentForm.hint', defaultMessage: '6 to 500 characters.' },
  submit: { id: 'commentForm.submit', defaultMessage: 'Add comment' },
  sending: { id: 'commentForm.sending', defaultMessage: 'Sending…' },
  internal: { id: 'commentForm.internal', defaultMessage: 'Internal note' },
  internalHint: {
    id: 'commentForm.internalHint',
    defaultMessage: 'Only your team sees it: never the widget, the portal, mails or webhooks.',
  },
  addNote: { id: 'commentForm.addNote', defaultMessage: 'Add internal note' },
  replyLabel: { id: 'commentForm.replyLabel', defaultMessage: 'Your reply' },
  replySubmit: { id: 'commentForm.replySubmit', defaultMessage: 'Send reply' },
  replyCancel: { id: 'commentForm.replyCancel', defaultMessage: 'Cancel' },
  replyInternalHint: {
    id: 'commentForm.replyInternalHint',
    defaultMessage: 'A reply to an internal note is internal too.',
  },
});

/**
 * The comment form (6 to 500 characters); a failed comment is said beside the button. The team
 * may tick "Internal note". With `parentId` it is a thread's reply form (focused; Escape or
 * Cancel closes it). On an inactive board it stays in view but disabled: the server refuses
 * comments there. `@` mentions someone (MentionTextArea).
 */
export function CommentForm({
  ideaId,
  connectionId,
  canWriteNotes,
  parentId,
  isParentInternal = false,
  onDone,
}: {
  ideaId: string;
  connectionId: string;
  /** The caller is on the team: offer the "Internal note" choice. */
  canWriteNotes: boolean;
  parentId?: string;
  isParentInternal?: boolean;
  /** Closes a reply form (after sending, Cancel or Escape). */
  onDone?: () => void;
}) {
  const intl = useIntl();
  const [addComment] = useAddCommentMutation();
  const form = useForm({ text: { required: true, min: 6, max: 500 } });
  const [isInternal, setIsInternal] = useState(false);
  const viewOnly = useViewOnlyProps();
  const isReply = parentId !== undefined;

  const send = useAction(async (text: string) => {
    const { addComment: result } = await addComment({
      ideaId,
      text,
      parentId: parentId ?? null,
      isInternal: isInternal || isParentInternal,
      connections: [connectionId],
    });
    if (result.__typename === 'MutationAddCommentSuccess') {
      form.reset();
      setIsInternal(false);
      onDone?.();
      return null;
    }
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    return null;
  });
  const handleSubmit = form.handleSubmit(({ text }) => void send.run(text));
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onDone) {
      event.stopPropagation();
      onDone();
    }
  };
  const asNote = isInternal || isParentInternal;

  return (
    <form
      className={asNote ? 'form comment-form comment-form--internal' : 'form comment-form'}
      onSubmit={handleSubmit}
      onKeyDown={handleKeyDown}
      noValidate
    >
      <MentionTextArea
        name="text"
        value={form.values.text}
        error={form.errors.text ?? null}
        ideaId={ideaId}
        isInternal={asNote}
        onValueChange={(text) => form.setValue('text', text)}
        label={intl.formatMessage(isReply ? messages.replyLabel : messages.label)}
        hint={intl.formatMessage(messages.hint)}
        rows={isReply ? 2 : 3}
        isRequired
        isDisabled={viewOnly.disabled}
        autoFocus={isReply}
      />
      {canWriteNotes && !isParentInternal ? (
        <CheckboxField
          name="isInternal"
          label={intl.formatMessage(messages.internal)}
          hint={intl.formatMessage(messages.internalHint)}
          isChecked={isInternal}
          onChange={setIsInternal}
          isDisabled={viewOnly.disabled}
        />
      ) : null}
      {isParentInternal ? (
        <p className="field__hint">{intl.formatMessage(messages.replyInternalHint)}</p>
      ) : null}
      <ActionError failure={send.failure} />
      <div className="form__actions">
        {onDone ? (
          <button type="button" className="button button--ghost" onClick={onDone}>
            {intl.formatMessage(messages.replyCancel)}
          </button>
        ) : null}
        <PendingButton
          type="submit"
          aria-describedby={viewOnly['aria-describedby']}
          title={viewOnly.title}
          isDisabled={viewOnly.disabled}
          isPending={send.isPending}
          pendingLabel={intl.formatMessage(messages.sending)}
        >
          {intl.formatMessage(
            isReply ? messages.replySubmit : asNote ? messages.addNote : messages.submit,
          )}
        </PendingButton>
      </div>
    </form>
  );
}
