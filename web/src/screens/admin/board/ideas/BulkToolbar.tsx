import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { BulkToolbar_board$key } from '../../../../../__generated__/BulkToolbar_board.graphql.ts';
import type { BulkToolbar_query$key } from '../../../../../__generated__/BulkToolbar_query.graphql.ts';
import type { IdeaStatus as TIdeaStatus } from '../../../../../__generated__/useBulkIdeaMutationsSetStatusMutation.graphql.ts';
import { tagsMessages } from '../tags/messages.ts';
import { useStatusName } from '../statuses/CustomStatusBadge.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import type { TActionFailure } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { statusMessages } from './messages.ts';
import {
  useBulkAddTagMutation,
  useBulkMoveMutation,
  useBulkRemoveTagMutation,
  useBulkSetStatusMutation,
} from './useBulkIdeaMutations.ts';

const messages = defineMessages({
  toolbar: { id: 'bulk.toolbar', defaultMessage: 'Bulk actions' },
  status: { id: 'bulk.status', defaultMessage: 'New status' },
  statusPick: { id: 'bulk.statusPick', defaultMessage: 'Pick a status' },
  setStatus: { id: 'bulk.setStatus', defaultMessage: 'Set status' },
  tag: { id: 'bulk.tag', defaultMessage: 'Tag' },
  tagPick: { id: 'bulk.tagPick', defaultMessage: 'Pick a tag' },
  addTag: { id: 'bulk.addTag', defaultMessage: 'Add tag' },
  removeTag: { id: 'bulk.removeTag', defaultMessage: 'Remove tag' },
  board: { id: 'bulk.board', defaultMessage: 'Board' },
  boardPick: { id: 'bulk.boardPick', defaultMessage: 'Pick a board' },
  move: { id: 'bulk.move', defaultMessage: 'Move ideas' },
  clear: { id: 'bulk.clear', defaultMessage: 'Clear selection' },
  working: { id: 'bulk.working', defaultMessage: 'Working…' },
  needStatus: { id: 'bulk.needStatus', defaultMessage: 'Pick the status to set first.' },
  needTag: { id: 'bulk.needTag', defaultMessage: 'Pick the tag first.' },
  needBoard: { id: 'bulk.needBoard', defaultMessage: 'Pick the board to move them to first.' },
  ideaRefused: { id: 'bulk.ideaRefused', defaultMessage: '“{title}”: {message}' },
  updated: {
    id: 'bulk.updated',
    defaultMessage:
      '{count, plural, one {# idea updated} other {# ideas updated}}; nothing else changed.',
  },
  moved: {
    id: 'bulk.moved',
    defaultMessage: '{count, plural, one {# idea moved} other {# ideas moved}} to {board}.',
  },
});

