import { useIntl } from 'react-intl';
import { TextField } from '../../../forms/TextField.tsx';
import type { TFieldMessage } from '../../../forms/validation.ts';
import { CUSTOMER_FORM } from './customer-form.ts';
import { customerMessages } from './messages.ts';

type TBound = {
  name: string;
  value: string;
  error: TFieldMessage | null;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

/** The customer form's four fields (create and edit share them). */
export function CustomerFields({
  bind,
}: {
  bind: (field: 'name' | 'externalId' | 'monthlySpend' | 'plan') => TBound;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        {...bind('name')}
        label={intl.formatMessage(customerMessages.name)}
        lengthRule={CUSTOMER_FORM.name}
        isRequired
      />
      <TextField
        {...bind('externalId')}
        label={intl.formatMessage(customerMessages.externalId)}
        hint={intl.formatMessage(customerMessages.externalIdHint)}
        lengthRule={CUSTOMER_FORM.externalId}
        isRequired
      />
      <TextField
        {...bind('monthlySpend')}
        label={intl.formatMessage(customerMessages.monthlySpend)}
        isRequired
      />
      <TextField
        {...bind('plan')}
        label={intl.formatMessage(customerMessages.plan)}
        lengthRule={CUSTOMER_FORM.plan}
      />
    </>
  );
}
