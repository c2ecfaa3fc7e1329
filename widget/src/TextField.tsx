/** @jsxImportSource preact */
import { useMemo } from 'preact/hooks';
import type { TTranslate } from './i18n.ts';

let fields = 0;

/** A labelled input or textarea with its error, tied together for screen readers. */
export function TextField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  name: string;
  type?: string;
  multiline?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
}) {
  const errorId = useMemo(() => `fb-error-${props.name}-${(fields += 1)}`, [props.name]);
  const common = {
    name: props.name,
    value: props.value,
    'aria-invalid': props.error ? ('true' as const) : undefined,
    'aria-describedby': props.error ? errorId : undefined,
    autoFocus: props.autoFocus,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <label>
      {props.label}
      {props.multiline ? (
        <textarea rows={4} {...common} />
      ) : (
        <input type={props.type ?? 'text'} autoComplete={props.autoComplete} {...common} />
      )}
      {props.error ? (
        <span class="field-error" id={errorId}>
          {props.error}
        </span>
      ) : null}
    </label>
  );
}

/** A form's failure that belongs to no one field, said at once to screen readers; or nothing. */
export function FormFailure(props: { text: string | null }) {
  return props.text ? (
    <p class="field-error" role="alert">
      {props.text}
    </p>
  ) : null;
}

/** The spec's length rule (section 5) as the widget checks it before sending. */
export function lengthError(
  t: TTranslate,
  value: string,
  min: number,
  max: number,
  isRequired: boolean,
): string | undefined {
  const length = value.trim().length;
  if (!length && !isRequired) return undefined;
  if (length < min) return t('validation.min', { n: min });
  if (length > max) return t('validation.max', { n: max });
  return undefined;
}
