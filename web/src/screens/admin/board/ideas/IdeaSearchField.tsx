import { useId } from 'react';

/** The search box above a list of a board's ideas in a dialog, with a hint below it. */
export function IdeaSearchField({
  label,
  hint,
  value,
  isBusy,
  onChange,
  isFirstFocus = false,
}: {
  label: string;
  hint: string;
  value: string;
  isBusy: boolean;
  onChange: (text: string) => void;
  /** Takes focus when it appears: the dialog's first step is the search (the queue's merge). */
  isFirstFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        value={value}
        maxLength={100}
        autoFocus={isFirstFocus}
        aria-describedby={`${id}-hint`}
        aria-busy={isBusy || undefined}
        onChange={(event) => onChange(event.target.value)}
        // Enter searches (it already does as one types); it must not submit the dialog's form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
