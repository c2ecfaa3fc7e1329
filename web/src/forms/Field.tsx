import { useId } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatFieldMessage, lengthHintMessages } from '../i18n/common-messages.ts';
import type { TFieldMessage } from './validation.ts';

/** What the field hands its control, so screen readers tie the hint and the error to it. */
export type TFieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A field's length rule (useForm's min and max), said under it as part of its hint. */
export type TLengthRule = { readonly min?: number; readonly max?: number };

/**
 * A label, a control, its hint and its error, wired for screen readers. A `lengthRule` is said
 * after the hint ("2 to 30 characters."), so the rule is read before the first try.
 */
export function Field({
  label,
  hint: givenHint,
  lengthRule,
  error,
  isRequired = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  lengthRule?: TLengthRule;
  error?: TFieldMessage | null;
  isRequired?: boolean;
  children: (control: TFieldControlProps) => ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  const rule = lengthRule?.max
    ? (lengthRule.min ?? 0) > 1
      ? intl.formatMessage(lengthHintMessages.between, lengthRule)
      : intl.formatMessage(lengthHintMessages.atMost, lengthRule)
    : null;
  const hint = rule ? (
    givenHint ? (
      <>
        {givenHint} {rule}
      </>
    ) : (
      rule
    )
  ) : (
    givenHint
  );
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
