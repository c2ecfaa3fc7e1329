import { useId, useState } from 'react';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { MoveIdeaControl_idea$key } from '../../../../../__generated__/MoveIdeaControl_idea.graphql.ts';
import type { MoveIdeaControl_query$key } from '../../../../../__generated__/MoveIdeaControl_query.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { liveIdeasLists, removeIdeaEdge } from './live-lists.ts';
import { useMoveIdeaMutation } from './useMoveIdeaMutation.ts';

const messages = defineMessages({
  title: { id: 'moveIdea.title', defaultMessage: 'Move to another board' },
  board: { id: 'moveIdea.board', defaultMessage: 'Board' },
  pick: { id: 'moveIdea.pick', defaultMessage: 'Pick a board' },
  submit: { id: 'moveIdea.submit', defaultMessage: 'Move idea' },
  moving: { id: 'moveIdea.moving', defaultMessage: 'Moving…' },
  hint: {
    id: 'moveIdea.hint',
    defaultMessage: 'Its votes, comments, notes and followers go with it.',
  },
  required: { id: 'moveIdea.required', defaultMessage: 'Pick the board to move it to.' },
  movedTitle: { id: 'moveIdea.movedTitle', defaultMessage: 'Idea moved' },
  movedText: {
    id: 'moveIdea.movedText',
    defaultMessage: 'It is on the other board now, with its votes, comments and followers.',
  },
});

/**
 * The team's "move to another board" action in the idea dialog: a board picker (the company's
 * other boards) and a button. A moved idea leaves this board's lists and the dialog closes.
 */
export function MoveIdeaControl({
  idea,
  query,
  onMoved,
}: {
  idea: MoveIdeaControl_idea$key;
  query: MoveIdeaControl_query$key;
  onMoved: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment MoveIdeaControl_idea on Idea {
        id
        canUpdateStatus
        board {
          id
        }
      }
    `,
    idea,
  );
  const { boards } = useFragment(
    graphql`
      fragment MoveIdeaControl_query on Query {
        boards {
          id
          name
          active
        }
      }
    `,
    query,
  );
  const [boardId, setBoardId] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const [moveIdea] = useMoveIdeaMutation();
  const viewOnly = useViewOnlyProps();
  const others = boards.filter((board) => board.id !== data.board.id && board.active);

  const move = useAction(async () => {
    const { moveIdea: result } = await moveIdea({ ideaId: data.id, boardId }, (store, answer) => {
      if (answer?.moveIdea.__typename !== 'MutationMoveIdeaSuccess') return;
      for (const list of liveIdeasLists()) removeIdeaEdge(store, list.connectionId, data.id);
    });
    if (result.__typename === 'AppError') {
      return { text: result.fields[0]?.message ?? result.message };
    }
    if (result.__typename !== 'MutationMoveIdeaSuccess') return null;
    showToast({ type: 'success', title: messages.movedTitle, description: messages.movedText });
    onMoved();
    return null;
  });
  if (!data.canUpdateStatus || others.length === 0) return null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsMissing(boardId === '');
    if (boardId !== '') void move.run();
  };
  const errorId = `${id}-error`;
  return (
    <ToolSection
      titleId={`${id}-title`}
      title={intl.formatMessage(messages.title)}
      className="idea-move"
    >
      <form className="form idea-move__form" onSubmit={handleSubmit} noValidate>
        <div className={`field${isMissing ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            {intl.formatMessage(messages.board)}
          </label>
          <select
            id={id}
            name="boardId"
            className="field__input field__select"
            value={boardId}
            disabled={viewOnly.disabled}
            aria-invalid={isMissing ? true : undefined}
            aria-describedby={isMissing ? errorId : `${id}-hint`}
            onChange={(event) => {
              setBoardId(event.target.value);
              setIsMissing(false);
            }}
          >
            <option value="">{intl.formatMessage(messages.pick)}</option>
            {others.map((board) => (
              <option key={board.id} value={board.id}>
                {board.name}
              </option>
            ))}
          </select>
          {isMissing ? (
            <p className="field__error" id={errorId}>
              {intl.formatMessage(messages.required)}
            </p>
          ) : (
            <p className="field__hint" id={`${id}-hint`}>
              {intl.formatMessage(messages.hint)}
            </p>
          )}
        </div>
        <ActionError failure={move.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            isDisabled={viewOnly.disabled}
            isPending={move.isPending}
            pendingLabel={intl.formatMessage(messages.moving)}
          >
            {intl.formatMessage(messages.submit)}
          </PendingButton>
        </div>
      </form>
    </ToolSection>
  );
}
