import { useIntl } from 'react-intl';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { invoiceMessages } from './messages.ts';
import { useRequestInvoiceMutation } from './useRequestInvoiceMutation.ts';

/** The invoice-by-email box: the request is mailed to the billing address (reply within 12 h). */
export function InvoiceCard() {
  const intl = useIntl();
  const [requestInvoice, isInFlight] = useRequestInvoiceMutation();
  const form = useForm({ details: { required: true, min: 6, max: 500 } });

  const handleSend = form.handleSubmit(async ({ details }) => {
    try {
      const { requestInvoice: result } = await requestInvoice({ details });
      if (result.__typename === 'MutationRequestInvoiceSuccess') {
        form.reset();
        showToast({
          type: 'success',
          title: invoiceMessages.sentTitle,
          description: invoiceMessages.sentDescription,
        });
        return;
      }
      if (result.__typename === 'AppError' && form.setServerErrors(result.fields)) return;
    } catch (error) {
      console.error('requestInvoice failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
  });

  return (
    <section className="card" aria-labelledby="invoice-title">
      <h2 id="invoice-title" className="card__title">
        {intl.formatMessage(invoiceMessages.title)}
      </h2>
      <p className="card__intro">{intl.formatMessage(invoiceMessages.intro)}</p>
      <form className="form" onSubmit={handleSend} noValidate>
        <TextField
          {...form.bind('details')}
          label={intl.formatMessage(invoiceMessages.details)}
          hint={intl.formatMessage(invoiceMessages.detailsHint)}
          isRequired
        />
        <div className="form__actions">
          <button type="submit" className="button button--secondary" disabled={isInFlight}>
            {intl.formatMessage(isInFlight ? invoiceMessages.sending : invoiceMessages.send)}
          </button>
        </div>
      </form>
    </section>
  );
}
