import { useId } from 'react';
import type { ReactNode } from 'react';

/** A checkbox with its label and an optional hint read out with it. */
export function CheckboxField({
  label,
  hint,
  name,
  isChecked,
  onChange,
  isDisabled = false,
}: {
  label: ReactNode;
  hint?: ReactNode;
  name: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={isChecked}
        disabled={isDisabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
      {hint ? (
        <p className="field__hint checkbox__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
