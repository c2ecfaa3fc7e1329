import { useId } from 'react';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TeamVotes_idea$key } from '../../../../../__generated__/TeamVotes_idea.graphql.ts';
import type { VoteImportance } from '../../../../../__generated__/TeamVotes_idea.graphql.ts';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Avatar } from '../../../../ui/Avatar.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import type { TeamVotesAddMutation as TAddMutation } from '../../../../../__generated__/TeamVotesAddMutation.graphql.ts';
import type { TeamVotesRemoveMutation as TRemoveMutation } from '../../../../../__generated__/TeamVotesRemoveMutation.graphql.ts';
import { useViewOnlyProps } from '../board-access.tsx';

const messages = defineMessages({
  voters: { id: 'teamVotes.title', defaultMessage: 'Voters' },
  noVoters: { id: 'teamVotes.none', defaultMessage: 'Nobody has voted yet.' },
  addedBy: { id: 'teamVotes.addedBy', defaultMessage: 'added by {name}' },
  addedByNote: { id: 'teamVotes.addedByNote', defaultMessage: 'added by {name}: {note}' },
  addedByFormer: { id: 'teamVotes.addedByFormer', defaultMessage: 'a former team member' },
  remove: { id: 'teamVotes.remove', defaultMessage: 'Remove' },
  removeLabel: { id: 'teamVotes.removeLabel', defaultMessage: 'Remove the vote of {name}' },
  split: {
    id: 'teamVotes.split',
    defaultMessage:
      'Importance: {mustHave} must have, {important} important, {niceToHave} nice to have, {unrated} not said',
  },
  formTitle: { id: 'teamVotes.formTitle', defaultMessage: 'Add a vote for a customer' },
  email: { id: 'teamVotes.email', defaultMessage: 'Customer’s email' },
  emailHint: {
    id: 'teamVotes.emailHint',
    defaultMessage: 'An end user of your company, or a new contact (they get no password).',
  },
  name: { id: 'teamVotes.name', defaultMessage: 'Name (for a new contact)' },
  note: { id: 'teamVotes.note', defaultMessage: 'Note (optional)' },
  noteHint: {
    id: 'teamVotes.noteHint',
    defaultMessage: 'Up to 500 characters, e.g. “from the sales call with ACME”.',
  },
  importance: { id: 'teamVotes.importance', defaultMessage: 'Importance (optional)' },
  notSaid: { id: 'teamVotes.notSaid', defaultMessage: 'Not said' },
  submit: { id: 'teamVotes.submit', defaultMessage: 'Add vote' },
  adding: { id: 'teamVotes.adding', defaultMessage: 'Adding…' },
});

export const importanceMessages = defineMessages({
  NICE_TO_HAVE: { id: 'importance.niceToHave', defaultMessage: 'Nice to have' },
  IMPORTANT: { id: 'importance.important', defaultMessage: 'Important' },
  MUST_HAVE: { id: 'importance.mustHave', defaultMessage: 'Must have' },
});

const IMPORTANCES = ['NICE_TO_HAVE', 'IMPORTANT', 'MUST_HAVE'] as const;

/**
 * The idea's voters as the team sees them (importance, who added a vote and why, removal),
 * the split by importance, and the "Add a vote for a customer" form. The server answers null to
 * anyone not on the team: then nothing shows here.
 */
