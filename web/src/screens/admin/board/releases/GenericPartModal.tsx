import { useIntl } from 'react-intl';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
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
  const [addPart, isSaving] = useAddReleasePartMutation();
  const form = useForm({ title: { required: true, min: 6, max: 100 } });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSave = form.handleSubmit(async ({ title }) => {
    try {
      const { addReleasePart: result } = await addPart({ releaseId, title });
      if (result.__typename === 'AppError' && form.setServerErrors(result.fields)) return;
    } catch (error) {
      // Spec section 4: after a failed addition the modal closes (the parts come back as they are).
      console.error('addReleasePart failed', error);
    }
    handleClose();
  });

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
