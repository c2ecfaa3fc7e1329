import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from './Icon.tsx';

/**
 * A dialog: focus is trapped inside, Escape and a click on the backdrop close it unless it is
 * locked (while saving), focus returns to the opener afterwards.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  isLocked = false,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  isLocked?: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isLocked) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal__backdrop" />
        <Dialog.Content
          className="modal"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close
              className="icon-button"
              aria-label={intl.formatMessage(commonMessages.close)}
              disabled={isLocked}
            >
              <Icon name="close" />
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          ) : null}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
