import { Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ReleaseFormModalQuery } from '../../../../../__generated__/ReleaseFormModalQuery.graphql.ts';
import {
  RELEASE_BODY_MAX,
  RELEASE_COVER_URL_MAX,
  RELEASE_LABELS,
  RELEASE_NAME_MAX,
} from '../../../../../../api/src/contract/limits.ts';
import type { TReleaseLabel } from '../../../../../../api/src/contract/limits.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { PageSpinner } from '../../../../ui/PageSpinner.tsx';
import { COVER_URL, RELEASE_DATE, releaseMessages as messages } from './messages.ts';
import { NotesPreview } from './NotesPreview.tsx';
import { useCreateReleaseMutation } from './useCreateReleaseMutation.ts';
import { useUpdateReleaseMutation } from './useUpdateReleaseMutation.ts';

type TRelease = {
  id: string;
  name: string;
  releaseDate: string;
  body: string;
  coverImageUrl: string | null | undefined;
  labels: readonly TReleaseLabel[];
};

/** Today in the browser's time zone, as YYYY-MM-DD: a new release's date until changed. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const releaseQuery = graphql`
  query ReleaseFormModalQuery($id: ID!) {
    release(id: $id) {
      id
      name
      releaseDate
      body
      coverImageUrl
      labels
    }
  }
`;

/**
 * Adds a release to this board, or edits one: name 1–16 (the spec's length, counted as it is
 * typed), date YYYY-MM-DD in one field, typed or picked from the calendar its button opens
 * (a new release starts at today), and its notes (a Markdown body, an optional cover image and
 * labels). A release edited is read whole when the dialog opens (the list reads only the start
 * of each release's notes).
 */
export function ReleaseFormModal({
  isOpen,
  onClose,
  releaseId = null,
  boardId,
  connections = [],
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseId?: string | null;
  boardId?: string;
  connections?: string[];
}) {
  const intl = useIntl();
  const [isSaving, setIsSaving] = useState(false);
  const handleClose = () => {
    setIsSaving(false);
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(releaseId ? messages.editTitle : messages.addTitle)}
    >
      {releaseId ? (
        <Suspense fallback={<PageSpinner />}>
          <EditReleaseForm releaseId={releaseId} onClose={handleClose} onSaving={setIsSaving} />
        </Suspense>
      ) : (
        <ReleaseForm
          release={null}
          boardId={boardId}
          connections={connections}
          onClose={handleClose}
          onSaving={setIsSaving}
        />
      )}
    </Modal>
  );
}

/** The form of a release edited, once its notes have loaded. */
function EditReleaseForm({
  releaseId,
  onClose,
  onSaving,
}: {
  releaseId: string;
  onClose: () => void;
  onSaving: (isSaving: boolean) => void;
}) {
  const { release } = useLazyLoadQuery<ReleaseFormModalQuery>(
    releaseQuery,
    { id: releaseId },
    { fetchPolicy: 'network-only' },
  );
  if (!release) return null;
  return (
    <ReleaseForm
      release={{
        ...release,
        labels: release.labels.filter(
          (label): label is TReleaseLabel =>
            label === 'NEW' || label === 'IMPROVED' || label === 'FIXED',
        ),
      }}
      onClose={onClose}
      onSaving={onSaving}
    />
  );
}