const KINDS = ['NOT_PUBLIC', 'OPEN', 'REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;

/** A selected idea as the toolbar names it in a refusal. */
export type TBulkIdea = { id: string; title: string };

type TAppError = {
  readonly __typename: 'AppError';
  readonly message: string;
  readonly fields: readonly { readonly field: string; readonly message: string }[];
};

/**
 * The bulk actions over the ideas selected in the list: set a status (a kind or one of the
 * board's custom statuses), add or remove a tag, move to another board. Each is one request,
 * all or nothing; a refusal names the idea that caused it. Loaded with the first selection.
 */
export function BulkToolbar({
  board,
  query,
  ideas,
  onDone,
  onClear,
}: {
  board: BulkToolbar_board$key;
  query: BulkToolbar_query$key;
  ideas: readonly TBulkIdea[];
  /** The action went through: what to announce; the list clears its selection and rereads. */
  onDone: (announcement: string) => void;
  onClear: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const viewOnly = useViewOnlyProps();
  const statusName = useStatusName();
  const data = useFragment(
    graphql`
      fragment BulkToolbar_board on Board {
        id
        statuses {
          id
          kind
          nameEn
          namePl
        }
        tags {
          id
          name
          isPrivate
        }
      }
    `,
    board,
  );
  const { boards } = useFragment(
    graphql`
      fragment BulkToolbar_query on Query {
        boards {
          id
          name
          active
        }
      }
    `,
    query,
  );
  const [status, setStatus] = useState('');
  const [tagId, setTagId] = useState('');
  const [boardId, setBoardId] = useState('');
  const [lastAction, setLastAction] = useState<'status' | 'tag' | 'move'>('status');
  const [setIdeasStatus] = useBulkSetStatusMutation();
  const [addTag] = useBulkAddTagMutation();
  const [removeTag] = useBulkRemoveTagMutation();
  const [moveIdeas] = useBulkMoveMutation();
  const ideaIds = ideas.map((idea) => idea.id);
  const otherBoards = boards.filter((option) => option.id !== data.id && option.active);

  /** A refusal as the user reads it: the idea it names (`ideaIds.N`) and why. */
  const refusal = (error: TAppError): TActionFailure => {
    const field = error.fields[0];
    const index = field?.field.startsWith('ideaIds.') ? Number(field.field.slice(8)) : NaN;
    const idea = Number.isInteger(index) ? ideas[index] : undefined;
    const message = field?.message ?? error.message;
    return idea
      ? { descriptor: messages.ideaRefused, values: { title: idea.title, message } }
      : { text: message };
  };
  const updated = (outcomes: readonly { readonly isChanged: boolean }[]) =>
    intl.formatMessage(messages.updated, {
      count: outcomes.filter((outcome) => outcome.isChanged).length,
    });

  const applyStatus = useAction(async () => {
    if (!status) return { descriptor: messages.needStatus };
    const [kind, customStatusId] = status.split(' ');
    const { bulkSetIdeaStatus: result } = await setIdeasStatus({
      ideaIds,
      status: kind as TIdeaStatus,
      customStatusId: customStatusId ?? null,
    });
    if (result.__typename === 'AppError') return refusal(result);
    if (result.__typename !== 'MutationBulkSetIdeaStatusSuccess') return null;
    onDone(updated(result.data.outcomes));
    return null;
  });
  const applyTag = useAction(async (isAdding: boolean) => {
    if (!tagId) return { descriptor: messages.needTag };
    if (isAdding) {
      const { bulkAddIdeaTag: result } = await addTag({ ideaIds, tagId });
      if (result.__typename === 'AppError') return refusal(result);
      if (result.__typename !== 'MutationBulkAddIdeaTagSuccess') return null;
      onDone(updated(result.data.outcomes));
      return null;
    }
    const { bulkRemoveIdeaTag: result } = await removeTag({ ideaIds, tagId });
    if (result.__typename === 'AppError') return refusal(result);
    if (result.__typename !== 'MutationBulkRemoveIdeaTagSuccess') return null;
    onDone(updated(result.data.outcomes));
    return null;
  });
  const applyMove = useAction(async () => {
    const target = otherBoards.find((option) => option.id === boardId);
    if (!target) return { descriptor: messages.needBoard };
    const { bulkMoveIdeas: result } = await moveIdeas({ ideaIds, boardId });
    if (result.__typename === 'AppError') return refusal(result);
    if (result.__typename !== 'MutationBulkMoveIdeasSuccess') return null;
    const count = result.data.outcomes.filter((outcome) => outcome.idea.board.id === boardId);
    onDone(intl.formatMessage(messages.moved, { count: count.length, board: target.name }));
    return null;
  });
  // The failure of the action tried last (an older one's would no longer be news).
  const failure = { status: applyStatus, tag: applyTag, move: applyMove }[lastAction].failure;
  const isPending = applyStatus.isPending || applyTag.isPending || applyMove.isPending;
  const working = intl.formatMessage(messages.working);

  return (
    <section
      className="bulk-toolbar"
      aria-label={intl.formatMessage(messages.toolbar)}
      data-testid="bulk-toolbar"
    >
      <div className="bulk-toolbar__group">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            {intl.formatMessage(messages.status)}
          </label>
          <select
            id={`${id}-status`}
            className="field__input field__select"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">{intl.formatMessage(messages.statusPick)}</option>
            {KINDS.map((kind) => {
              const customs = data.statuses.filter((custom) => custom.kind === kind);
              const kindName = intl.formatMessage(statusMessages[kind]);
              if (customs.length === 0) {
                return (
                  <option key={kind} value={kind}>
                    {kindName}
                  </option>
                );
              }
              return (
                <optgroup key={kind} label={kindName}>
                  <option value={kind}>{kindName}</option>
                  {customs.map((custom) => (
                    <option key={custom.id} value={`${kind} ${custom.id}`}>
                      {statusName(custom.nameEn, custom.namePl)}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
        <PendingButton
          className="button button--secondary"
          isPending={applyStatus.isPending}
          isDisabled={viewOnly.disabled}
          pendingLabel={working}
          onClick={() => {
            setLastAction('status');
            void applyStatus.run();
          }}
        >
          {intl.formatMessage(messages.setStatus)}
        </PendingButton>
      </div>
      {data.tags.length > 0 ? (
        <div className="bulk-toolbar__group">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-tag`}>
              {intl.formatMessage(messages.tag)}
            </label>
            <select
              id={`${id}-tag`}
              className="field__input field__select"
              value={tagId}
              onChange={(event) => setTagId(event.target.value)}
            >
              <option value="">{intl.formatMessage(messages.tagPick)}</option>
              {data.tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.isPrivate
                    ? intl.formatMessage(tagsMessages.privateName, { name: tag.name })
                    : tag.name}
                </option>
              ))}
            </select>
          </div>
          <PendingButton
            className="button button--secondary"
            isPending={applyTag.isPending}
            isDisabled={viewOnly.disabled}
            pendingLabel={working}
            onClick={() => {
              setLastAction('tag');
              void applyTag.run(true);
            }}
          >
            {intl.formatMessage(messages.addTag)}
          </PendingButton>
          <PendingButton
            className="button button--secondary"
            isPending={false}
            isDisabled={viewOnly.disabled || isPending}
            onClick={() => {
              setLastAction('tag');
              void applyTag.run(false);
            }}
          >
            {intl.formatMessage(messages.removeTag)}
          </PendingButton>
        </div>
      ) : null}
      {otherBoards.length > 0 ? (
        <div className="bulk-toolbar__group">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-board`}>
              {intl.formatMessage(messages.board)}
            </label>
            <select
              id={`${id}-board`}
              className="field__input field__select"
              value={boardId}
              onChange={(event) => setBoardId(event.target.value)}
            >
              <option value="">{intl.formatMessage(messages.boardPick)}</option>
              {otherBoards.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <PendingButton
            className="button button--secondary"
            isPending={applyMove.isPending}
            isDisabled={viewOnly.disabled}
            pendingLabel={working}
            onClick={() => {
              setLastAction('move');
              void applyMove.run();
            }}
          >
            {intl.formatMessage(messages.move)}
          </PendingButton>
        </div>
      ) : null}
      <button type="button" className="button button--ghost" onClick={onClear}>
        {intl.formatMessage(messages.clear)}
      </button>
      <ActionError failure={failure} className="bulk-toolbar__error" />
    </section>
  );
}
