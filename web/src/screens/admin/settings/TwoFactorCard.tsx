import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { TwoFactorCard_viewer$key } from '../../../../__generated__/TwoFactorCard_viewer.graphql.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { EnrolTwoFactor } from '../../../two-factor/EnrolTwoFactor.tsx';
import { twoFactorMessages } from '../../../two-factor/messages.ts';
import { RecoveryCodes } from '../../../two-factor/RecoveryCodes.tsx';
import { useDisableTwoFactorMutation } from '../../../two-factor/useDisableTwoFactorMutation.ts';
import { useReplaceRecoveryCodesMutation } from '../../../two-factor/useReplaceRecoveryCodesMutation.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TActionFailure } from '../../../ui/useAction.ts';
import { settingsScreenQuery } from './SettingsScreen.tsx';
import { securityMessages } from './two-factor-messages.ts';

type TAppError = {
  readonly __typename: 'AppError';
  readonly code: string;
  readonly message: string;
  readonly fields: readonly { readonly field: string; readonly message: string }[];
};

const DATE = { dateStyle: 'medium' } as const;

/**
 * Two-factor sign-in on the profile: its state, turning it on (QR code, first code, recovery
 * codes), new recovery codes, and turning it off with the password and a code of the app or
 * a recovery code (not while the company requires it).
 */
export function TwoFactorCard({ viewer }: { viewer: TwoFactorCard_viewer$key }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const data = useFragment(
    graphql`
      fragment TwoFactorCard_viewer on Viewer {
        user {
          email
        }
        twoFactor {
          enabled
          enabledAt
          recoveryCodesLeft
          requiredByCompany
        }
      }
    `,
    viewer,
  );
  const [dialog, setDialog] = useState<'enrol' | 'codes' | 'off' | null>(null);
  const status = data.twoFactor;
  const refresh = () =>
    fetchQuery(environment, settingsScreenQuery, {}, { fetchPolicy: 'network-only' })
      .toPromise()
      .catch((error: unknown) => console.warn('settings refresh failed', error));
  const close = () => setDialog(null);
  // The card changes state once the store is reread: focus then goes to its new first button
  // (the one that opened the dialog is gone).
  const focusAfterChange = useRef<string | null>(null);
  const refreshAndFocus = (id: string) => {
    focusAfterChange.current = id;
    void refresh();
  };
  useEffect(() => {
    const id = focusAfterChange.current;
    if (!id) return;
    focusAfterChange.current = null;
    document.getElementById(id)?.focus();
  }, [status.enabled]);
  // Whichever of the card's first buttons is there once a dialog closes.
  const cardButton = () =>
    document.getElementById('two-factor-new-codes') ??
    document.getElementById('two-factor-turn-on');

  return (
    <section className="card settings-card" aria-labelledby="two-factor-card-title">
      <h2 id="two-factor-card-title" className="card__title">
        {intl.formatMessage(securityMessages.title)}
      </h2>
      {status.enabled ? (
        <>
          <div className="card__intro" data-testid="two-factor-state">
            {status.enabledAt ? (
              <p className="two-factor-state__line">
                {intl.formatMessage(securityMessages.onSince, {
                  date: intl.formatDate(String(status.enabledAt), DATE),
                })}
              </p>
            ) : null}
            <p className="two-factor-state__line">
              {intl.formatMessage(securityMessages.codesLeft, { count: status.recoveryCodesLeft })}
            </p>
          </div>
          {status.requiredByCompany ? (
            <p className="field__hint">{intl.formatMessage(securityMessages.required)}</p>
          ) : null}
          <div className="card__actions">
            <button
              type="button"
              id="two-factor-new-codes"
              className="button button--secondary"
              onClick={() => setDialog('codes')}
            >
              {intl.formatMessage(securityMessages.newCodes)}
            </button>
            {status.requiredByCompany ? null : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDialog('off')}
              >
                {intl.formatMessage(securityMessages.turnOff)}
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="card__intro" data-testid="two-factor-state">
            {intl.formatMessage(securityMessages.offText)}
          </p>
          <div className="card__actions">
            <button
              type="button"
              id="two-factor-turn-on"
              className="button button--primary"
              onClick={() => setDialog('enrol')}
            >
              {intl.formatMessage(securityMessages.turnOn)}
            </button>
          </div>
        </>
      )}
      <Modal
        isOpen={dialog === 'enrol'}
        onClose={close}
        focusOnClose={cardButton}
        title={intl.formatMessage(securityMessages.enrolTitle)}
      >
        <EnrolTwoFactor
          email={data.user.email ?? ''}
          onDone={() => {
            close();
            showToast({
              type: 'success',
              title: securityMessages.turnedOn,
              description: securityMessages.turnedOnText,
            });
            refreshAndFocus('two-factor-new-codes');
          }}
        />
      </Modal>
      <Modal
        isOpen={dialog === 'codes'}
        onClose={close}
        focusOnClose={cardButton}
        title={intl.formatMessage(securityMessages.newCodes)}
      >
        <NewRecoveryCodes
          email={data.user.email ?? ''}
          onDone={() => {
            close();
            void refresh();
          }}
        />
      </Modal>
      <Modal
        isOpen={dialog === 'off'}
        onClose={close}
        focusOnClose={cardButton}
        title={intl.formatMessage(securityMessages.turnOffTitle)}
        description={intl.formatMessage(securityMessages.turnOffText)}
      >
        <TurnOff
          onCancel={close}
          onDone={() => {
            close();
            showToast({ type: 'success', title: securityMessages.turnedOff });
            refreshAndFocus('two-factor-turn-on');
          }}
        />
      </Modal>
    </section>
  );
}

