import { useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What can take focus with Tab, for wrapping it around inside the dialog. */
const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

function isOutside(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

/**
 * A modal `<dialog>`, mounted while open (callers render it conditionally). showModal() puts it
 * in the top layer with its ::backdrop and makes the rest of the page inert; this adds what the
 * element does not do by itself:
 * - Escape and a click on the backdrop call `onDismiss` instead of closing it, so that the
 *   caller's state decides (and a locked dialog, while saving, stays);
 * - Tab wraps around inside it (Chromium lets Tab leave a modal dialog for the browser's UI);
 * - focus returns to the opener, or to `focusOnClose()`, once it is gone;
 * - `body` renders only once it is shown: React's autoFocus cannot focus a field of a dialog
 *   that is not open yet, and showModal() would then take focus to the first button.
 * It is portalled to <body> so that it inherits the page's styles, not its opener's.
 */
export function NativeDialog({
  className,
  labelledBy,
  describedBy,
  onDismiss,
  isLocked = false,
  focusOnClose,
  header,
  body,
}: {
  className: string;
  labelledBy: string;
  describedBy?: string;
  onDismiss: () => void;
  isLocked?: boolean;
  focusOnClose?: () => HTMLElement | null | undefined;
  /** Rendered at once: the title and close button. */
  header: ReactNode;
  /** Rendered once the dialog is open: the fields, which may autoFocus. */
  body: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [isShown, setIsShown] = useState(false);
  const pressedOutside = useRef(false);
  const isMounted = useRef(false);
  const focusOnCloseRef = useRef(focusOnClose);
  focusOnCloseRef.current = focusOnClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Still the element that opened it: the dialog's own fields are not mounted yet.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Escape must not close the element behind React's back, whoever handles the key: this
    // listener on the dialog runs before React's (on <body>), which children may stop.
    const keepOpen = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') event.preventDefault();
    };
    dialog.addEventListener('keydown', keepOpen);
    if (!dialog.open) dialog.showModal();
    isMounted.current = true;
    setIsShown(true);
    return () => {
      isMounted.current = false;
      dialog.removeEventListener('keydown', keepOpen);
      if (dialog.open) dialog.close();
      // After the commit that removed it, like Radix did: `focusOnClose` may name an element
      // that commit adds (the card of the idea just added).
      window.setTimeout(() => {
        const target = focusOnCloseRef.current?.() ?? (opener?.isConnected ? opener : null);
        target?.focus();
      }, 0);
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // React bubbles events through portals: a dialog opened from this one (portalled to <body>)
    // handles its own keys.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!isLocked) onDismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = tabbables(event.currentTarget);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !event.currentTarget.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <dialog
      ref={ref}
      // Redundant for the element, but tests and styles find dialogs by the attribute.
      role="dialog"
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={handleKeyDown}
      onCancel={(event) => {
        if (event.target === event.currentTarget) event.preventDefault();
      }}
      // Should the browser close it anyway (a cancel it would not let be cancelled), the
      // caller's state follows, or a locked dialog opens again.
      onClose={(event) => {
        // Not a dialog opened from this one, whose close React bubbles up to here; nor the late
        // event of a close() that a show followed (StrictMode runs the effect above twice, and a
        // dialog opened after an awaited request hears that close after its second show).
        if (event.target !== event.currentTarget || !isMounted.current) return;
        if (event.currentTarget.open) return;
        if (isLocked) event.currentTarget.showModal();
        else onDismiss();
      }}
      onMouseDown={(event) => {
        pressedOutside.current = isOutside(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && isOutside(event) && !isLocked) onDismiss();
        pressedOutside.current = false;
      }}
    >
      {header}
      {isShown ? body : null}
    </dialog>,
    document.body,
  );
}
