import { useIntl } from 'react-intl';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { useAddCommentMutation } from './useAddCommentMutation.ts';

const messages = defineMessages({
  label: { id: 'commentForm.label', defaultMessage: 'Your comment' },
  hint: { id: 'commentForm.hint', defaultMessage: '6 to 500 characters.' },
  submit: { id: 'commentForm.submit', defaultMessage: 'Add comment' },
  sending: { id: 'commentForm.sending', defaultMessage: 'Sending…' },
});

/**
 * The comment form (6 to 500 characters); a failed comment is said beside the button. On an
 * inactive board it stays in view but disabled: the server refuses comments there.
 */
export function CommentForm({ ideaId, connectionId }: { ideaId: string; connectionId: string }) {
  const intl = useIntl();
  const [addComment] = useAddCommentMutation();
  const form = useForm({ text: { required: true, min: 6, max: 500 } });
  const viewOnly = useViewOnlyProps();

  const send = useAction(async (text: string) => {
    const { addComment: result } = await addComment({
      ideaId,
      text,
      connections: [connectionId],
    });
    if (result.__typename === 'MutationAddCommentSuccess') {
      form.reset();
      return null;
    }
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields) ? null : { text: result.message };
    }
    return null;
  });
  const handleSubmit = form.handleSubmit(({ text }) => void send.run(text));

  return (
    <form className="form comment-form" onSubmit={handleSubmit} noValidate>
      <TextArea
        {...form.bind('text')}
        label={intl.formatMessage(messages.label)}
        hint={intl.formatMessage(messages.hint)}
        rows={3}
        isRequired
        isDisabled={viewOnly.disabled}
      />
      <ActionError failure={send.failure} />
      <div className="form__actions">
        <PendingButton
          type="submit"
          aria-describedby={viewOnly['aria-describedby']}
          title={viewOnly.title}
          isDisabled={viewOnly.disabled}
          isPending={send.isPending}
          pendingLabel={intl.formatMessage(messages.sending)}
        >
          {intl.formatMessage(messages.submit)}
        </PendingButton>
      </div>
    </form>
  );
}
