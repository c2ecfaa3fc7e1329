import { Suspense, lazy, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { commonMessages } from '../../i18n/common-messages.ts';
import { startSession } from '../../session/session.ts';
import { showToast } from '../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useLoginMutation } from './useLoginMutation.ts';

/** Only accounts with two-factor sign-in see this step: the sign-in page loads it when needed. */
const SecondFactorStep = lazy(() =>
  import('./SecondFactorStep.tsx').then((module) => ({ default: module.SecondFactorStep })),
);

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
  wrongCredentials: {
    id: 'login.wrongCredentials',
    defaultMessage: 'The email or password is not correct. Check both and try again.',
  },
});

/** /login: email and password; `?expired=true` warns that the session has expired. */
export function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const isExpired = searchParams.get('expired') === 'true';
  const [login] = useLoginMutation();
  // Set when the password was right and the account signs in with a second factor.
  const [secondFactor, setSecondFactor] = useState<{
    challenge: string;
    enrolmentRequired: boolean;
  } | null>(null);
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

  const logIn = useAction(async (values: { email: string; password: string }) => {
    const { login: result } = await login(values);
    if (result.__typename === 'MutationLoginSuccess' && result.data.token) {
      startSession(result.data.token);
      navigate('/admin/dashboard', { replace: true });
      return null;
    }
    if (result.__typename === 'MutationLoginSuccess' && result.data.secondFactor) {
      setSecondFactor(result.data.secondFactor);
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      // Said at the form, where the user is looking, not in a toast that fades away.
      if (result.code === 'INVALID_CREDENTIALS') {
        return { descriptor: loginMessages.wrongCredentials };
      }
      return { text: result.message };
    }
    return { descriptor: commonMessages.credentialsError };
  });
  const handleLogin = form.handleSubmit((values) => void logIn.run(values));

  if (secondFactor) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SecondFactorStep
          challenge={secondFactor.challenge}
          enrolmentRequired={secondFactor.enrolmentRequired}
          email={form.values.email}
          onBack={() => setSecondFactor(null)}
        />
      </Suspense>
    );
  }

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
        <ActionError failure={logIn.failure} />
        <PendingButton
          type="submit"
          className="button button--primary button--block"
          isPending={logIn.isPending}
          pendingLabel={intl.formatMessage(loginMessages.submitting)}
        >
          {intl.formatMessage(loginMessages.submit)}
        </PendingButton>
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
