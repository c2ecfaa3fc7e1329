import { Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useRefetchableFragment } from 'react-relay';
import type { MergeModalQuery as TQuery } from '../../../../__generated__/MergeModalQuery.graphql.ts';
import type { MergeModalIdeasQuery } from '../../../../__generated__/MergeModalIdeasQuery.graphql.ts';
import type { MergeModal_board$key } from '../../../../__generated__/MergeModal_board.graphql.ts';
import { commonMessages, validationMessages } from '../../../i18n/common-messages.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { duplicateOptions } from '../board/ideas/decline-rules.ts';
import type { TIdeaRef } from '../board/ideas/decline-rules.ts';
import { IdeaSearchField } from '../board/ideas/IdeaSearchField.tsx';
import { useIdeaSearch } from '../board/ideas/useIdeaSearch.ts';
import { queueMessages as messages } from './messages.ts';

/** Ideas listed in the target select at a time. */
const TARGET_PAGE = 50;

/**
 * Accepts an idea into another idea of its board: a search box (the board area's) over the
 * board's ideas and a select to pick the one it joins. `onMerge` answers a field error to show,
 * or null once done (the dialog closes).
 */
export function MergeModal({
  ideaId,
  ideaTitle,
  boardId,
  onClose,
  onMerge,
  title,
  description,
  submitLabel,
}: {
  ideaId: string;
  ideaTitle: string;
  boardId: string;
  onClose: () => void;
  onMerge: (intoId: string) => Promise<string | null>;
  /** The dialog's title and description, when not the queue's "Accept … into another idea". */
  title?: string;
  description?: string;
  /** The submit button's words, when not the queue's "Accept and merge". */
  submitLabel?: string;
}) {
  const intl = useIntl();
  const [isLocked, setIsLocked] = useState(false);
  return (
    <Modal
      isOpen
      onClose={onClose}
      isLocked={isLocked}
      title={title ?? intl.formatMessage(messages.mergeTitle, { title: ideaTitle })}
      description={description ?? intl.formatMessage(messages.mergeDescription)}
    >
      <Suspense fallback={<Spinner label={intl.formatMessage(commonMessages.loading)} />}>
        <MergeForm
          ideaId={ideaId}
          boardId={boardId}
          onClose={onClose}
          onMerge={onMerge}
          onPending={setIsLocked}
          submitLabel={submitLabel}
        />
      </Suspense>
    </Modal>
  );
}

function MergeForm({
  ideaId,
  boardId,
  onClose,
  onMerge,
  onPending,
  submitLabel,
}: {
  ideaId: string;
  boardId: string;
  onClose: () => void;
  onMerge: (intoId: string) => Promise<string | null>;
  onPending: (isPending: boolean) => void;
  submitLabel?: string;
}) {
  const { board } = useLazyLoadQuery<TQuery>(
    graphql`
      query MergeModalQuery($id: ID!) {
        board(id: $id) {
          ...MergeModal_board
        }
      }
    `,
    { id: boardId },
    { fetchPolicy: 'store-or-network' },
  );
  if (!board) return null;
  return (
    <MergeFields
      board={board}
      ideaId={ideaId}
      onClose={onClose}
      onMerge={onMerge}
      onPending={onPending}
      submitLabel={submitLabel}
    />
  );
}

function MergeFields({
  board,
  ideaId,
  onClose,
  onMerge,
  onPending,
  submitLabel,
}: {
  board: MergeModal_board$key;
  ideaId: string;
  onClose: () => void;
  onMerge: (intoId: string) => Promise<string | null>;
  onPending: (isPending: boolean) => void;
  submitLabel?: string;
}) {
  const intl = useIntl();
  const [data, refetch] = useRefetchableFragment<MergeModalIdeasQuery, MergeModal_board$key>(
    // The titles label the options (duplicateOptions).
    graphql`
      fragment MergeModal_board on Board
      @refetchable(queryName: "MergeModalIdeasQuery")
      @argumentDefinitions(search: { type: "String", defaultValue: null }) {
        ideas(first: 50, sort: VOTES, search: $search) {
          edges {
            node {
              id
              title
              status
            }
          }
        }
      }
    `,
    board,
  );
  const { search, setSearch, isSearching } = useIdeaSearch(refetch);
  const [picked, setPicked] = useState<TIdeaRef | null>(null);
  // An idea awaiting acceptance (or rejected) is never a merge target: the server refuses it.
  const listed = data.ideas.edges
    .map((edge) => edge.node)
    .filter((idea) => idea.status !== 'NOT_PUBLIC');
  const ideas =
    picked && !listed.some((idea) => idea.id === picked.id) ? [...listed, picked] : listed;
  const options = duplicateOptions(ideas, ideaId);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const selectId = useId();
  const error =
    isSubmitted && !picked ? intl.formatMessage(validationMessages.required) : serverError;

  const submit = useAction(async () => {
    if (!picked) return null;
    onPending(true);
    try {
      const answer = await onMerge(picked.id);
      if (answer !== null) setServerError(intl.formatMessage(messages.mergeNotFound));
    } finally {
      onPending(false);
    }
    return null;
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setIsSubmitted(true);
        if (picked) void submit.run();
      }}
    >
      <IdeaSearchField
        label={intl.formatMessage(messages.mergeSearch)}
        hint={intl.formatMessage(messages.mergeSearchHint)}
        value={search}
        isBusy={isSearching}
        onChange={setSearch}
        // Opened with m, typing goes on into the search (as r's dialog takes the reason).
        isFirstFocus
      />
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label field__label--required" htmlFor={selectId}>
          {intl.formatMessage(messages.mergeInto)}
        </label>
        <select
          id={selectId}
          name="duplicateOfIdeaId"
          className="field__input field__select"
          value={picked?.id ?? ''}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(event) => {
            const id = event.target.value;
            setPicked(ideas.find((idea) => idea.id === id) ?? null);
            setServerError(null);
          }}
        >
          <option value="">{intl.formatMessage(messages.mergePick)}</option>
          {options.slice(0, TARGET_PAGE).map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field__error" id={`${selectId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={submit.isPending}
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton
          type="submit"
          isPending={submit.isPending}
          pendingLabel={intl.formatMessage(messages.merging)}
        >
          {submitLabel ?? intl.formatMessage(messages.mergeSubmit)}
        </PendingButton>
      </div>
      <ActionError failure={submit.failure} />
    </form>
  );
}
