import type { ChangeEvent, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field.tsx';
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
  inputRef,
  controlProps,
  children,
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
  inputRef?: Ref<HTMLTextAreaElement>;
  /** More attributes for the textarea (e.g. a combobox's ARIA state and key handling). */
  controlProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
  /** Shown right after the textarea (e.g. a combobox's list). */
  children?: ReactNode;
}) {
  return (
    <Field label={label} hint={hint} error={error} isRequired={isRequired}>
      {(control) => (
        <>
          <textarea
            {...controlProps}
            {...control}
            ref={inputRef}
            className="field__input field__textarea"
            name={name}
            value={value}
            rows={rows}
            onChange={onChange}
            disabled={isDisabled}
            required={isRequired}
            autoFocus={autoFocus}
          />
          {children}
        </>
      )}
    </Field>
  );
}
