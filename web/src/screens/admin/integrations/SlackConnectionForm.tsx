import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { SlackConnectionForm_boards$key } from '../../../../__generated__/SlackConnectionForm_boards.graphql.ts';
import { Field } from '../../../forms/Field.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TActionFailure } from '../../../ui/useAction.ts';
import {
  SLACK_EVENTS,
  SLACK_LANGUAGES,
  slackEventMessages,
  slackLanguageMessages,
  slackMessages,
} from './messages.ts';
import type { TSlackEventName, TSlackLanguage } from './messages.ts';

export type TSlackFormValues = {
  url: string;
  events: TSlackEventName[];
  boardId: string;
  language: TSlackLanguage;
};

export type TSlackFieldProblems = Partial<
  Record<'url' | 'events' | 'boardId' | 'language', string>
>;

/** What a submit answers: nothing (done), field problems, or a failure for the alert. */
export type TSlackSubmitResult = { fields: TSlackFieldProblems } | TActionFailure | null;

const URL_PLACEHOLDER = 'https://hooks.slack.com/services/…';

/**
 * The fields of a Slack connection: URL, events, board and language. Adding asks for the URL;
 * editing shows `urlHint` and keeps the stored URL when the field is left empty.
 */
export function SlackConnectionForm({
  boards,
  initial,
  urlHint,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  boards: SlackConnectionForm_boards$key;
  initial: TSlackFormValues;
  urlHint?: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: TSlackFormValues) => Promise<TSlackSubmitResult>;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const boardOptions = useFragment(
    graphql`
      fragment SlackConnectionForm_boards on Board @relay(plural: true) {
        id
        name
      }
    `,
    boards,
  );
  const [values, setValues] = useState<TSlackFormValues>(initial);
  const [problems, setProblems] = useState<TSlackFieldProblems>({});
  const set = <K extends keyof TSlackFormValues>(key: K, value: TSlackFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const toggleEvent = (event: TSlackEventName) =>
    set(
      'events',
      values.events.includes(event)
        ? values.events.filter((e) => e !== event)
        : [...values.events, event],
    );
  const submit = useAction(async () => {
    setProblems({});
    const result = await onSubmit(values);
    if (result && 'fields' in result) {
      setProblems(result.fields);
      return null;
    }
    if (!result) setValues((current) => ({ ...current, url: '' }));
    return result;
  });
  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void submit.run();
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={intl.formatMessage(slackMessages.url)}
        name="url"
        type="url"
        autoComplete="off"
        value={values.url}
        isRequired={!urlHint}
        placeholder={URL_PLACEHOLDER}
        hint={intl.formatMessage(
          urlHint ? slackMessages.newUrlHint : slackMessages.urlHint,
          urlHint ? { hint: urlHint } : undefined,
        )}
        error={problems.url ? { text: problems.url } : null}
        onChange={(event) => set('url', event.target.value)}
      />
      <fieldset className={`field webhook-events${problems.events ? ' field--invalid' : ''}`}>
        <legend className="field__label">{intl.formatMessage(slackMessages.events)}</legend>
        {SLACK_EVENTS.map((event) => (
          <label key={event} className="checkbox">
            <input
              type="checkbox"
              name="events"
              value={event}
              checked={values.events.includes(event)}
              onChange={() => toggleEvent(event)}
            />
            {intl.formatMessage(slackEventMessages[event])}
          </label>
        ))}
        {problems.events ? <p className="field__error">{problems.events}</p> : null}
      </fieldset>
      <Field
        label={intl.formatMessage(slackMessages.board)}
        error={problems.boardId ? { text: problems.boardId } : null}
      >
        {(control) => (
          <select
            {...control}
            className="field__input field__select"
            value={values.boardId}
            onChange={(event) => set('boardId', event.target.value)}
          >
            <option value="">{intl.formatMessage(slackMessages.allBoards)}</option>
            {boardOptions.map((board) => (
              <option key={board.id} value={board.id}>
                {board.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={intl.formatMessage(slackMessages.language)}
        error={problems.language ? { text: problems.language } : null}
      >
        {(control) => (
          <select
            {...control}
            className="field__input field__select"
            value={values.language}
            onChange={(event) => set('language', event.target.value as TSlackLanguage)}
          >
            {SLACK_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {intl.formatMessage(slackLanguageMessages[language])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ActionError failure={submit.failure} />
      <div className="form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {intl.formatMessage(slackMessages.cancel)}
          </button>
        ) : null}
        <PendingButton type="submit" isPending={submit.isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}

/** A mutation's AppError as the form shows it: field problems, else its message. */
export function slackFailure(result: {
  __typename: string;
  message?: string;
  code?: string;
  fields?: readonly { field: string; message: string }[];
}): TSlackSubmitResult {
  if (result.fields && result.fields.length > 0) {
    return {
      fields: Object.fromEntries(result.fields.map((f) => [f.field, f.message])),
    };
  }
  return result.message
    ? { text: result.message, code: result.code }
    : { descriptor: commonMessages.genericError };
}
