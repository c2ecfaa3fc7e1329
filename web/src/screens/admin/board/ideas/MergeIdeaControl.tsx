import { Suspense, lazy, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { MergeIdeaControl_idea$key } from '../../../../../__generated__/MergeIdeaControl_idea.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import { useViewOnlyProps } from '../board-access.tsx';
import { toStatus } from './StatusBadge.tsx';
import { canDecline } from './StatusControl.tsx';
import { useDeclineIdeaMutation } from './useDeclineIdeaMutation.ts';

/** The queue's merge dialog, in a chunk of its own (the board area is at its budget). */
const LazyMergeModal = lazy(() =>
  import('../../queue/MergeModal.tsx').then((module) => ({ default: module.MergeModal })),
);

const messages = defineMessages({
  title: { id: 'mergeIdea.title', defaultMessage: 'Merge into another idea' },
  hint: {
    id: 'mergeIdea.hint',
    defaultMessage:
      'For a duplicate: it is declined as a duplicate of the idea you pick, and its votes move there.',
  },
  open: { id: 'mergeIdea.open', defaultMessage: 'Merge into…' },
  dialogTitle: { id: 'mergeIdea.dialogTitle', defaultMessage: 'Merge “{title}” into another idea' },
  dialogText: {
    id: 'mergeIdea.dialogText',
    defaultMessage:
      'It is declined as a duplicate of the idea you pick, and its votes move there. You can undo the merge from this idea for a while.',
  },
  submit: { id: 'mergeIdea.submit', defaultMessage: 'Merge' },
  mergedTitle: { id: 'mergeIdea.mergedTitle', defaultMessage: 'Ideas merged' },
  mergedText: {
    id: 'mergeIdea.mergedText',
    defaultMessage: 'Its votes are on the idea you picked now.',
  },
});

/**
 * "Merge into…" in the idea window, for an accepted idea (the queue merges ideas awaiting
 * acceptance): the queue's merge dialog over the board's ideas; merging declines the idea as a
 * duplicate of the one picked with its votes (declineIdea, DUPLICATE, mergeVotes). Not for a
 * declined or complete idea, nor for those who may not change statuses.
 */
export function MergeIdeaControl({ idea }: { idea: MergeIdeaControl_idea$key }) {
  const intl = useIntl();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment MergeIdeaControl_idea on Idea {
        id
        title
        status
        canUpdateStatus
        board {
          id
        }
      }
    `,
    idea,
  );
  const [isOpen, setIsOpen] = useState(false);
  const [decline] = useDeclineIdeaMutation();
  const viewOnly = useViewOnlyProps();
  if (!data.canUpdateStatus || data.status === 'NOT_PUBLIC' || !canDecline(toStatus(data.status))) {
    return null;
  }
  const handleMerge = async (intoId: string): Promise<string | null> => {
    const { declineIdea: result } = await decline({
      ideaId: data.id,
      reason: 'DUPLICATE',
      duplicateOfIdeaId: intoId,
      mergeVotes: true,
    });
    if (result.__typename === 'AppError') return result.fields[0]?.message ?? result.message;
    if (result.__typename !== 'MutationDeclineIdeaSuccess') return result.__typename;
    setIsOpen(false);
    showToast({ type: 'success', title: messages.mergedTitle, description: messages.mergedText });
    return null;
  };
  // The dialog is outside the section: on a phone the section is a disclosure, and a change of
  // width (a turned phone) rebuilds it; the dialog and what was picked in it must stay.
  return (
    <>
      <ToolSection titleId={`${id}-title`} title={intl.formatMessage(messages.title)}>
        <p className="field__hint" id={`${id}-hint`}>
          {intl.formatMessage(messages.hint)}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${id}-hint`}
          {...viewOnly}
          onClick={() => setIsOpen(true)}
        >
          {intl.formatMessage(messages.open)}
        </button>
      </ToolSection>
      {isOpen ? (
        <Suspense fallback={null}>
          <LazyMergeModal
            ideaId={data.id}
            ideaTitle={data.title}
            boardId={data.board.id}
            title={intl.formatMessage(messages.dialogTitle, { title: data.title })}
            description={intl.formatMessage(messages.dialogText)}
            submitLabel={intl.formatMessage(messages.submit)}
            onClose={() => setIsOpen(false)}
            onMerge={handleMerge}
          />
        </Suspense>
      ) : null}
    </>
  );
}
