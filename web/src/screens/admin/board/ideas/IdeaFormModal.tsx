import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { ideaMessages } from './messages.ts';
import { insertIdeaEdge } from './live-lists.ts';
import { SimilarIdeasHint } from './SimilarIdeasHint.tsx';
import { useCreateIdeaMutation } from './useCreateIdeaMutation.ts';
import { useUpdateIdeaMutation } from './useUpdateIdeaMutation.ts';

/** Adds an idea to the board, or edits one when `idea` is given (title 6–100, description 6–500). */
export function IdeaFormModal({
  isOpen,
  onClose,
  boardId,
  idea = null,
  connections,
  onOpenIdea,
}: {
  isOpen: boolean;
  onClose: () => void;
  boardId: string;
  idea?: TIdeaEditTarget | null;
  connections: string[];
  /** Given when adding: similar ideas are hinted under the title, and open with this. */
  onOpenIdea?: (ideaId: string) => void;
}) {
  const intl = useIntl();
  const [createIdea, isCreating] = useCreateIdeaMutation();
  const [updateIdea, isUpdating] = useUpdateIdeaMutation();
  const isSaving = isCreating || isUpdating;
  const form = useForm({
    title: { required: true, min: 6, max: 100 },
    description: { min: 6, max: 500 },
  });
  const { setValues } = form;
  useEffect(() => {
    if (idea) setValues({ title: idea.title, description: idea.description ?? '' });
  }, [idea, setValues]);

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSave = form.handleSubmit(async ({ title, description }) => {
    try {
      const variables = { title, description: description || null };
      const result = idea
        ? (await updateIdea({ ideaId: idea.id, ...variables })).updateIdea
        : (
            await createIdea({ boardId, ...variables }, (store, data) => {
              if (data?.createIdea.__typename !== 'MutationCreateIdeaSuccess') return;
              const created = store.getRootField('createIdea')?.getLinkedRecord('data');
              for (const id of connections) insertIdeaEdge(store, id, created);
            })
          ).createIdea;
      if (result.__typename === 'AppError') {
        if (form.setServerErrors(result.fields)) return;
      } else if (result.__typename !== '%other') {
        handleClose();
        return;
      }
    } catch (error) {
      console.error('saving the idea failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(idea ? ideaMessages.editTitle : ideaMessages.addTitle)}
    >
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('title')}
          label={intl.formatMessage(ideaMessages.title)}
          hint={intl.formatMessage(ideaMessages.titleHint)}
          isRequired
          autoFocus
        />
        {!idea && onOpenIdea ? (
          <SimilarIdeasHint
            boardId={boardId}
            text={form.values.title ?? ''}
            onOpen={(ideaId) => {
              handleClose();
              onOpenIdea(ideaId);
            }}
          />
        ) : null}
        <TextArea
          {...form.bind('description')}
          label={intl.formatMessage(ideaMessages.description)}
          hint={intl.formatMessage(ideaMessages.descriptionHint)}
        />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isSaving}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <button type="submit" className="button button--primary" disabled={isSaving}>
            {intl.formatMessage(
              isSaving ? ideaMessages.saving : idea ? commonMessages.save : ideaMessages.addSubmit,
            )}
          </button>
        </div>
      </form>
    </Modal>
  );
}
