import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomerCurrency_company$key } from '../../../../__generated__/CustomerCurrency_company.graphql.ts';
import type { CustomerCurrencyMutation as TMutation } from '../../../../__generated__/CustomerCurrencyMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';
import { toastSaved } from '../../../toast/save-toasts.ts';
import { useAction } from '../../../ui/useAction.ts';
import { SaveBar } from '../board/settings/SaveBar.tsx';
import { customerMessages } from './messages.ts';

/** The currency codes the browser can format, the saved one first if it is unknown here. */
function currencyCodes(saved: string): string[] {
  const codes = Intl.supportedValuesOf('currency');
  return codes.includes(saved) ? codes : [saved, ...codes];
}

/**
 * The currency of the customer values (monthly spend, ideas' value): admins change it; amounts
 * stay as they are, only how they read changes.
 */
export function CustomerCurrency({
  company,
  isAdmin,
}: {
  company: CustomerCurrency_company$key;
  isAdmin: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment CustomerCurrency_company on Company {
        currency
      }
    `,
    company,
  );
  const [currency, setCurrency] = useState(data.currency);
  const [save] = usePromiseMutation<TMutation>(graphql`
    mutation CustomerCurrencyMutation($currency: String!) {
      updateCompanyCurrency(currency: $currency) {
        __typename
        ... on MutationUpdateCompanyCurrencySuccess {
          data {
            id
            currency
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const saving = useAction(async () => {
    const { updateCompanyCurrency: result } = await save({ currency });
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    toastSaved();
    return null;
  });
  const names = new Intl.DisplayNames([intl.locale], { type: 'currency' });
  if (!isAdmin) {
    return (
      <p className="muted">
        {intl.formatMessage(customerMessages.currencyIs, {
          currency: intl.formatMessage(customerMessages.currencyOption, {
            code: data.currency,
            name: names.of(data.currency) ?? data.currency,
          }),
        })}
      </p>
    );
  }
  return (
    <form
      className="form customer-currency"
      onSubmit={(event) => {
        event.preventDefault();
        void saving.run();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {intl.formatMessage(customerMessages.currency)}
        </label>
        <select
          id={id}
          className="field__input field__select"
          value={currency}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setCurrency(event.target.value)}
        >
          {currencyCodes(data.currency).map((code) => (
            <option key={code} value={code}>
              {intl.formatMessage(customerMessages.currencyOption, {
                code,
                name: names.of(code) ?? code,
              })}
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${id}-hint`}>
          {intl.formatMessage(customerMessages.currencyHint)}
        </p>
      </div>
      <SaveBar
        isChanged={currency !== data.currency}
        isSaving={saving.isPending}
        failure={saving.failure}
        onCancel={() => {
          setCurrency(data.currency);
          saving.clearFailure();
        }}
      />
    </form>
  );
}
