import type { ChangeEvent, ReactNode } from 'react';
import { Field } from './Field.tsx';
import type { TLengthRule } from './Field.tsx';
import type { TFieldMessage } from './validation.ts';

/** A labelled input with its hint and its error, wired for screen readers. */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  hint,
  lengthRule,
  isRequired = false,
  isReadOnly = false,
  isDisabled = false,
  autoFocus = false,
  placeholder,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: TFieldMessage | null;
  type?: 'text' | 'email' | 'password' | 'url' | 'number';
  autoComplete?: string;
  hint?: ReactNode;
  /** The field's length rule, said after the hint (Field). */
  lengthRule?: TLengthRule;
  isRequired?: boolean;
  isReadOnly?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  return (
    <Field label={label} hint={hint} lengthRule={lengthRule} error={error} isRequired={isRequired}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          name={name}
          type={type}
          value={value}
          onChange={onChange}
          autoComplete={autoComplete}
          readOnly={isReadOnly}
          disabled={isDisabled}
          required={isRequired}
          autoFocus={autoFocus}
          placeholder={placeholder}
        />
      )}
    </Field>
  );
}
