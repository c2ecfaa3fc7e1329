import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { TFieldMessage } from './validation.ts';

/** A labelled multi-line field with its hint and its error, wired for screen readers. */
export function TextArea({
  label,
  name,
  value,
  onChange,
  error,
  hint,
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
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
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
      <textarea
        id={id}
        className="field__input field__textarea"
        name={name}
        value={value}
        rows={rows}
        onChange={onChange}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoFocus={autoFocus}
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
