import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
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
  const [createRelease, isCreating] = useCreateReleaseMutation();
  const [updateRelease, isUpdating] = useUpdateReleaseMutation();
  const isSaving = isCreating || isUpdating;
  const form = useForm({
    name: { required: true, min: 1, max: 16 },
    releaseDate: { required: true, min: 6 },
  });
  const { setValues } = form;
  useEffect(() => {
    if (isOpen && release) setValues({ name: release.name, releaseDate: release.releaseDate });
  }, [isOpen, release?.name, release?.releaseDate, setValues]); // eslint-disable-line react-hooks/exhaustive-deps

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSave = form.handleSubmit(async ({ name, releaseDate }) => {
    if (!RELEASE_DATE.test(releaseDate)) {
      form.setFieldError('releaseDate', { descriptor: messages.dateFormat });
      return;
    }
    try {
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
        if (form.setServerErrors(result.fields)) return;
      } else if (result.__typename !== '%other') {
        handleClose();
        return;
      }
    } catch (error) {
      console.error('saving the release failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
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
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isSaving}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <button type="submit" className="button button--primary" disabled={isSaving}>
            {intl.formatMessage(isSaving ? messages.saving : commonMessages.save)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
