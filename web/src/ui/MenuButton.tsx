import { createContext, useContext, useId, useLayoutEffect, useRef, useState } from 'react';
import type {
  ButtonHTMLAttributes,
  KeyboardEvent,
  MouseEvent,
  ReactNode,
  Ref,
  RefObject,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * A menu button (WAI-ARIA's menu button pattern), in place of Radix's dropdown menu:
 * - Enter, Space, ArrowDown open it on the first item, ArrowUp on the last; a click opens it
 *   with focus on the menu itself, where ArrowDown goes to the first item;
 * - in it, arrows, Home and End move, a letter goes to the next item starting with it, Enter
 *   and Space pick; Escape and Tab close it with focus back on the button;
 * - a press outside it, or focus leaving it, closes it.
 * The menu is a manual popover, so that it shows in the top layer: above a modal <dialog> it
 * was opened from, and out of any parent's overflow. It is portalled into that dialog (or
 * <body>), as everything else is inert while a modal dialog is open.
 */

type TMenuContext = { select: (action: () => void) => void };
const MenuContext = createContext<TMenuContext>({ select: (action) => action() });

const ITEM = '[role="menuitem"]';

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>(ITEM)] : [];
}

/** Where the menu goes: under the button (over it when there is no room), kept on screen. */
function place(menu: HTMLElement, button: HTMLElement, align: 'start' | 'end', offset: number) {
  const anchor = button.getBoundingClientRect();
  const { width, height } = menu.getBoundingClientRect();
  const margin = 8;
  let top = anchor.bottom + offset;
  if (top + height > window.innerHeight - margin && anchor.top - offset - height >= margin) {
    top = anchor.top - offset - height;
  }
  const wanted = align === 'start' ? anchor.left : anchor.right - width;
  const left = Math.max(margin, Math.min(wanted, window.innerWidth - width - margin));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}

export function MenuButton({
  label,
  children,
  align = 'start',
  sideOffset = 6,
  buttonRef,
  ...buttonProps
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type' | 'onClick'> & {
  /** The button's content. */
  label: ReactNode;
  /** The menu's items: MenuItem, MenuGroup, MenuLabel, MenuSeparator. */
  children: ReactNode;
  align?: 'start' | 'end';
  sideOffset?: number;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement | null>(null);
  const menu = useRef<HTMLDivElement | null>(null);
  // Closed, or open with where focus goes first.
  const [openOn, setOpenOn] = useState<'first' | 'last' | 'menu' | null>(null);
  const isOpen = openOn !== null;

  const close = (refocus: boolean) => {
    setOpenOn(null);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    const element = menu.current;
    const anchor = button.current;
    if (!openOn || !element || !anchor) return;
    element.showPopover?.();
    const reposition = () => place(element, anchor, align, sideOffset);
    reposition();
    const all = items(element);
    const target = openOn === 'first' ? all[0] : openOn === 'last' ? all.at(-1) : element;
    target?.focus();
    const pressOutside = (event: PointerEvent) => {
      const node = event.target as Node;
      if (!element.contains(node) && !anchor.contains(node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', pressOutside, true);
    window.addEventListener('scroll', reposition, true);
    window.addEventListener('resize', reposition);
    return () => {
      document.removeEventListener('pointerdown', pressOutside, true);
      window.removeEventListener('scroll', reposition, true);
      window.removeEventListener('resize', reposition);
    };
    // Only on opening: a re-render while open keeps focus where the user moved it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  const setButton = (element: HTMLButtonElement | null) => {
    button.current = element;
    if (typeof buttonRef === 'function') buttonRef(element);
    else if (buttonRef) (buttonRef as RefObject<HTMLButtonElement | null>).current = element;
  };

  const handleButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenOn(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const handleButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isOpen) close(false);
    // Enter and Space click with no pointer (detail 0): open on the first item, as the
    // pattern asks; a pointer opens on the menu.
    else setOpenOn(event.detail === 0 ? 'first' : 'menu');
  };

  const handleMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => all[Math.max(0, Math.min(index, all.length - 1))]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at < 0 ? all.length - 1 : at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(all.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        close(true);
        break;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        // Typeahead: the next item whose text starts with the letter.
        const letter = event.key.toLocaleLowerCase();
        const next = [...all.slice(at + 1), ...all.slice(0, at + 1)].find((item) =>
          item.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        if (!next) return;
        next.focus();
      }
    }
    // The keys are the menu's: not the page's scrolling, nor a dialog's Escape.
    event.preventDefault();
    event.stopPropagation();
  };

  const host = button.current?.closest('dialog') ?? document.body;
  return (
    <>
      <button
        {...buttonProps}
        ref={setButton}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        onClick={handleButtonClick}
        onKeyDown={handleButtonKey}
      >
        {label}
      </button>
      {isOpen
        ? createPortal(
            <div
              ref={menu}
              id={`${id}-menu`}
              role="menu"
              aria-labelledby={`${id}-button`}
              tabIndex={-1}
              popover="manual"
              className="dropdown"
              onKeyDown={handleMenuKey}
              onBlur={(event) => {
                const next = event.relatedTarget as Node | null;
                if (next && !menu.current?.contains(next) && next !== button.current) close(false);
              }}
            >
              <MenuContext.Provider
                value={{
                  select: (action) => {
                    close(true);
                    action();
                  },
                }}
              >
                {children}
              </MenuContext.Provider>
            </div>,
            host,
          )
        : null}
    </>
  );
}

/** One of the menu's actions; picking it closes the menu, with focus back on its button. */
export function MenuItem({
  onSelect,
  isDanger = false,
  children,
}: {
  onSelect: () => void;
  isDanger?: boolean;
  children: ReactNode;
}) {
  const { select } = useContext(MenuContext);
  return (
    <div
      role="menuitem"
      tabIndex={-1}
      className={isDanger ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
      onClick={() => select(onSelect)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        select(onSelect);
      }}
      // The item under the pointer is the highlighted one, as the keyboard's is.
      onPointerMove={(event) => {
        if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
      }}
    >
      {children}
    </div>
  );
}

/** Items under a label (give the label the id `labelledBy` names). */
export function MenuGroup({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}

export function MenuLabel({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div className="dropdown__label" id={id}>
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="dropdown__separator" />;
}
