import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { commonMessages } from '../../i18n/common-messages.ts';
import { startSession } from '../../session/session.ts';
import { showToast } from '../../toast/toast-store.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useLoginMutation } from './useLoginMutation.ts';

export const loginMessages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in' },
  heading: { id: 'login.heading', defaultMessage: 'Welcome back' },
  intro: { id: 'login.intro', defaultMessage: 'Log in to manage your boards and ideas.' },
  email: { id: 'login.email', defaultMessage: 'Email' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  submit: { id: 'login.submit', defaultMessage: 'Log in' },
  submitting: { id: 'login.submitting', defaultMessage: 'Logging in…' },
  forgot: { id: 'login.forgot', defaultMessage: 'Forgot your password?' },
  noAccount: { id: 'login.noAccount', defaultMessage: 'New to Feedboard?' },
  signup: { id: 'login.signup', defaultMessage: 'Create an account' },
});

/** /login: email and password; `?expired=true` warns that the session has expired. */
export function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isExpired = searchParams.get('expired') === 'true';
  const [login, isInFlight] = useLoginMutation();
  const prefilledEmail = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm(
    { email: { required: true, min: 6, max: 50 }, password: { required: true, min: 6, max: 50 } },
    { email: prefilledEmail },
  );
  usePageTitle(loginMessages.title);

  useEffect(() => {
    if (isExpired) {
      showToast({
        key: 'session-expired',
        type: 'warning',
        title: commonMessages.sessionExpiredTitle,
        description: commonMessages.sessionExpiredDescription,
      });
    }
  }, [isExpired]);

  const handleLogin = form.handleSubmit(async (values) => {
    try {
      const { login: result } = await login(values);
      if (result.__typename === 'MutationLoginSuccess') {
        startSession(result.data.token);
        navigate('/admin/dashboard', { replace: true });
        return;
      }
      if (result.__typename === 'AppError') form.setServerErrors(result.fields);
    } catch {
      // fall through to the toast
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.credentialsError,
    });
  });

  return (
    <section className="card auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading" className="auth-card__title">
        {intl.formatMessage(loginMessages.heading)}
      </h1>
      <p className="auth-card__intro">{intl.formatMessage(loginMessages.intro)}</p>
      <form className="form" onSubmit={handleLogin} noValidate>
        <TextField
          {...form.bind('email')}
          label={intl.formatMessage(loginMessages.email)}
          type="email"
          autoComplete="email"
          isRequired
          autoFocus={!prefilledEmail}
        />
        <TextField
          {...form.bind('password')}
          label={intl.formatMessage(loginMessages.password)}
          type="password"
          autoComplete="current-password"
          isRequired
          autoFocus={Boolean(prefilledEmail)}
        />
        <div className="form__row form__row--end">
          <Link to="/password-reset" className="link">
            {intl.formatMessage(loginMessages.forgot)}
          </Link>
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isInFlight}
        >
          {intl.formatMessage(isInFlight ? loginMessages.submitting : loginMessages.submit)}
        </button>
      </form>
      <p className="auth-card__switch">
        {intl.formatMessage(loginMessages.noAccount)}
        <Link to="/signup" className="link">
          {intl.formatMessage(loginMessages.signup)}
        </Link>
      </p>
    </section>
  );
}
