import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { customerMessages } from './messages.ts';
import { CUSTOMER_FORM, customerServerMessage, parseSpend } from './customer-form.ts';

export type TCustomerValues = {
  name: string;
  externalId: string;
  monthlySpend: number;
  plan: string | null;
};

type TAppError = {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly fields?: readonly { readonly field: string; readonly message: string }[];
};

/**
 * The customer form: the spec's field rules, a spend that has to be a number, and the server's
 * field errors (a taken external id) on their fields, translated where known.
 */
export function useCustomerForm(initial?: Partial<Record<keyof typeof CUSTOMER_FORM, string>>) {
  const form = useForm(CUSTOMER_FORM, initial);
  const submit = (onValid: (values: TCustomerValues) => void) =>
    form.handleSubmit((values) => {
      const spend = parseSpend(values.monthlySpend);
      if (spend === null) {
        form.setFieldError('monthlySpend', { descriptor: customerMessages.spendNumber });
        document.getElementsByName('monthlySpend')[0]?.focus();
        return;
      }
      onValid({
        name: values.name,
        externalId: values.externalId,
        monthlySpend: spend,
        plan: values.plan || null,
      });
    });
  /** Shows an AppError's fields on the form; answers the failure for ActionError otherwise. */
  const failureOf = (result: TAppError) => {
    if (result.__typename === 'AppError' && result.fields?.length) {
      let isShown = false;
      for (const { field, message } of result.fields) {
        if (field in CUSTOMER_FORM) {
          form.setFieldError(field as keyof typeof CUSTOMER_FORM, customerServerMessage(message));
          isShown = true;
        }
      }
      if (isShown) return null;
    }
    return result.message
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  };
  return { form, submit, failureOf };
}
