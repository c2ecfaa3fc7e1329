import { useEffect, useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { DISPLAY_NAME_LIMITS, PASSWORD_LIMITS } from '../../../../api/src/contract/limits.ts';
import { resetMessages } from '../password-reset/messages.ts';
import { commonMessages, validationMessages } from '../../i18n/common-messages.ts';
import { getReferralCode, setReferralCode } from '../../session/storage.ts';
import { showToast } from '../../toast/toast-store.ts';
import { Icon } from '../../ui/Icon.tsx';
import { startSession } from '../../session/session.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRegisterMutation } from './useRegisterMutation.ts';

/**
 * The operator's terms of use and privacy policy (TERMS_URL, PRIVACY_URL), which the server
 * writes into the page's head (server.ts consoleIndexHtml); absent: not configured.
 */
const operatorPage = (name: 'terms' | 'privacy') =>
  document.querySelector<HTMLMetaElement>(`meta[name="feedboard-${name}-url"]`)?.content;

const messages = defineMessages({
  title: { id: 'signup.title', defaultMessage: 'Sign up' },
  heading: { id: 'signup.heading', defaultMessage: 'Create your account' },
  intro: {
    id: 'signup.intro',
    defaultMessage: 'Start collecting feedback in minutes. No credit card needed.',
  },
  email: { id: 'signup.email', defaultMessage: 'Email' },
  displayName: { id: 'signup.displayName', defaultMessage: 'Your name (optional)' },
  displayNameHint: {
    id: 'signup.displayNameHint',
    defaultMessage:
      '{min} to {max} characters. Your team and your users see it beside your ideas and comments; without it, we use the part of your email before the @.',
  },
  password: { id: 'signup.password', defaultMessage: 'Password' },
  confirmPassword: { id: 'signup.confirmPassword', defaultMessage: 'Confirm password' },
  company: { id: 'signup.company', defaultMessage: 'Company name (optional)' },
  companyHint: {
    id: 'signup.companyHint',
    defaultMessage:
      '6 to 50 characters, or leave it empty and name your company later in Company settings. Shown on your public boards.',
  },
  consent: {
    id: 'signup.consent',
    defaultMessage: 'I have read and accept the <link>Terms of Use</link>.',
  },
  consentOperator: {
    id: 'signup.consent.operator',
    defaultMessage: 'I accept the terms of use of this server’s operator.',
  },
  // The sign-up's alone: in its own chunk, not in the entry every page loads.
  consentRequired: {
    id: 'validation.consent',
    defaultMessage: 'You have to accept the Terms of Use.',
  },
  privacy: {
    id: 'signup.privacy',
    defaultMessage: 'How your data is handled: <link>Privacy Policy</link>.',
  },
  promo: { id: 'signup.promo', defaultMessage: 'Promo code applied: {code}' },
  submit: { id: 'signup.submit', defaultMessage: 'Create account' },
  submitting: { id: 'signup.submitting', defaultMessage: 'Creating your account…' },
  haveAccount: { id: 'signup.haveAccount', defaultMessage: 'Already have an account?' },
  login: { id: 'signup.login', defaultMessage: 'Log in' },
  successTitle: { id: 'toast.registered.title', defaultMessage: 'Thank you for signing up!' },
  successDescription: {
    id: 'toast.registered.signedIn',
    defaultMessage:
      'Your account is ready and you are signed in. Open the link we mailed you to confirm your address.',
  },
});

/** /signup and /signup/{ref}: the referral code is kept in localStorage and shown as a badge. */
export function SignupScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { ref } = useParams();
  const consentId = useId();
  const [referralCode, setReferral] = useState(() => ref ?? getReferralCode());
  const termsUrl = operatorPage('terms');
  const privacyUrl = operatorPage('privacy');
  const pageLink = (url: string | undefined) => (chunks: ReactNode) => (
    <a href={url} className="link" target="_blank" rel="noreferrer">
      {chunks}
    </a>
  );
  const [hasConsent, setHasConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [register] = useRegisterMutation();
  const form = useForm({
    email: { required: true, min: 6, max: 50, email: true },
    displayName: { ...DISPLAY_NAME_LIMITS },
    password: { required: true, ...PASSWORD_LIMITS },
    confirmPassword: { required: true, ...PASSWORD_LIMITS },
    company: { min: 6, max: 50 },
  });
  usePageTitle(messages.title);

  useEffect(() => {
    if (ref) {
      setReferralCode(ref);
      setReferral(ref);
    }
  }, [ref]);

  const signUp = useAction(
    async (values: { email: string; displayName: string; password: string; company: string }) => {
      const { register: result } = await register({
        email: values.email,
        displayName: values.displayName.trim() || null,
        password: values.password,
        company: values.company || null,
        ref: referralCode,
        // The owner's confirmation mail (and later mails) speak the language they signed up in.
        language: intl.locale,
      });
      if (result.__typename === 'MutationRegisterSuccess' && result.data.token) {
        // The answer carries a session: the new owner goes straight into the console
        // instead of typing the same password again on the login page.
        startSession(result.data.token);
        showToast({
          type: 'success',
          title: messages.successTitle,
          description: messages.successDescription,
        });
        navigate('/admin/dashboard', { replace: true });
        return null;
      }
      if (result.__typename === 'AppError') {
        if (form.setServerErrors(result.fields)) return null;
        return { text: result.message, code: result.code };
      }
      return { descriptor: commonMessages.genericError };
    },
  );

  const handleSignup = (event: FormEvent) => {
    setConsentError(!hasConsent);
    form.handleSubmit((values) => {
      if (values.password !== values.confirmPassword) {
        form.setFieldError('confirmPassword', { descriptor: validationMessages.passwordsDiffer });
        return;
      }
      if (!hasConsent) return;
      void signUp.run(values);
    })(event);
  };

  return (
    <section className="card auth-card" aria-labelledby="signup-heading">
      {referralCode ? (
        <p className="badge badge--promo">
          <Icon name="gift" size={16} />
          {intl.formatMessage(messages.promo, { code: referralCode })}
        </p>
      ) : null}
      <h1 id="signup-heading" className="auth-card__title">
        {intl.formatMessage(messages.heading)}
      </h1>
      <p className="auth-card__intro">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={handleSignup} noValidate>
        <TextField
          {...form.bind('email')}
          label={intl.formatMessage(messages.email)}
          type="email"
          autoComplete="email"
          isRequired
          autoFocus
        />
        <TextField
          {...form.bind('displayName')}
          label={intl.formatMessage(messages.displayName)}
          hint={intl.formatMessage(messages.displayNameHint, DISPLAY_NAME_LIMITS)}
          autoComplete="name"
        />
        <TextField
          {...form.bind('password')}
          label={intl.formatMessage(messages.password)}
          hint={intl.formatMessage(resetMessages.passwordRule, PASSWORD_LIMITS)}
          type="password"
          autoComplete="new-password"
          isRequired
        />
        <TextField
          {...form.bind('confirmPassword')}
          label={intl.formatMessage(messages.confirmPassword)}
          type="password"
          autoComplete="new-password"
          isRequired
        />
        <TextField
          {...form.bind('company')}
          label={intl.formatMessage(messages.company)}
          autoComplete="organization"
          hint={intl.formatMessage(messages.companyHint)}
        />
        <div className={`checkbox${consentError && !hasConsent ? ' checkbox--invalid' : ''}`}>
          <input
            id={consentId}
            name="consent"
            type="checkbox"
            checked={hasConsent}
            onChange={(event) => setHasConsent(event.target.checked)}
            aria-invalid={consentError && !hasConsent ? true : undefined}
            aria-describedby={consentError && !hasConsent ? `${consentId}-error` : undefined}
          />
          <label htmlFor={consentId}>
            {/* Without TERMS_URL the operator has named no page: the consent links nowhere. */}
            {termsUrl ? (
              <FormattedMessage {...messages.consent} values={{ link: pageLink(termsUrl) }} />
            ) : (
              intl.formatMessage(messages.consentOperator)
            )}
          </label>
          {consentError && !hasConsent ? (
            <p className="field__error" id={`${consentId}-error`}>
              {intl.formatMessage(messages.consentRequired)}
            </p>
          ) : null}
        </div>
        {privacyUrl ? (
          <p className="field__hint">
            <FormattedMessage {...messages.privacy} values={{ link: pageLink(privacyUrl) }} />
          </p>
        ) : null}
        <ActionError failure={signUp.failure} />
        <PendingButton
          type="submit"
          className="button button--primary button--block"
          isPending={signUp.isPending}
          pendingLabel={intl.formatMessage(messages.submitting)}
        >
          {intl.formatMessage(messages.submit)}
        </PendingButton>
      </form>
      <p className="auth-card__switch">
        {intl.formatMessage(messages.haveAccount)}
        <Link to="/login" className="link">
          {intl.formatMessage(messages.login)}
        </Link>
      </p>
    </section>
  );
}