function ReleaseForm({
  release,
  boardId,
  connections = [],
  onClose,
  onSaving,
}: {
  release: TRelease | null;
  boardId?: string;
  connections?: string[];
  onClose: () => void;
  onSaving: (isSaving: boolean) => void;
}) {
  const intl = useIntl();
  const [createRelease] = useCreateReleaseMutation();
  const [updateRelease] = useUpdateReleaseMutation();
  const [isPreviewing, setIsPreviewing] = useState(false);
  const form = useForm(
    {
      name: { required: true, min: 1, max: RELEASE_NAME_MAX },
      releaseDate: { required: true, min: 6 },
      body: { max: RELEASE_BODY_MAX },
      coverImageUrl: { max: RELEASE_COVER_URL_MAX },
    },
    release
      ? {
          name: release.name,
          releaseDate: release.releaseDate,
          body: release.body,
          coverImageUrl: release.coverImageUrl ?? '',
        }
      : { releaseDate: todayIso() },
  );
  const [labels, setLabels] = useState<readonly TReleaseLabel[]>(release?.labels ?? []);
  const pickerRef = useRef<HTMLInputElement>(null);

  const save = useAction(async (values: Record<keyof typeof form.values, string>) => {
    const notes = {
      body: values.body,
      coverImageUrl: values.coverImageUrl || null,
      labels: [...labels],
    };
    const { name, releaseDate } = values;
    const result = release
      ? (await updateRelease({ releaseId: release.id, name, releaseDate, ...notes })).updateRelease
      : (
          await createRelease({
            name,
            releaseDate,
            boardIds: boardId ? [boardId] : [],
            ...notes,
            connections,
          })
        ).createRelease;
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    if (result.__typename === '%other') return { descriptor: commonMessages.genericError };
    onClose();
    return null;
  });
  const isSaving = save.isPending;
  useEffect(() => onSaving(isSaving), [isSaving, onSaving]);

  const handleSave = form.handleSubmit((values) => {
    // Back to the text, where a field's error shows.
    setIsPreviewing(false);
    if (!RELEASE_DATE.test(values.releaseDate)) {
      form.setFieldError('releaseDate', { descriptor: messages.dateFormat });
      return;
    }
    if (values.coverImageUrl && !COVER_URL.test(values.coverImageUrl)) {
      form.setFieldError('coverImageUrl', { descriptor: messages.coverFormat });
      document.getElementsByName('coverImageUrl')[0]?.focus();
      return;
    }
    void save.run(values);
  });

  const dateField = form.bind('releaseDate');
  const nameField = form.bind('name');
  return (
    <form className="form" onSubmit={handleSave} noValidate>
      <TextField
        {...nameField}
        label={intl.formatMessage(messages.name)}
        hint={intl.formatMessage(
          nameField.value.length > RELEASE_NAME_MAX ? messages.nameCountOver : messages.nameCount,
          {
            count: nameField.value.length,
            max: RELEASE_NAME_MAX,
            over: nameField.value.length - RELEASE_NAME_MAX,
          },
        )}
        isRequired
        autoFocus
      />
      <div className="date-row">
        <TextField
          {...dateField}
          label={intl.formatMessage(messages.date)}
          hint={intl.formatMessage(messages.dateHint)}
          placeholder={intl.formatMessage(messages.datePlaceholder)}
          isRequired
        />
        {/* One date field: the button opens the browser's calendar on a hidden date input
              that writes into it (the hidden input takes no focus and is no second field). */}
        <button
          type="button"
          className="button button--secondary date-row__picker"
          onClick={() => {
            const picker = pickerRef.current;
            if (!picker) return;
            try {
              picker.showPicker();
            } catch {
              picker.click();
            }
          }}
        >
          {intl.formatMessage(messages.datePicker)}
        </button>
        <input
          ref={pickerRef}
          type="date"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          value={RELEASE_DATE.test(dateField.value) ? dateField.value : ''}
          onChange={(event) => form.setValues({ ...form.values, releaseDate: event.target.value })}
        />
      </div>
      {/* The notes in Markdown, and how readers will see them (rendered by the server). */}
      <div className="release-notes-field">
        <button
          type="button"
          className="button button--ghost release-notes-field__toggle"
          aria-pressed={isPreviewing}
          onClick={() => setIsPreviewing((current) => !current)}
        >
          {intl.formatMessage(isPreviewing ? messages.previewBack : messages.preview)}
        </button>
        {isPreviewing ? (
          <>
            <p className="field__label">{intl.formatMessage(messages.body)}</p>
            <NotesPreview body={form.values.body} />
          </>
        ) : (
          <TextArea
            {...form.bind('body')}
            label={intl.formatMessage(messages.body)}
            hint={intl.formatMessage(messages.bodyHint, { max: RELEASE_BODY_MAX })}
            rows={8}
          />
        )}
      </div>
      <TextField
        {...form.bind('coverImageUrl')}
        type="url"
        label={intl.formatMessage(messages.cover)}
        hint={intl.formatMessage(messages.coverHint)}
      />
      <fieldset className="checkbox-group" disabled={isSaving}>
        <legend className="field__label">{intl.formatMessage(messages.labels)}</legend>
        {RELEASE_LABELS.map((label) => (
          <CheckboxField
            key={label}
            name="labels"
            label={intl.formatMessage(messages[`label${label}`])}
            isChecked={labels.includes(label)}
            onChange={(isChecked) =>
              setLabels((current) =>
                RELEASE_LABELS.filter((l) => (l === label ? isChecked : current.includes(l))),
              )
            }
          />
        ))}
      </fieldset>
      <ActionError failure={save.failure} />
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={isSaving}
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton
          type="submit"
          isPending={isSaving}
          pendingLabel={intl.formatMessage(messages.saving)}
        >
          {intl.formatMessage(commonMessages.save)}
        </PendingButton>
      </div>
    </form>
  );
}
