import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import type { TIdeaEditTarget } from './IdeaCard.tsx';
import { ideaCardFocusTarget, neighbourOfRemoved } from './focus-targets.ts';
import { ideaMessages } from './messages.ts';
import { refreshIdeasLists, removeIdeaEdge } from './live-lists.ts';
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
  // Once removed, its card and the menu that opened this dialog are gone: focus goes to a
  // neighbouring card instead of falling to the page.
  const afterRemoval = useRef<(() => HTMLElement | null) | null>(null);
  // The dialog closes with `idea` already null: remember which idea it was about.
  const shownId = useRef<string | null>(null);
  if (idea) shownId.current = idea.id;

  // Issue 18.7: a failed delete stays in the dialog, said beside the button (the idea is still
  // there), instead of closing as if it had worked.
  const removal = useAction(async () => {
    if (!idea) return;
    afterRemoval.current = neighbourOfRemoved(idea.id);
    const { deleteIdea: result } = await deleteIdea({ ideaId: idea.id }, (store, data) => {
      if (data?.deleteIdea.__typename !== 'MutationDeleteIdeaSuccess') return;
      for (const id of connections) removeIdeaEdge(store, id, idea.id);
    });
    if (result.__typename !== 'MutationDeleteIdeaSuccess') {
      return { descriptor: commonMessages.genericError };
    }
    // At the plan's cap, one idea fewer shows the oldest hidden one again: its row unlocks.
    if (result.data.board?.limits.isIdeaCapReached) refreshIdeasLists();
    showToast({
      type: 'success',
      title: ideaMessages.removedTitle,
      description: ideaMessages.removedText,
    });
    onClose();
  });
  const isBusy = isDeleting || removal.isPending;
  const close = () => {
    removal.clearFailure();
    onClose();
  };

  return (
    <Modal
      isOpen={idea !== null}
      onClose={close}
      isLocked={isBusy}
      focusOnClose={() => {
        const id = shownId.current;
        if (!id) return null;
        const card = document.querySelector(`[data-idea-id="${CSS.escape(id)}"]`);
        // Still listed (kept, or the removal failed): the card's own actions menu.
        if (card) {
          return (
            card.querySelector<HTMLElement>('[aria-haspopup="menu"]') ?? ideaCardFocusTarget(id)
          );
        }
        return afterRemoval.current?.() ?? null;
      }}
      title={intl.formatMessage(ideaMessages.removeTitle)}
      description={intl.formatMessage(ideaMessages.removeText, { title: idea?.title ?? '' })}
    >
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={close}
          disabled={isBusy}
          autoFocus
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton
          className="button button--danger"
          onClick={() => void removal.run()}
          isPending={isBusy}
        >
          {intl.formatMessage(ideaMessages.remove)}
        </PendingButton>
      </div>
      <ActionError failure={removal.failure} />
    </Modal>
  );
}
