import { useCallback, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { fromServerMessage, validate } from './validation.ts';
import type { TFieldMessage, TRules } from './validation.ts';

type TSchema<TField extends string> = Record<TField, TRules>;

/**
 * Form state with the spec's validation: fields are checked on submit, then again as the user
 * types; server field errors (AppError.fields) land on the fields they name.
 */
export function useForm<TField extends string>(
  schema: TSchema<TField>,
  initial?: Partial<Record<TField, string>>,
) {
  const fields = Object.keys(schema) as TField[];
  const empty = () =>
    Object.fromEntries(fields.map((f) => [f, initial?.[f] ?? ''])) as Record<TField, string>;
  const [values, setValues] = useState<Record<TField, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<TField, TFieldMessage>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);

  const check = (next: Record<TField, string>) => {
    const found: Partial<Record<TField, TFieldMessage>> = {};
    for (const field of fields) {
      const error = validate(next[field], schema[field]);
      if (error) found[field] = error;
    }
    return found;
  };

  /** Sets one field's value as typing does (checked again once the form was submitted). */
  const setValue = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (isSubmitted) setErrors(check(next));
  };

  const bind = (field: TField) => ({
    name: field,
    value: values[field],
    error: errors[field] ?? null,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(field, event.target.value),
  });

  /** Validates; calls `onValid` with trimmed values only when every field passes. */
  const handleSubmit =
    (onValid: (values: Record<TField, string>) => void) => (event: FormEvent) => {
      event.preventDefault();
      setIsSubmitted(true);
      const found = check(values);
      setErrors(found);
      if (Object.keys(found).length > 0) {
        const first = fields.find((f) => found[f]);
        if (first) document.getElementsByName(first)[0]?.focus();
        return;
      }
      const trimmed = Object.fromEntries(
        fields.map((f) => [f, f.toLowerCase().includes('password') ? values[f] : values[f].trim()]),
      ) as Record<TField, string>;
      onValid(trimmed);
    };

  const setServerErrors = useCallback(
    (serverFields: readonly { field: string; message: string }[]) => {
      const found: Partial<Record<TField, TFieldMessage>> = {};
      for (const { field, message } of serverFields) {
        if ((fields as string[]).includes(field))
          found[field as TField] = fromServerMessage(message);
      }
      setErrors(found);
      return Object.keys(found).length > 0;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fields.join()],
  );

  const setFieldError = (field: TField, error: TFieldMessage) =>
    setErrors((current) => ({ ...current, [field]: error }));

  const reset = () => {
    setValues(empty());
    setErrors({});
    setIsSubmitted(false);
  };

  return {
    values,
    setValues,
    setValue,
    errors,
    bind,
    handleSubmit,
    setServerErrors,
    setFieldError,
    reset,
  };
}
