import { useId } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from './Icon.tsx';
import { NativeDialog } from './NativeDialog.tsx';

/**
 * A dialog: focus is trapped inside, Escape and a click on the backdrop close it unless it is
 * locked (while saving), focus returns to the opener afterwards. A native <dialog> (see
 * NativeDialog), named by its title and described by its description.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  isLocked = false,
  isWide = false,
  focusOnClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  isLocked?: boolean;
  /** Room for a side panel beside the content (the idea window). */
  isWide?: boolean;
  /**
   * Where focus goes once the dialog closed, when that is not the opener: e.g. the card of the
   * idea just added. Null or undefined: the opener (the element that had focus when it opened).
   */
  focusOnClose?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  if (!isOpen) return null;
  return (
    <NativeDialog
      className={isWide ? 'modal modal--wide' : 'modal'}
      labelledBy={`${id}-title`}
      describedBy={description ? `${id}-description` : undefined}
      onDismiss={onClose}
      isLocked={isLocked}
      focusOnClose={focusOnClose}
      header={
        <>
          <header className="modal__header">
            <h2 className="modal__title" id={`${id}-title`}>
              {title}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={intl.formatMessage(commonMessages.close)}
              disabled={isLocked}
              onClick={onClose}
            >
              <Icon name="close" />
            </button>
          </header>
          {description ? (
            <p className="modal__description" id={`${id}-description`}>
              {description}
            </p>
          ) : null}
        </>
      }
      body={<div className="modal__body">{children}</div>}
    />
  );
}
