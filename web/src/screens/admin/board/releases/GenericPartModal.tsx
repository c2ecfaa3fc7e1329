import { useIntl } from 'react-intl';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { releaseMessages as messages } from './messages.ts';
import { useAddReleasePartMutation } from './useAddReleasePartMutation.ts';

/** Adds a line that is not an idea (6 to 100 characters). */
export function GenericPartModal({
  isOpen,
  onClose,
  releaseId,
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseId: string;
}) {
  const intl = useIntl();
  const [addPart] = useAddReleasePartMutation();
  const form = useForm({ title: { required: true, min: 6, max: 100 } });

  const save = useAction(async (title: string) => {
    const { addReleasePart: result } = await addPart({ releaseId, title });
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    handleClose();
    return null;
  });
  const isSaving = save.isPending;
  const handleClose = () => {
    form.reset();
    save.clearFailure();
    onClose();
  };
  const handleSave = form.handleSubmit(({ title }) => void save.run(title));

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(messages.partTitle)}
    >
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('title')}
          label={intl.formatMessage(messages.partField)}
          hint={intl.formatMessage(messages.partHint)}
          isRequired
          autoFocus
        />
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
