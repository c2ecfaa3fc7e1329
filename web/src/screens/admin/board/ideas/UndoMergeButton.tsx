import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { UndoMergeButton_idea$key } from '../../../../../__generated__/UndoMergeButton_idea.graphql.ts';
import type { UndoMergeButtonMutation } from '../../../../../__generated__/UndoMergeButtonMutation.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';

const messages = defineMessages({
  undo: { id: 'undoMerge.button', defaultMessage: 'Undo merge' },
  undoing: { id: 'undoMerge.undoing', defaultMessage: 'Undoing…' },
  until: {
    id: 'undoMerge.until',
    defaultMessage: 'The votes go back to both ideas as they were. Possible until {date}.',
  },
});

/** "Undo merge" for the team while a merge of this declined duplicate can be undone. */
export function UndoMergeButton({ idea }: { idea: UndoMergeButton_idea$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment UndoMergeButton_idea on Idea {
        id
        mergeUndoableUntil
      }
    `,
    idea,
  );
  const [commit] = usePromiseMutation<UndoMergeButtonMutation>(graphql`
    mutation UndoMergeButtonMutation($ideaId: ID!) {
      undoMerge(ideaId: $ideaId) {
        __typename
        ... on MutationUndoMergeSuccess {
          data {
            idea {
              id
              status
              customStatus {
                id
                nameEn
                namePl
                ...CustomStatusBadge_status
              }
              voteCount
              mergeUndoableUntil
              ...DeclineDetails_idea
              ...IdeaActivityList_idea
              ...TeamVotes_idea
            }
            keptIdea {
              id
              voteCount
              ...TeamVotes_idea
            }
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const viewOnly = useViewOnlyProps();
  const undo = useAction(async () => {
    const { undoMerge: result } = await commit({ ideaId: data.id });
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    return null;
  });
  if (!data.mergeUndoableUntil) return null;
  return (
    <div className="undo-merge">
      <p className="field__hint">
        {intl.formatMessage(messages.until, {
          date: intl.formatDate(data.mergeUndoableUntil, { dateStyle: 'medium' }),
        })}
      </p>
      <ActionError failure={undo.failure} />
      <PendingButton
        type="button"
        onClick={() => void undo.run()}
        isDisabled={viewOnly.disabled}
        isPending={undo.isPending}
        pendingLabel={intl.formatMessage(messages.undoing)}
      >
        {intl.formatMessage(messages.undo)}
      </PendingButton>
    </div>
  );
}