/** A refused code or password lands on its field; anything else is said under the form. */
function fieldFailure<TField extends string>(
  result: TAppError,
  setFieldError: (field: TField, message: TActionFailure) => void,
  fields: readonly TField[],
): TActionFailure | null {
  if (result.code === 'INVALID_CREDENTIALS' || result.code === 'VALIDATION') {
    const field = fields.find((name) => name === result.fields[0]?.field);
    if (field) {
      setFieldError(field, {
        descriptor:
          field === 'password' ? twoFactorMessages.wrongPassword : twoFactorMessages.wrongCode,
      });
      return null;
    }
  }
  return { text: result.message, code: result.code };
}

function NewRecoveryCodes({ email, onDone }: { email: string; onDone: () => void }) {
  const intl = useIntl();
  const [replace] = useReplaceRecoveryCodesMutation();
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const form = useForm({
    password: { required: true, max: 50 },
    code: { required: true, min: 6, max: 10 },
  });
  const submit = useAction(async (values: { password: string; code: string }) => {
    const { replaceRecoveryCodes: result } = await replace(values);
    if (result.__typename === 'MutationReplaceRecoveryCodesSuccess') {
      setCodes(result.data.recoveryCodes);
      return null;
    }
    if (result.__typename === 'AppError') {
      return fieldFailure(result, form.setFieldError, ['password', 'code']);
    }
    return { descriptor: commonMessages.genericError };
  });
  if (codes) return <RecoveryCodes codes={codes} email={email} onSaved={onDone} />;
  return (
    <form className="form" onSubmit={form.handleSubmit((v) => void submit.run(v))} noValidate>
      <p className="card__intro">{intl.formatMessage(securityMessages.newCodesText)}</p>
      <TextField
        {...form.bind('password')}
        type="password"
        label={intl.formatMessage(twoFactorMessages.password)}
        autoComplete="current-password"
        isRequired
        autoFocus
      />
      <TextField
        {...form.bind('code')}
        label={intl.formatMessage(twoFactorMessages.code)}
        autoComplete="one-time-code"
        isRequired
      />
      <ActionError failure={submit.failure} />
      <div className="form__actions">
        <PendingButton
          type="submit"
          isPending={submit.isPending}
          pendingLabel={intl.formatMessage(securityMessages.makingCodes)}
        >
          {intl.formatMessage(securityMessages.makeCodes)}
        </PendingButton>
      </div>
    </form>
  );
}

function TurnOff({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const intl = useIntl();
  const [disable] = useDisableTwoFactorMutation();
  const form = useForm({
    password: { required: true, max: 50 },
    code: { required: true, min: 6, max: 30 },
  });
  const submit = useAction(async (values: { password: string; code: string }) => {
    const { disableTwoFactor: result } = await disable(values);
    if (result.__typename === 'MutationDisableTwoFactorSuccess') {
      onDone();
      return null;
    }
    if (result.__typename === 'AppError')
      return fieldFailure(result, form.setFieldError, ['password', 'code']);
    return { descriptor: commonMessages.genericError };
  });
  return (
    <form className="form" onSubmit={form.handleSubmit((v) => void submit.run(v))} noValidate>
      <TextField
        {...form.bind('password')}
        type="password"
        label={intl.formatMessage(twoFactorMessages.password)}
        autoComplete="current-password"
        isRequired
        autoFocus
      />
      <TextField
        {...form.bind('code')}
        label={intl.formatMessage(securityMessages.turnOffCode)}
        autoComplete="one-time-code"
        isRequired
      />
      <ActionError failure={submit.failure} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton
          type="submit"
          className="button button--danger"
          isPending={submit.isPending}
          pendingLabel={intl.formatMessage(securityMessages.turningOff)}
        >
          {intl.formatMessage(securityMessages.turnOff)}
        </PendingButton>
      </div>
    </form>
  );
}
