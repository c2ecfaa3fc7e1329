import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { ideaMessages } from './messages.ts';
import { ideaCardFocusTarget } from './focus-targets.ts';
import { insertIdeaEdge } from './live-lists.ts';
import { SimilarIdeasHint } from './SimilarIdeasHint.tsx';
import { useCreateIdeaMutation } from './useCreateIdeaMutation.ts';
import { useUpdateIdeaMutation } from './useUpdateIdeaMutation.ts';

const messages = defineMessages({
  willBeHidden: {
    id: 'idea.add.willBeHidden',
    defaultMessage:
      'Your plan shows {cap, plural, one {# idea} other {# ideas}} and that many are shown already: this idea will be added, but hidden from your users until you upgrade your plan.',
  },
});

/** Adds an idea to the board, or edits one when `idea` is given (title 6–100, description 6–500). */
export function IdeaFormModal({
  isOpen,
  onClose,
  boardId,
  idea = null,
  connections,
  onOpenIdea,
  willBeHidden = null,
}: {
  isOpen: boolean;
  onClose: () => void;
  boardId: string;
  idea?: TIdeaEditTarget | null;
  connections: string[];
  /** Given when adding: similar ideas are hinted under the title, and open with this. */
  onOpenIdea?: (ideaId: string) => void;
  /** When adding past the plan's cap: the cap, said in the form before the idea is added. */
  willBeHidden?: { cap: number } | null;
}) {
  const intl = useIntl();
  const [createIdea] = useCreateIdeaMutation();
  const [updateIdea] = useUpdateIdeaMutation();
  const form = useForm({
    title: { required: true, min: 6, max: 100 },
    description: { min: 6, max: 500 },
  });
  const { setValues } = form;
  // The idea just added: focus goes to its card when the dialog closes.
  const savedIdeaId = useRef<string | null>(null);
  useEffect(() => {
    if (idea) setValues({ title: idea.title, description: idea.description ?? '' });
  }, [idea, setValues]);

  const save = useAction(async ({ title, description }: { title: string; description: string }) => {
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
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    if (result.__typename === '%other') return { descriptor: commonMessages.genericError };
    if (!idea) savedIdeaId.current = result.data.id;
    handleClose();
    return null;
  });
  const isSaving = save.isPending;
  const handleClose = () => {
    form.reset();
    save.clearFailure();
    onClose();
  };
  const handleSave = form.handleSubmit((values) => void save.run(values));

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(idea ? ideaMessages.editTitle : ideaMessages.addTitle)}
      focusOnClose={() => {
        const saved = savedIdeaId.current;
        savedIdeaId.current = null;
        return saved ? ideaCardFocusTarget(saved) : null;
      }}
    >
      <form className="form" onSubmit={handleSave} noValidate>
        {!idea && willBeHidden ? (
          <div className="alert alert--warning" role="note">
            <Icon name="alert" />
            <p>{intl.formatMessage(messages.willBeHidden, { cap: willBeHidden.cap })}</p>
          </div>
        ) : null}
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
        <ActionError failure={save.failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isSaving}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            isPending={isSaving}
            pendingLabel={intl.formatMessage(ideaMessages.saving)}
          >
            {intl.formatMessage(idea ? commonMessages.save : ideaMessages.addSubmit)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
