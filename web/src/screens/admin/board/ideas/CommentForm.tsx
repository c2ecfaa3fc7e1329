import { useIntl } from 'react-intl';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { useAddCommentMutation } from './useAddCommentMutation.ts';

const messages = defineMessages({
  label: { id: 'commentForm.label', defaultMessage: 'Your comment' },
  hint: { id: 'commentForm.hint', defaultMessage: '6 to 500 characters.' },
  submit: { id: 'commentForm.submit', defaultMessage: 'Add comment' },
  sending: { id: 'commentForm.sending', defaultMessage: 'Sending…' },
});

/**
 * The comment form (6 to 500 characters); a failed comment is ignored, as the spec says. On an
 * inactive board it stays in view but disabled: the server refuses comments there.
 */
export function CommentForm({ ideaId, connectionId }: { ideaId: string; connectionId: string }) {
  const intl = useIntl();
  const [addComment, isSending] = useAddCommentMutation();
  const form = useForm({ text: { required: true, min: 6, max: 500 } });
  const viewOnly = useViewOnlyProps();

  const handleSubmit = form.handleSubmit(async ({ text }) => {
    try {
      const { addComment: result } = await addComment({
        ideaId,
        text,
        connections: [connectionId],
      });
      if (result.__typename === 'MutationAddCommentSuccess') form.reset();
      else if (result.__typename === 'AppError') form.setServerErrors(result.fields);
    } catch (error) {
      console.error('addComment failed', error);
    }
  });

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
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          {...viewOnly}
          disabled={isSending || viewOnly.disabled}
        >
          {intl.formatMessage(isSending ? messages.sending : messages.submit)}
        </button>
      </div>
    </form>
  );
}
