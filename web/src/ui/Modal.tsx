import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
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
  focusOnClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  isLocked?: boolean;
  /**
   * Where focus goes once the dialog closed, when that is not the opener: e.g. the card of the
   * idea just added. Null or undefined: the opener (the element that had focus when it opened).
   */
  focusOnClose?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const intl = useIntl();
  // The opener, read while rendering the opening: Radix would take whatever has focus when its
  // focus scope mounts, which is a field of the dialog already when that field has autoFocus, and
  // focus then fell to the page on close.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (isOpen && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = isOpen;
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
          onCloseAutoFocus={(event) => {
            const target =
              focusOnClose?.() ?? (opener.current?.isConnected ? opener.current : null);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
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
