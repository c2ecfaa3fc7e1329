import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { showToast } from '../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { resetMessages } from './messages.ts';
import { useSendResetLinkMutation } from './usePasswordResetMutations.ts';

/** /password-reset: asks for the email and mails a link. */
export function PasswordResetScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [sendLink] = useSendResetLinkMutation();
  const form = useForm({ email: { required: true, min: 6, max: 50, email: true } });
  usePageTitle(resetMessages.title);

  const send = useAction(async (email: string) => {
    const { sendPasswordResetLink: result } = await sendLink({ email });
    if (result.__typename !== 'AppError') {
      showToast({
        type: 'success',
        title: resetMessages.sentToastTitle,
        description: resetMessages.sentToastDescription,
      });
      navigate('/password-reset/sent');
      return null;
    }
    if (form.setServerErrors(result.fields)) return null;
    return { text: result.message, code: result.code };
  });
  const handleSend = form.handleSubmit(({ email }) => void send.run(email));

  return (
    <section className="card auth-card" aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="auth-card__title">
        {intl.formatMessage(resetMessages.heading)}
      </h1>
      <p className="auth-card__intro">{intl.formatMessage(resetMessages.intro)}</p>
      <form className="form" onSubmit={handleSend} noValidate>
        <TextField
          {...form.bind('email')}
          label={intl.formatMessage(resetMessages.email)}
          type="email"
          autoComplete="email"
          isRequired
          autoFocus
        />
        <ActionError failure={send.failure} />
        <PendingButton
          type="submit"
          className="button button--primary button--block"
          isPending={send.isPending}
          pendingLabel={intl.formatMessage(resetMessages.submitting)}
        >
          {intl.formatMessage(resetMessages.submit)}
        </PendingButton>
      </form>
      <p className="auth-card__switch">
        <Link to="/login" className="link">
          {intl.formatMessage(resetMessages.backToLogin)}
        </Link>
      </p>
    </section>
  );
}
