import { Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useRefetchableFragment } from 'react-relay';
import type { AssignIdeasModal_board$key } from '../../../../../__generated__/AssignIdeasModal_board.graphql.ts';
import type { AssignIdeasModalQuery } from '../../../../../__generated__/AssignIdeasModalQuery.graphql.ts';
import type { AssignIdeasModalIdeasQuery } from '../../../../../__generated__/AssignIdeasModalIdeasQuery.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { IdeaSearchField } from '../ideas/IdeaSearchField.tsx';
import { StatusBadge } from '../ideas/StatusBadge.tsx';
import { CustomStatusBadge } from '../statuses/CustomStatusBadge.tsx';
import type { CustomStatusBadge_status$key } from '../../../../../__generated__/CustomStatusBadge_status.graphql.ts';
import { useIdeaSearch } from '../ideas/useIdeaSearch.ts';
import { assignableIdeas, releaseMessages as messages } from './messages.ts';
import { useAddReleaseIdeasMutation } from './useAddReleaseIdeasMutation.ts';

/** Ideas listed at a time (the fragment's `first`); a search finds the others. */
const ASSIGN_PAGE = 100;

type TAssignable = {
  id: string;
  title: string;
  status: string;
  customStatus?: CustomStatusBadge_status$key | null;
};

/**
 * Picks ideas of the board as parts of a release. The board's ideas are read when the dialog
 * opens, not with the releases page: every visit of the page read 100 ideas for a dialog
 * rarely opened, and spent the account's query budget on them (429s during ordinary clicking,
 * eighth first-hour walk).
 */
export function AssignIdeasModal({
  isOpen,
  onClose,
  releaseName,
  ...picker
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseId: string;
  releaseName: string;
  partIdeaIds: readonly (string | null)[];
  boardId: string;
}) {
  const intl = useIntl();
  const [isLocked, setIsLocked] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      isLocked={isLocked}
      title={intl.formatMessage(messages.assignTitle, { name: releaseName })}
      description={intl.formatMessage(messages.assignIntro)}
    >
      {isOpen ? (
        <Suspense fallback={<p className="muted">{intl.formatMessage(commonMessages.loading)}</p>}>
          <AssignIdeasForm {...picker} onClose={onClose} onSaving={setIsLocked} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

function AssignIdeasForm({
  onClose,
  onSaving,
  releaseId,
  partIdeaIds,
  boardId,
}: {
  onClose: () => void;
  onSaving: (isSaving: boolean) => void;
  releaseId: string;
  partIdeaIds: readonly (string | null)[];
  boardId: string;
}) {
  const intl = useIntl();
  const { board } = useLazyLoadQuery<AssignIdeasModalQuery>(
    graphql`
      query AssignIdeasModalQuery($id: ID!) {
        board(id: $id) {
          ...AssignIdeasModal_board
        }
      }
    `,
    { id: boardId },
    { fetchPolicy: 'store-and-network' },
  );
  const [data, refetch] = useRefetchableFragment<
    AssignIdeasModalIdeasQuery,
    AssignIdeasModal_board$key
  >(
    graphql`
      fragment AssignIdeasModal_board on Board
      @refetchable(queryName: "AssignIdeasModalIdeasQuery")
      @argumentDefinitions(search: { type: "String", defaultValue: null }) {
        assignable: ideas(first: 100, sort: STATUS, search: $search) {
          edges {
            node {
              id
              title
              status
              rejectedAt
              customStatus {
                ...CustomStatusBadge_status
              }
            }
          }
        }
      }
    `,
    board as AssignIdeasModal_board$key,
  );
  const { search, setSearch, isSearching, reset: resetSearch } = useIdeaSearch(refetch);
  // Picked ideas stay listed (and picked) while a new search lists others.
  const [picked, setPicked] = useState<TAssignable[]>([]);
  const [addIdeas] = useAddReleaseIdeasMutation();
  // A rejected idea is its author's and the team's alone: a release would publish its title.
  const listed = data.assignable.edges.map((edge) => edge.node).filter((idea) => !idea.rejectedAt);
  const ideas = assignableIdeas(
    [...listed, ...picked.filter((idea) => !listed.some((other) => other.id === idea.id))],
    partIdeaIds,
  );
  const pickedIds = picked.map((idea) => idea.id);

  const handleClose = () => {
    assign.clearFailure();
    setPicked([]);
    resetSearch();
    onClose();
  };
  const toggle = (idea: TAssignable) =>
    setPicked((current) =>
      current.some((other) => other.id === idea.id)
        ? current.filter((other) => other.id !== idea.id)
        : [...current, idea],
    );

  const assign = useAction(async () => {
    const { addReleaseIdeas: result } = await addIdeas({ releaseId, ideaIds: pickedIds });
    if (result.__typename === 'MutationAddReleaseIdeasSuccess') {
      handleClose();
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const isSaving = assign.isPending;
  useEffect(() => onSaving(isSaving), [onSaving, isSaving]);
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return;
    void assign.run();
  };

  return (
    <form className="form" onSubmit={(event) => void handleSubmit(event)}>
      <IdeaSearchField
        label={intl.formatMessage(messages.assignSearch)}
        hint={
          listed.length >= ASSIGN_PAGE
            ? intl.formatMessage(messages.assignMore, { count: ASSIGN_PAGE })
            : intl.formatMessage(messages.assignSearchHint)
        }
        value={search}
        isBusy={isSearching}
        onChange={setSearch}
      />
      {ideas.length === 0 ? (
        <p className="muted">
          {intl.formatMessage(search.trim() ? messages.assignNoMatch : messages.assignEmpty)}
        </p>
      ) : (
        <ul className="assign-list">
          {ideas.map((idea) => (
            <li key={idea.id}>
              <label className="checkbox assign-list__item">
                <input
                  type="checkbox"
                  checked={pickedIds.includes(idea.id)}
                  onChange={() => toggle(idea)}
                />
                <span className="assign-list__text">
                  {idea.title}
                  {/* The board's own name for the status where it has one (issue 34, #34). */}
                  {idea.customStatus ? (
                    <CustomStatusBadge status={idea.customStatus} />
                  ) : (
                    <StatusBadge status={idea.status} />
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <ActionError failure={assign.failure} />
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={handleClose}
          disabled={isSaving}
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton type="submit" isPending={isSaving} isDisabled={picked.length === 0}>
          {intl.formatMessage(messages.assignSubmit, { count: picked.length })}
        </PendingButton>
      </div>
    </form>
  );
}
