import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../forms/TextField.tsx';
import { useForm } from '../forms/useForm.ts';
import { ActionError, PendingButton } from '../ui/PendingButton.tsx';
import { useAction } from '../ui/useAction.ts';
import { twoFactorMessages } from './messages.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { useConfirmTwoFactorEnrolmentMutation } from './useConfirmTwoFactorEnrolmentMutation.ts';
import { useStartTwoFactorEnrolmentMutation } from './useStartTwoFactorEnrolmentMutation.ts';

type TStarted = { secret: string; qrCodeDataUri: string };

/** The secret in groups of four, as authenticator apps print it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-factor sign-in: a new secret as a QR code and as text, the first code from
 * the app (with the password, or the challenge of a sign-in that requires it), then the
 * recovery codes, shown once. `onDone` gets the session token when it finished a sign-in.
 */
export function EnrolTwoFactor({
  challenge,
  email,
  onDone,
}: {
  /** The sign-in's challenge when the company requires two-factor sign-in; none from the profile. */
  challenge?: string;
  email: string;
  onDone: (token: string | null) => void;
}) {
  const intl = useIntl();
  const [startEnrolment] = useStartTwoFactorEnrolmentMutation();
  const [confirmEnrolment] = useConfirmTwoFactorEnrolmentMutation();
  const [started, setStarted] = useState<TStarted | null>(null);
  const [done, setDone] = useState<{ codes: readonly string[]; token: string | null } | null>(null);
  const form = useForm(
    challenge
      ? { code: { required: true, min: 6, max: 10 }, password: {} }
      : { code: { required: true, min: 6, max: 10 }, password: { required: true, max: 50 } },
  );

  const start = useAction(async () => {
    const { startTwoFactorEnrolment: result } = await startEnrolment({
      challenge: challenge ?? null,
    });
    if (result.__typename === 'MutationStartTwoFactorEnrolmentSuccess') {
      setStarted(result.data);
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: twoFactorMessages.startFailed };
  });
  const { run: runStart } = start;
  const begin = useCallback(() => void runStart(), [runStart]);
  useEffect(begin, [begin]);

  const confirm = useAction(async (values: { code: string; password: string }) => {
    const { confirmTwoFactorEnrolment: result } = await confirmEnrolment({
      code: values.code,
      password: challenge ? null : values.password,
      challenge: challenge ?? null,
    });
    if (result.__typename === 'MutationConfirmTwoFactorEnrolmentSuccess') {
      setDone({ codes: result.data.recoveryCodes, token: result.data.token ?? null });
      return null;
    }
    if (result.__typename !== 'AppError') return { descriptor: twoFactorMessages.wrongCode };
    if (result.code === 'INVALID_CREDENTIALS') {
      const field = result.fields[0]?.field;
      if (field === 'password') {
        form.setFieldError('password', { descriptor: twoFactorMessages.wrongPassword });
        return null;
      }
      form.setFieldError('code', { descriptor: twoFactorMessages.wrongCode });
      return null;
    }
    if (form.setServerErrors(result.fields)) return null;
    return { text: result.message, code: result.code };
  });

  if (done) {
    return <RecoveryCodes codes={done.codes} email={email} onSaved={() => onDone(done.token)} />;
  }
  if (!started) {
    return (
      <div className="two-factor-enrol" aria-busy={start.isPending}>
        {start.failure ? (
          <>
            <ActionError failure={start.failure} />
            <div className="form__actions">
              <button type="button" className="button button--secondary" onClick={begin}>
                {intl.formatMessage(twoFactorMessages.retry)}
              </button>
            </div>
          </>
        ) : (
          <p className="muted" role="status">
            {intl.formatMessage(twoFactorMessages.loading)}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="two-factor-enrol">
      <section aria-labelledby="two-factor-scan">
        <h3 id="two-factor-scan" className="two-factor-enrol__step">
          {intl.formatMessage(twoFactorMessages.scanTitle)}
        </h3>
        <p className="card__intro">{intl.formatMessage(twoFactorMessages.scanText)}</p>
        <img
          className="two-factor-enrol__qr"
          src={started.qrCodeDataUri}
          alt={intl.formatMessage(twoFactorMessages.qrAlt)}
          width={176}
          height={176}
        />
        <p className="card__intro">{intl.formatMessage(twoFactorMessages.manual)}</p>
        <p>
          <code className="two-factor-enrol__secret" data-testid="two-factor-secret">
            {grouped(started.secret)}
          </code>
        </p>
      </section>
      <section aria-labelledby="two-factor-confirm">
        <h3 id="two-factor-confirm" className="two-factor-enrol__step">
          {intl.formatMessage(twoFactorMessages.confirmTitle)}
        </h3>
        <p className="card__intro">{intl.formatMessage(twoFactorMessages.confirmText)}</p>
        <form
          className="form"
          onSubmit={form.handleSubmit(
            (values) => void confirm.run({ code: values.code, password: values.password ?? '' }),
          )}
          noValidate
        >
          <TextField
            {...form.bind('code')}
            label={intl.formatMessage(twoFactorMessages.code)}
            autoComplete="one-time-code"
            isRequired
          />
          {challenge ? null : (
            <TextField
              {...form.bind('password')}
              type="password"
              label={intl.formatMessage(twoFactorMessages.password)}
              autoComplete="current-password"
              isRequired
            />
          )}
          <ActionError failure={confirm.failure} />
          <div className="form__actions">
            <PendingButton
              type="submit"
              isPending={confirm.isPending}
              pendingLabel={intl.formatMessage(twoFactorMessages.turningOn)}
            >
              {intl.formatMessage(twoFactorMessages.turnOn)}
            </PendingButton>
          </div>
        </form>
      </section>
    </div>
  );
}
