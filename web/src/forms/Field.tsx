import { useId } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatFieldMessage } from '../i18n/common-messages.ts';
import type { TFieldMessage } from './validation.ts';

/** What the field hands its control, so screen readers tie the hint and the error to it. */
export type TFieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A label, a control, its hint and its error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  isRequired = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: TFieldMessage | null;
  isRequired?: boolean;
  children: (control: TFieldControlProps) => ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  const errorText = error ? formatFieldMessage(intl, error) : null;
  const describedBy = [hint ? `${id}-hint` : null, errorText ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${errorText ? ' field--invalid' : ''}`}>
      <label className={`field__label${isRequired ? ' field__label--required' : ''}`} htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': errorText ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
