import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { ideaMessages } from './messages.ts';
import { removeIdeaEdge } from './live-lists.ts';
import { useDeleteIdeaMutation } from './useDeleteIdeaMutation.ts';

/** Asks before removing an idea; a removed idea leaves the list at once. */
export function RemoveIdeaModal({
  idea,
  onClose,
  connections,
}: {
  idea: TIdeaEditTarget | null;
  onClose: () => void;
  connections: string[];
}) {
  const intl = useIntl();
  const [deleteIdea, isDeleting] = useDeleteIdeaMutation();

  const handleRemove = async () => {
    if (!idea) return;
    try {
      const { deleteIdea: result } = await deleteIdea({ ideaId: idea.id }, (store, data) => {
        if (data?.deleteIdea.__typename !== 'MutationDeleteIdeaSuccess') return;
        for (const id of connections) removeIdeaEdge(store, id, idea.id);
      });
      if (result.__typename === 'MutationDeleteIdeaSuccess') {
        showToast({
          type: 'success',
          title: ideaMessages.removedTitle,
          description: ideaMessages.removedText,
        });
      }
    } catch (error) {
      // Spec: a failed delete is only logged, and the dialog closes anyway.
      console.error('deleteIdea failed', error);
    }
    onClose();
  };

  return (
    <Modal
      isOpen={idea !== null}
      onClose={onClose}
      isLocked={isDeleting}
      title={intl.formatMessage(ideaMessages.removeTitle)}
      description={intl.formatMessage(ideaMessages.removeText, { title: idea?.title ?? '' })}
    >
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={isDeleting}
          autoFocus
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void handleRemove()}
          disabled={isDeleting}
        >
          {intl.formatMessage(ideaMessages.remove)}
        </button>
      </div>
    </Modal>
  );
}
