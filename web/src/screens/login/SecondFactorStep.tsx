import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { defineMessages } from '../../i18n/define-messages.ts';
import { startSession } from '../../session/session.ts';
import { EnrolTwoFactor } from '../../two-factor/EnrolTwoFactor.tsx';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { useLoginSecondFactorMutation } from './useLoginSecondFactorMutation.ts';

export const secondFactorMessages = defineMessages({
  heading: { id: 'login.secondFactor.heading', defaultMessage: 'Two-factor sign-in' },
  intro: {
    id: 'login.secondFactor.intro',
    defaultMessage:
      'Type the six-digit code from your authenticator app. Lost your phone? Type one of your recovery codes instead.',
  },
  code: { id: 'login.secondFactor.code', defaultMessage: 'Code' },
  submit: { id: 'login.secondFactor.submit', defaultMessage: 'Verify' },
  submitting: { id: 'login.secondFactor.submitting', defaultMessage: 'Verifying…' },
  back: { id: 'login.secondFactor.back', defaultMessage: 'Back to email and password' },
  wrongCode: {
    id: 'login.secondFactor.wrongCode',
    defaultMessage: 'The code is not correct. Type the current code, or an unused recovery code.',
  },
  expired: {
    id: 'login.secondFactor.expired',
    defaultMessage: 'This sign-in took too long. Go back and type your password again.',
  },
  enrolHeading: {
    id: 'login.secondFactor.enrolHeading',
    defaultMessage: 'Two-factor sign-in is required',
  },
  enrolIntro: {
    id: 'login.secondFactor.enrolIntro',
    defaultMessage:
      'Your company requires two-factor sign-in for its whole team, and your account does not have it yet. Set it up now to sign in: you need an authenticator app on your phone.',
  },
});

/**
 * The step after the password for accounts with two-factor sign-in: a TOTP or recovery code
 * exchanges the challenge for a session. When the company requires two-factor sign-in of an
 * account without it, the person sets it up here, and the enrolment answers the session.
 */
export function SecondFactorStep(props: {
  challenge: string;
  enrolmentRequired: boolean;
  email: string;
  onBack: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [verify] = useLoginSecondFactorMutation();
  const form = useForm({ code: { required: true, min: 6, max: 30 } });

  const submit = useAction(async (values: { code: string }) => {
    const { loginSecondFactor: result } = await verify({ challenge: props.challenge, ...values });
    if (result.__typename === 'MutationLoginSecondFactorSuccess') {
      startSession(result.data.token);
      navigate('/admin/dashboard', { replace: true });
      return null;
    }
    if (result.__typename === 'AppError') {
      if (result.code === 'INVALID_CREDENTIALS') {
        return { descriptor: secondFactorMessages.wrongCode };
      }
      if (result.code === 'INVALID_TOKEN') return { descriptor: secondFactorMessages.expired };
      return { text: result.message, code: result.code };
    }
    return { descriptor: secondFactorMessages.wrongCode };
  });

  const back = (
    <p className="auth-card__switch">
      <button type="button" className="link link-button" onClick={props.onBack}>
        {intl.formatMessage(secondFactorMessages.back)}
      </button>
    </p>
  );

  if (props.enrolmentRequired) {
    return (
      <section className="card auth-card" aria-labelledby="second-factor-heading">
        <h1 id="second-factor-heading" className="auth-card__title">
          {intl.formatMessage(secondFactorMessages.enrolHeading)}
        </h1>
        <p className="auth-card__intro">{intl.formatMessage(secondFactorMessages.enrolIntro)}</p>
        <EnrolTwoFactor
          challenge={props.challenge}
          email={props.email}
          onDone={(token) => {
            if (!token) return;
            startSession(token);
            navigate('/admin/dashboard', { replace: true });
          }}
        />
        {back}
      </section>
    );
  }

  return (
    <section className="card auth-card" aria-labelledby="second-factor-heading">
      <h1 id="second-factor-heading" className="auth-card__title">
        {intl.formatMessage(secondFactorMessages.heading)}
      </h1>
      <p className="auth-card__intro">{intl.formatMessage(secondFactorMessages.intro)}</p>
      <form className="form" onSubmit={form.handleSubmit((v) => void submit.run(v))} noValidate>
        <TextField
          {...form.bind('code')}
          label={intl.formatMessage(secondFactorMessages.code)}
          autoComplete="one-time-code"
          isRequired
          autoFocus
        />
        <ActionError failure={submit.failure} />
        <PendingButton
          type="submit"
          className="button button--primary button--block"
          isPending={submit.isPending}
          pendingLabel={intl.formatMessage(secondFactorMessages.submitting)}
        >
          {intl.formatMessage(secondFactorMessages.submit)}
        </PendingButton>
      </form>
      {back}
    </section>
  );
}
