import { useState } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import type { TActionFailure } from '../../../../ui/useAction.ts';
import { releaseMessages as messages } from './messages.ts';

/**
 * Publishing a release that has linked ideas: offers, ticked, to move them to the board's
 * completed status (their voters hear of it as of any status change), so shipped ideas do not
 * stay "In progress" on the roadmap.
 */
export function PublishReleaseModal({
  isOpen,
  onClose,
  releaseName,
  linkedIdeaCount,
  isPending,
  failure,
  onPublish,
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseName: string;
  linkedIdeaCount: number;
  isPending: boolean;
  failure: TActionFailure | null;
  onPublish: (completeLinkedIdeas: boolean) => void;
}) {
  const intl = useIntl();
  const [isCompleting, setIsCompleting] = useState(true);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      isLocked={isPending}
      title={intl.formatMessage(messages.publishTitle, { name: releaseName })}
      description={intl.formatMessage(messages.publishText)}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onPublish(isCompleting);
        }}
      >
        <CheckboxField
          name="completeLinkedIdeas"
          label={intl.formatMessage(messages.publishComplete, { count: linkedIdeaCount })}
          hint={intl.formatMessage(messages.publishCompleteHint)}
          isChecked={isCompleting}
          onChange={setIsCompleting}
          isDisabled={isPending}
        />
        <ActionError failure={failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={isPending}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton type="submit" isPending={isPending} autoFocus>
            {intl.formatMessage(messages.publish)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
