import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { DeclineModal_board$key } from '../../../../../__generated__/DeclineModal_board.graphql.ts';
import type { DeclineModalIdeasQuery } from '../../../../../__generated__/DeclineModalIdeasQuery.graphql.ts';
import { commonMessages, validationMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import type { TActionFailure } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { useStatusName } from '../statuses/CustomStatusBadge.tsx';
import {
  DECLINE_REASONS,
  declineVariables,
  duplicateLabel,
  duplicateOptions,
  INITIAL_DECLINE_VALUES,
  pickedStatusId,
  needsDuplicate,
  validateDecline,
} from './decline-rules.ts';
import type { TDeclineErrors, TDeclineReason, TDeclineValues, TIdeaRef } from './decline-rules.ts';
import { declineReasonMessages, statusMessages } from './messages.ts';
import { useDeclineIdeaMutation } from './useDeclineIdeaMutation.ts';
import { useIdeaSearch } from './useIdeaSearch.ts';
import { IdeaSearchField } from './IdeaSearchField.tsx';

const messages = defineMessages({
  title: { id: 'decline.title', defaultMessage: 'Decline “{title}”' },
  description: {
    id: 'decline.description',
    defaultMessage:
      'Tell the voters why. A declined idea keeps its comments but leaves the roadmap.',
  },
  reason: { id: 'decline.reason.label', defaultMessage: 'Reason' },
  pickReason: { id: 'decline.reason.placeholder', defaultMessage: 'Choose a reason' },
  duplicate: { id: 'decline.duplicate.label', defaultMessage: 'Duplicate of' },
  pickDuplicate: {
    id: 'decline.duplicate.placeholder',
    defaultMessage: 'Choose the original idea',
  },
  notFound: { id: 'decline.duplicate.notFound', defaultMessage: 'Idea not found' },
  search: { id: 'decline.duplicate.search', defaultMessage: 'Find the original idea' },
  searchHint: {
    id: 'decline.duplicate.searchHint',
    defaultMessage: 'Words from its title or description',
  },
  more: {
    id: 'decline.duplicate.more',
    defaultMessage: 'The first {count} ideas are listed: type to find others.',
  },
  mergeVotes: {
    id: 'decline.mergeVotes',
    defaultMessage: 'Move the votes to the original idea (a user who voted for both counts once)',
  },
  status: { id: 'decline.status.label', defaultMessage: 'Status shown' },
  statusHint: {
    id: 'decline.status.hint',
    defaultMessage: 'Which of the board’s declined statuses the idea shows.',
  },
  statusNotFound: {
    id: 'decline.status.notFound',
    defaultMessage: 'This status is no longer one of the board’s: choose another.',
  },
  comment: { id: 'decline.comment.label', defaultMessage: 'Comment (optional)' },
  submit: { id: 'decline.submit', defaultMessage: 'Decline idea' },
  submitting: { id: 'decline.submitting', defaultMessage: 'Declining…' },
});

/** Ideas listed in the duplicate select at a time (the fragment's `first`). */
const DUPLICATE_PAGE = 100;

/**
 * Declines an idea: a reason, the original idea for DUPLICATE (with merged votes by default),
 * the declined status it shows when the board has its own (the first by default), an optional
 * comment.
 */
export function DeclineModal({
  isOpen,
  onClose,
  ideaId,
  ideaTitle,
  board,
  focusOnClose,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (the status control it was opened from). */
  focusOnClose?: () => HTMLElement | null | undefined;
  ideaId: string;
  ideaTitle: string;
  board: DeclineModal_board$key;
}) {
  const intl = useIntl();
  const [data, refetch] = useRefetchableFragment<DeclineModalIdeasQuery, DeclineModal_board$key>(
    graphql`
      fragment DeclineModal_board on Board
      @refetchable(queryName: "DeclineModalIdeasQuery")
      @argumentDefinitions(search: { type: "String", defaultValue: null }) {
        statuses {
          id
          kind
          nameEn
          namePl
        }
        ideas(first: 100, sort: DATE_ASC, search: $search) {
          edges {
            node {
              id
              title
            }
          }
        }
      }
    `,
    board,
  );
  const { search, setSearch, isSearching, reset: resetSearch } = useIdeaSearch(refetch);
  // The picked idea stays a choice while a new search lists others.
  const [picked, setPicked] = useState<TIdeaRef | null>(null);
  const listed = data.ideas.edges.map((edge) => edge.node);
  const ideas =
    picked && !listed.some((idea) => idea.id === picked.id) ? [...listed, picked] : listed;

  const nameOf = useStatusName();
  // The board's statuses a decline may show, in the board's order.
  const statuses = data.statuses.filter((status) => status.kind === 'DECLINED');
  const [declineIdea, isDeclining] = useDeclineIdeaMutation();
  const [values, setValues] = useState<TDeclineValues>(INITIAL_DECLINE_VALUES);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [errors, setErrors] = useState<TDeclineErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // A failure the form's fields cannot carry: said beside the submit button, in the dialog.
  const [failure, setFailure] = useState<TActionFailure | null>(null);
  // Enter pressed twice submits twice before the button re-renders disabled: one decline only.
  const isSending = useRef(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const reasonId = useId();
  const duplicateId = useId();
  const commentId = useId();
  const statusId = useId();

  const options = duplicateOptions(ideas, ideaId);
  const isPickedKnown =
    !values.duplicateOfIdeaId || duplicateLabel(ideas, values.duplicateOfIdeaId) !== null;

  const change = (patch: Partial<TDeclineValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setServerError(null);
    setStatusError(null);
    setFailure(null);
    if (isSubmitted) setErrors(validateDecline(next));
  };

  const handleClose = () => {
    setValues(INITIAL_DECLINE_VALUES);
    setStatusError(null);
    resetSearch();
    setPicked(null);
    setErrors({});
    setServerError(null);
    setFailure(null);
    setIsSubmitted(false);
    onClose();
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validateDecline(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (isSending.current) return;
    isSending.current = true;
    setFailure(null);
    try {
      const { declineIdea: result } = await declineIdea(declineVariables(ideaId, values, statuses));
      if (result.__typename === 'MutationDeclineIdeaSuccess') {
        handleClose();
        return;
      }
      if (result.__typename === 'AppError') {
        if (result.fields.some((f) => f.field === 'customStatusId')) {
          setStatusError(intl.formatMessage(messages.statusNotFound));
          return;
        }
        const field = result.fields.find((f) => f.field === 'duplicateOfIdeaId');
        if (field || result.code === 'NOT_FOUND') {
          setServerError(intl.formatMessage(messages.notFound));
          return;
        }
      }
    } catch (error) {
      console.error('declineIdea failed', error);
    } finally {
      isSending.current = false;
    }
    setFailure({ descriptor: commonMessages.genericError });
  };

  const required = intl.formatMessage(validationMessages.required);
  const duplicateError =
    errors.duplicateOfIdeaId === 'required'
      ? required
      : !isPickedKnown
        ? intl.formatMessage(messages.notFound)
        : serverError;

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isDeclining}
      focusOnClose={focusOnClose}
      title={intl.formatMessage(messages.title, { title: ideaTitle })}
      description={intl.formatMessage(messages.description)}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className={`field${errors.reason ? ' field--invalid' : ''}`}>
          <label className="field__label field__label--required" htmlFor={reasonId}>
            {intl.formatMessage(messages.reason)}
          </label>
          <select
            id={reasonId}
            name="reason"
            className="field__input field__select"
            value={values.reason}
            required
            autoFocus
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            onChange={(event) => change({ reason: event.target.value as TDeclineReason })}
          >
            <option value="">{intl.formatMessage(messages.pickReason)}</option>
            {DECLINE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {intl.formatMessage(declineReasonMessages[reason])}
              </option>
            ))}
          </select>
          {errors.reason ? (
            <p className="field__error" id={`${reasonId}-error`}>
              {required}
            </p>
          ) : null}
        </div>
        {needsDuplicate(values.reason) ? (
          <>
            <IdeaSearchField
              label={intl.formatMessage(messages.search)}
              hint={
                listed.length >= DUPLICATE_PAGE
                  ? intl.formatMessage(messages.more, { count: DUPLICATE_PAGE })
                  : intl.formatMessage(messages.searchHint)
              }
              value={search}
              isBusy={isSearching}
              onChange={setSearch}
            />
            <div className={`field${duplicateError ? ' field--invalid' : ''}`}>
              <label className="field__label field__label--required" htmlFor={duplicateId}>
                {intl.formatMessage(messages.duplicate)}
              </label>
              <select
                id={duplicateId}
                name="duplicateOfIdeaId"
                className="field__input field__select"
                value={values.duplicateOfIdeaId}
                required
                aria-invalid={duplicateError ? true : undefined}
                aria-describedby={duplicateError ? `${duplicateId}-error` : undefined}
                onChange={(event) => {
                  const id = event.target.value;
                  setPicked(ideas.find((idea) => idea.id === id) ?? null);
                  change({ duplicateOfIdeaId: id });
                }}
              >
                <option value="">{intl.formatMessage(messages.pickDuplicate)}</option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
              {duplicateError ? (
                <p className="field__error" id={`${duplicateId}-error`}>
                  {duplicateError}
                </p>
              ) : null}
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                name="mergeVotes"
                checked={values.mergeVotes}
                onChange={(event) => change({ mergeVotes: event.target.checked })}
              />
              <span>{intl.formatMessage(messages.mergeVotes)}</span>
            </label>
          </>
        ) : null}
        {statuses.length > 0 ? (
          <div className={`field${statusError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={statusId}>
              {intl.formatMessage(messages.status)}
            </label>
            <select
              id={statusId}
              name="customStatusId"
              className="field__input field__select"
              value={pickedStatusId(values.customStatusId, statuses)}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={statusError ? `${statusId}-error` : `${statusId}-hint`}
              onChange={(event) => change({ customStatusId: event.target.value })}
            >
              {statuses.map((status) => (
                <option key={status.id} value={status.id}>
                  {nameOf(status.nameEn, status.namePl)}
                </option>
              ))}
              <option value="">{intl.formatMessage(statusMessages.DECLINED)}</option>
            </select>
            {statusError ? (
              <p className="field__error" id={`${statusId}-error`}>
                {statusError}
              </p>
            ) : (
              <p className="field__hint" id={`${statusId}-hint`}>
                {intl.formatMessage(messages.statusHint)}
              </p>
            )}
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={commentId}>
            {intl.formatMessage(messages.comment)}
          </label>
          <textarea
            id={commentId}
            name="comment"
            className="field__input field__textarea"
            rows={3}
            value={values.comment}
            onChange={(event) => change({ comment: event.target.value })}
          />
        </div>
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isDeclining}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            type="submit"
            className="button button--danger"
            isPending={isDeclining}
            pendingLabel={intl.formatMessage(messages.submitting)}
          >
            {intl.formatMessage(messages.submit)}
          </PendingButton>
        </div>
        <ActionError failure={failure} />
      </form>
    </Modal>
  );
}
