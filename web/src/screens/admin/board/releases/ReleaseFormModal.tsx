import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { RELEASE_DATE, releaseMessages as messages } from './messages.ts';
import { useCreateReleaseMutation } from './useCreateReleaseMutation.ts';
import { useUpdateReleaseMutation } from './useUpdateReleaseMutation.ts';

type TRelease = { id: string; name: string; releaseDate: string };

/** Adds a release to this board, or edits one (name 1–16, date YYYY-MM-DD typed or picked). */
export function ReleaseFormModal({
  isOpen,
  onClose,
  release = null,
  boardId,
  connections = [],
}: {
  isOpen: boolean;
  onClose: () => void;
  release?: TRelease | null;
  boardId?: string;
  connections?: string[];
}) {
  const intl = useIntl();
  const [createRelease] = useCreateReleaseMutation();
  const [updateRelease] = useUpdateReleaseMutation();
  const form = useForm({
    name: { required: true, min: 1, max: 16 },
    releaseDate: { required: true, min: 6 },
  });
  const { setValues } = form;
  useEffect(() => {
    if (isOpen && release) setValues({ name: release.name, releaseDate: release.releaseDate });
  }, [isOpen, release?.name, release?.releaseDate, setValues]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useAction(async ({ name, releaseDate }: { name: string; releaseDate: string }) => {
    const result = release
      ? (await updateRelease({ releaseId: release.id, name, releaseDate })).updateRelease
      : (
          await createRelease({
            name,
            releaseDate,
            boardIds: boardId ? [boardId] : [],
            connections,
          })
        ).createRelease;
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields) ? null : { text: result.message };
    }
    if (result.__typename === '%other') return { descriptor: commonMessages.genericError };
    handleClose();
    return null;
  });
  const isSaving = save.isPending;
  const handleClose = () => {
    form.reset();
    save.clearFailure();
    onClose();
  };

  const handleSave = form.handleSubmit((values) => {
    if (!RELEASE_DATE.test(values.releaseDate)) {
      form.setFieldError('releaseDate', { descriptor: messages.dateFormat });
      return;
    }
    void save.run(values);
  });

  const dateField = form.bind('releaseDate');
  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(release ? messages.editTitle : messages.addTitle)}
    >
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('name')}
          label={intl.formatMessage(messages.name)}
          hint={intl.formatMessage(messages.nameHint)}
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
          <input
            type="date"
            className="field__input date-row__picker"
            aria-label={intl.formatMessage(messages.datePicker)}
            value={RELEASE_DATE.test(dateField.value) ? dateField.value : ''}
            onChange={(event) =>
              form.setValues({ ...form.values, releaseDate: event.target.value })
            }
          />
        </div>
        <ActionError failure={save.failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
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
    </Modal>
  );
}
