import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
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
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: ReactNode;
  isRequired?: boolean;
  isReadOnly?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const errorText = error
    ? 'text' in error
      ? error.text
      : intl.formatMessage(error.descriptor, error.values)
    : null;
  const describedBy = [hint ? `${id}-hint` : null, errorText ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${errorText ? ' field--invalid' : ''}`}>
      <label className={`field__label${isRequired ? ' field__label--required' : ''}`} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        readOnly={isReadOnly}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p className="field__error" id={`${id}-error`}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
