import { useIntl } from 'react-intl';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { invoiceMessages } from './messages.ts';
import { useRequestInvoiceMutation } from './useRequestInvoiceMutation.ts';

/** The invoice-by-email box: the request is mailed to the billing address (reply within 12 h). */
export function InvoiceCard() {
  const intl = useIntl();
  const [requestInvoice] = useRequestInvoiceMutation();
  const form = useForm({ details: { required: true, min: 6, max: 500 } });

  const send = useAction(async (details: string) => {
    const { requestInvoice: result } = await requestInvoice({ details });
    if (result.__typename === 'MutationRequestInvoiceSuccess') {
      form.reset();
      showToast({
        type: 'success',
        title: invoiceMessages.sentTitle,
        description: invoiceMessages.sentDescription,
      });
      return null;
    }
    if (result.__typename === 'AppError') {
      return form.setServerErrors(result.fields)
        ? null
        : { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });
  const handleSend = form.handleSubmit(({ details }) => void send.run(details));

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
        <ActionError failure={send.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            className="button button--secondary"
            isPending={send.isPending}
            pendingLabel={intl.formatMessage(invoiceMessages.sending)}
          >
            {intl.formatMessage(invoiceMessages.send)}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
