/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { CheckIcon, DownIcon } from './icons.tsx';

type TOption<T extends string> = { value: T; label: string };

/**
 * A choice of one (sort, filter) as a menu button (WAI-ARIA's menu button pattern): the button
 * says the choice; Enter, Space or the arrows open the menu on the chosen item; the arrows,
 * Home and End move; Enter or Space chooses; Escape closes; the focus returns to the button.
 */
export function MenuButton<T extends string>(props: {
  /** Unique in the widget: the ids of the button and its menu. */
  id: string;
  label: string;
  value: T;
  options: TOption<T>[];
  onChange: (value: T) => void;
}) {
  const { id, options } = props;
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const chosen = Math.max(
    0,
    options.findIndex((option) => option.value === props.value),
  );

  useEffect(() => {
    if (isOpen) menu.current?.querySelectorAll<HTMLElement>('li')[active]?.focus();
  }, [isOpen, active]);

  const open = (index: number) => {
    setActive(index);
    setIsOpen(true);
  };
  const close = (refocus: boolean) => {
    setIsOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (index: number) => {
    const option = options[index];
    close(true);
    if (option && option.value !== props.value) props.onChange(option.value);
  };

  const handleButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowUp' && !isOpen ? options.length - 1 : chosen);
    }
  };
  const handleMenuKey = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      // Only the menu closes (an open idea's Escape goes back to the list).
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key.length === 1) {
      // Type-ahead: the next item starting with the letter.
      const letter = event.key.toLowerCase();
      const order = [...options.slice(active + 1), ...options.slice(0, active + 1)];
      const next = order.find((option) => option.label.toLowerCase().startsWith(letter));
      if (next) setActive(options.indexOf(next));
    }
  };

  return (
    <div
      class="menu"
      onFocusOut={(event) => {
        const next = event.relatedTarget as Node | null;
        if (isOpen && !(next && event.currentTarget.contains(next))) setIsOpen(false);
      }}
    >
      <button
        type="button"
        class="menu-button"
        id={`${id}-button`}
        ref={button}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        onClick={() => (isOpen ? close(false) : open(chosen))}
        onKeyDown={handleButtonKey}
      >
        <span class="menu-label">{props.label}:</span>
        <span>{options[chosen]?.label}</span>
        <DownIcon />
      </button>
      {isOpen ? (
        <ul
          role="menu"
          id={`${id}-menu`}
          ref={menu}
          aria-labelledby={`${id}-button`}
          onKeyDown={handleMenuKey}
        >
          {options.map((option, index) => (
            <li
              role="menuitemradio"
              key={option.value}
              tabIndex={index === active ? 0 : -1}
              aria-checked={index === chosen}
              onClick={() => choose(index)}
              onMouseMove={() => index !== active && setActive(index)}
            >
              <span class="check">{index === chosen ? <CheckIcon /> : null}</span>
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
