import type { ChangeEvent, ReactNode } from 'react';
import { Field } from './Field.tsx';
import type { TLengthRule } from './Field.tsx';
import type { TFieldMessage } from './validation.ts';

/** A labelled multi-line field with its hint and its error, wired for screen readers. */
export function TextArea({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  lengthRule,
  rows = 4,
  isRequired = false,
  isDisabled = false,
  autoFocus = false,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  error?: TFieldMessage | null;
  hint?: ReactNode;
  /** The field's length rule, said after the hint (Field). */
  lengthRule?: TLengthRule;
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Field label={label} hint={hint} lengthRule={lengthRule} error={error} isRequired={isRequired}>
      {(control) => (
        <textarea
          {...control}
          className="field__input field__textarea"
          name={name}
          value={value}
          rows={rows}
          onChange={onChange}
          disabled={isDisabled}
          required={isRequired}
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}