export function TeamVotes({ idea }: { idea: TeamVotes_idea$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TeamVotes_idea on Idea {
        id
        teamVotes {
          userId
          name
          importance
          isAddedOnBehalf
          addedByName
          note
        }
        importanceSplit {
          niceToHave
          important
          mustHave
          unrated
        }
      }
    `,
    idea,
  );
  const [removeVote] = usePromiseMutation<TRemoveMutation>(graphql`
    mutation TeamVotesRemoveMutation($ideaId: ID!, $userId: ID!) {
      removeVoteOnBehalf(ideaId: $ideaId, userId: $userId) {
        __typename
        ... on MutationRemoveVoteOnBehalfSuccess {
          data {
            id
            voteCount
            ...TeamVotes_idea
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const remove = useAction(async (userId: string) => {
    const { removeVoteOnBehalf: result } = await removeVote({ ideaId: data.id, userId });
    return result.__typename === 'AppError' ? { text: result.message, code: result.code } : null;
  });
  const viewOnly = useViewOnlyProps();
  if (!data.teamVotes || !data.importanceSplit) return null;
  const importanceText = (importance: VoteImportance | null | undefined) =>
    importance && importance in importanceMessages
      ? intl.formatMessage(importanceMessages[importance as keyof typeof importanceMessages])
      : null;
  return (
    <ToolSection titleId="idea-voters-title" title={intl.formatMessage(messages.voters)}>
      {data.teamVotes.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.noVoters)}</p>
      ) : (
        <>
          <p className="muted" data-testid="importance-split">
            {intl.formatMessage(messages.split, {
              niceToHave: data.importanceSplit.niceToHave,
              important: data.importanceSplit.important,
              mustHave: data.importanceSplit.mustHave,
              unrated: data.importanceSplit.unrated,
            })}
          </p>
          <ul className="voter-list">
            {data.teamVotes.map((vote) => {
              const importance = importanceText(vote.importance);
              const by = vote.addedByName ?? intl.formatMessage(messages.addedByFormer);
              return (
                <li key={vote.userId} className="voter-list__item" data-testid="team-vote">
                  <Avatar name={vote.name} photoUrl={null} />
                  <span>
                    {vote.name}
                    {importance ? <span className="badge">{importance}</span> : null}
                    {vote.isAddedOnBehalf ? (
                      <span className="muted team-vote__by">
                        {vote.note
                          ? intl.formatMessage(messages.addedByNote, { name: by, note: vote.note })
                          : intl.formatMessage(messages.addedBy, { name: by })}
                      </span>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={intl.formatMessage(messages.removeLabel, { name: vote.name })}
                    disabled={viewOnly.disabled || remove.isPending}
                    onClick={() => void remove.run(vote.userId)}
                  >
                    {intl.formatMessage(messages.remove)}
                  </button>
                </li>
              );
            })}
          </ul>
          <ActionError failure={remove.failure} />
        </>
      )}
      <AddVoteForm ideaId={data.id} />
    </ToolSection>
  );
}

/** "Add a vote for a customer": email, a name for a new contact, a note and an importance. */
function AddVoteForm({ ideaId }: { ideaId: string }) {
  const intl = useIntl();
  const titleId = useId();
  const importanceId = useId();
  const viewOnly = useViewOnlyProps();
  const form = useForm({
    email: { required: true, email: true, min: 6, max: 50 },
    name: { max: 50 },
    note: { max: 500 },
    importance: {},
  });
  const [addVote] = usePromiseMutation<TAddMutation>(graphql`
    mutation TeamVotesAddMutation(
      $ideaId: ID!
      $email: String
      $name: String
      $note: String
      $importance: VoteImportance
    ) {
      addVoteOnBehalf(
        ideaId: $ideaId
        email: $email
        name: $name
        note: $note
        importance: $importance
      ) {
        __typename
        ... on MutationAddVoteOnBehalfSuccess {
          data {
            id
            voteCount
            ...TeamVotes_idea
          }
        }
        ... on AppError {
          code
          message
          fields {
            field
            message
          }
        }
      }
    }
  `);
  const send = useAction(
    async (values: Record<'email' | 'name' | 'note' | 'importance', string>) => {
      const { addVoteOnBehalf: result } = await addVote({
        ideaId,
        email: values.email.trim(),
        name: values.name.trim() || null,
        note: values.note.trim() || null,
        importance: (values.importance || null) as VoteImportance | null,
      });
      if (result.__typename === 'MutationAddVoteOnBehalfSuccess') {
        form.reset();
        return null;
      }
      if (result.__typename === 'AppError') {
        return form.setServerErrors(result.fields ?? [])
          ? null
          : { text: result.message, code: result.code };
      }
      return null;
    },
  );
  const importance = form.bind('importance');
  return (
    <form
      className="form"
      aria-labelledby={titleId}
      onSubmit={form.handleSubmit((values) => void send.run(values))}
      noValidate
    >
      <h4 id={titleId} className="idea-detail__heading">
        {intl.formatMessage(messages.formTitle)}
      </h4>
      <TextField
        {...form.bind('email')}
        type="email"
        label={intl.formatMessage(messages.email)}
        hint={intl.formatMessage(messages.emailHint)}
        isRequired
        isDisabled={viewOnly.disabled}
      />
      <TextField
        {...form.bind('name')}
        label={intl.formatMessage(messages.name)}
        lengthRule={{ max: 50 }}
        isDisabled={viewOnly.disabled}
      />
      <TextArea
        {...form.bind('note')}
        label={intl.formatMessage(messages.note)}
        hint={intl.formatMessage(messages.noteHint)}
        rows={2}
        isDisabled={viewOnly.disabled}
      />
      <div className="field">
        <label className="field__label" htmlFor={importanceId}>
          {intl.formatMessage(messages.importance)}
        </label>
        <select
          id={importanceId}
          name="importance"
          className="field__input field__select"
          value={importance.value}
          onChange={importance.onChange}
          disabled={viewOnly.disabled}
        >
          <option value="">{intl.formatMessage(messages.notSaid)}</option>
          {IMPORTANCES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage(importanceMessages[value])}
            </option>
          ))}
        </select>
      </div>
      <ActionError failure={send.failure} />
      <div className="form__actions">
        <PendingButton
          type="submit"
          aria-describedby={viewOnly['aria-describedby']}
          title={viewOnly.title}
          isDisabled={viewOnly.disabled}
          isPending={send.isPending}
          pendingLabel={intl.formatMessage(messages.adding)}
        >
          {intl.formatMessage(messages.submit)}
        </PendingButton>
      </div>
    </form>
  );
}
