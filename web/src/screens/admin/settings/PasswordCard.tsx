import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PASSWORD_LIMITS } from '../../../../../api/src/contract/limits.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages, validationMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { settingsMessages } from './messages.ts';
import { useChangePasswordMutation } from './useProfileMutations.ts';

/**
 * Changes the password: the current one, the new one twice. The server signs out every other
 * device; this one stays signed in, and the card says how many were signed out.
 */
export function PasswordCard() {
  const intl = useIntl();
  const [change] = useChangePasswordMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({
    currentPassword: { required: true },
    newPassword: { required: true, ...PASSWORD_LIMITS },
    confirmPassword: { required: true },
  });
  const submit = useAction(
    async (values: { currentPassword: string; newPassword: string; confirmPassword: string }) => {
      setNotice(null);
      if (values.confirmPassword !== values.newPassword) {
        form.setFieldError('confirmPassword', { descriptor: validationMessages.passwordsDiffer });
        return null;
      }
      const result = (
        await change({
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
        })
      ).changePassword;
      if (result.__typename === 'MutationChangePasswordSuccess') {
        form.reset();
        setNotice(
          intl.formatMessage(settingsMessages.passwordChanged, {
            count: result.data.signedOutSessions,
          }),
        );
        return null;
      }
      if (result.__typename === 'AppError') {
        if (form.setServerErrors(result.fields)) return null;
        return { text: result.message, code: result.code };
      }
      return { descriptor: commonMessages.genericError };
    },
  );

  return (
    <section className="card settings-card" aria-labelledby="password-card-title">
      <h2 id="password-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.passwordTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(settingsMessages.passwordIntro)}</p>
      <div aria-live="polite">
        {notice ? <p className="alert alert--success">{notice}</p> : null}
      </div>
      <form
        className="form"
        onSubmit={form.handleSubmit((values) => void submit.run(values))}
        noValidate
      >
        <TextField
          {...form.bind('currentPassword')}
          type="password"
          label={intl.formatMessage(settingsMessages.password)}
          autoComplete="current-password"
          isRequired
        />
        <TextField
          {...form.bind('newPassword')}
          type="password"
          label={intl.formatMessage(settingsMessages.newPassword)}
          hint={intl.formatMessage(settingsMessages.newPasswordHint, PASSWORD_LIMITS)}
          autoComplete="new-password"
          isRequired
        />
        <TextField
          {...form.bind('confirmPassword')}
          type="password"
          label={intl.formatMessage(settingsMessages.confirmPassword)}
          autoComplete="new-password"
          isRequired
        />
        <ActionError failure={submit.failure} />
        <div className="card__actions">
          <PendingButton
            type="submit"
            isPending={submit.isPending}
            pendingLabel={intl.formatMessage(settingsMessages.changingPassword)}
          >
            {intl.formatMessage(settingsMessages.changePassword)}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
