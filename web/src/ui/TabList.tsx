import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A row of tabs (WAI-ARIA tabs pattern): the selected tab is the one in the Tab order, the arrow
 * keys move to and select the previous or next one (wrapping). Tab `option` is
 * `{idPrefix}-{option}` and controls the panel `panelId`, which the caller renders with
 * `role="tabpanel"` and `aria-labelledby` of the selected tab.
 */
export function TabList<T extends string>(props: {
  options: readonly T[];
  selected: T;
  onSelect: (option: T) => void;
  label: string;
  idPrefix: string;
  panelId: string;
  children: (option: T) => ReactNode;
}) {
  const { options, selected, onSelect } = props;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    const option = options[next];
    if (option !== undefined) onSelect(option);
    tabs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={props.label}>
      {options.map((option, index) => (
        <button
          key={option}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${props.idPrefix}-${option}`}
          aria-selected={selected === option}
          aria-controls={props.panelId}
          tabIndex={selected === option ? 0 : -1}
          className="tabs__tab"
          onClick={() => onSelect(option)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {props.children(option)}
        </button>
      ))}
    </div>
  );
}
