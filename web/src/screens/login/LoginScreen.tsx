import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { commonMessages } from '../../i18n/common-messages.ts';
import { startSession } from '../../session/session.ts';
import { rememberCompanies, rememberedCompanies } from '../../session/team-companies.ts';
import type { TTeamCompany } from '../../session/team-companies.ts';
import { showToast } from '../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import type { TActionFailure } from '../../ui/useAction.ts';
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
  chooseHeading: { id: 'login.choose.heading', defaultMessage: 'Choose a company' },
  chooseIntro: {
    id: 'login.choose.intro',
    defaultMessage:
      'This email and password open your accounts in several companies. Which one do you want to sign in to?',
  },
  chooseBack: { id: 'login.choose.back', defaultMessage: 'Back' },
  signingInTo: {
    id: 'login.signingInTo',
    defaultMessage: 'You are signing in to {company}.',
  },
  anyCompany: { id: 'login.anyCompany', defaultMessage: 'Sign in to another company' },
  wrongCredentials: {
    id: 'login.wrongCredentials',
    defaultMessage: 'The email or password is not correct. Check both and try again.',
  },
});

/**
 * /login: email and password; `?expired=true` warns that the session has expired. When the
 * password opens the address's accounts in several companies, the companies it opened are shown
 * to choose from and the choice signs in again with them; `?company=<slug>` (the account menu's
 * "Switch company") signs in to that company only.
 */
export function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isExpired = searchParams.get('expired') === 'true';
  const companySlug = searchParams.get('company') || undefined;
  const [login] = useLoginMutation();
  // Set when the password was right and the account signs in with a second factor.
  const [secondFactor, setSecondFactor] = useState<{
    challenge: string;
    enrolmentRequired: boolean;
  } | null>(null);
  // Set when the password opens accounts in several companies: the person picks one.
  const [choice, setChoice] = useState<readonly TTeamCompany[] | null>(null);
  const prefilledEmail = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm(
    { email: { required: true, min: 6, max: 50 }, password: { required: true, min: 6, max: 50 } },
    { email: prefilledEmail },
  );
  usePageTitle(loginMessages.title);
  const chosenName =
    companySlug &&
    (rememberedCompanies(prefilledEmail).find((c) => c.slug === companySlug)?.name ?? companySlug);

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

  const logIn = useAction(
    async (values: { email: string; password: string; companySlug?: string }) => {
      const { login: result } = await login({
        email: values.email,
        password: values.password,
        companySlug: values.companySlug ?? null,
      });
      if (result.__typename === 'MutationLoginSuccess' && result.data.token) {
        startSession(result.data.token);
        navigate('/admin/dashboard', { replace: true });
        return null;
      }
      if (result.__typename === 'MutationLoginSuccess' && result.data.secondFactor) {
        setSecondFactor(result.data.secondFactor);
        return null;
      }
      if (result.__typename === 'MutationLoginSuccess' && result.data.companies) {
        rememberCompanies(values.email, result.data.companies);
        setChoice(result.data.companies);
        return null;
      }
      if (result.__typename === 'AppError') {
        if (form.setServerErrors(result.fields)) return null;
        // Said at the form, where the user is looking, not in a toast that fades away.
        if (result.code === 'INVALID_CREDENTIALS') {
          return { descriptor: loginMessages.wrongCredentials };
        }
        return { text: result.message, code: result.code };
      }
      return { descriptor: commonMessages.credentialsError };
    },
  );
  const handleLogin = form.handleSubmit((values) => void logIn.run({ ...values, companySlug }));

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

  if (choice) {
    return (
      <CompanyChoice
        companies={choice}
        isPending={logIn.isPending}
        failure={logIn.failure}
        onChoose={(slug) => void logIn.run({ ...form.values, companySlug: slug })}
        onBack={() => setChoice(null)}
      />
    );
  }

  return (
    <section className="card auth-card" aria-labelledby="login-heading">
      <h1 id="login-heading" className="auth-card__title">
        {intl.formatMessage(loginMessages.heading)}
      </h1>
      <p className="auth-card__intro">
        {chosenName
          ? intl.formatMessage(loginMessages.signingInTo, { company: chosenName })
          : intl.formatMessage(loginMessages.intro)}
      </p>
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
      {companySlug ? (
        <p className="auth-card__switch">
          <button
            type="button"
            className="link link-button"
            onClick={() => {
              const next = new URLSearchParams(searchParams);
              next.delete('company');
              setSearchParams(next, { replace: true, state: location.state });
            }}
          >
            {intl.formatMessage(loginMessages.anyCompany)}
          </button>
        </p>
      ) : null}
      <p className="auth-card__switch">
        {intl.formatMessage(loginMessages.noAccount)}
        <Link to="/signup" className="link">
          {intl.formatMessage(loginMessages.signup)}
        </Link>
      </p>
    </section>
  );
}

/**
 * The companies the password opened, one button each (Tab and Enter, or a click): the choice
 * signs in again with the same email and password and that company. Focus moves to the heading
 * when it shows, so a screen reader says what is asked.
 */
function CompanyChoice({
  companies,
  isPending,
  failure,
  onChoose,
  onBack,
}: {
  companies: readonly TTeamCompany[];
  isPending: boolean;
  failure: TActionFailure | null;
  onChoose: (slug: string) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card auth-card" aria-labelledby="login-choose-heading">
      <h1 id="login-choose-heading" className="auth-card__title" tabIndex={-1} ref={heading}>
        {intl.formatMessage(loginMessages.chooseHeading)}
      </h1>
      <p className="auth-card__intro">{intl.formatMessage(loginMessages.chooseIntro)}</p>
      <ul className="company-choice" aria-labelledby="login-choose-heading">
        {companies.map((company) => (
          <li key={company.slug}>
            <PendingButton
              type="button"
              className="button button--secondary button--block"
              isPending={isPending && chosen === company.slug}
              pendingLabel={intl.formatMessage(loginMessages.submitting)}
              isDisabled={isPending}
              onClick={() => {
                setChosen(company.slug);
                onChoose(company.slug);
              }}
            >
              {company.name}
            </PendingButton>
          </li>
        ))}
      </ul>
      <ActionError failure={failure} />
      <p className="auth-card__switch">
        <button type="button" className="link link-button" onClick={onBack}>
          {intl.formatMessage(loginMessages.chooseBack)}
        </button>
      </p>
    </section>
  );
}
