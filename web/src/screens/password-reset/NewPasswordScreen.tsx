import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { PASSWORD_LIMITS } from '../../../../api/src/contract/limits.ts';
import { commonMessages, validationMessages } from '../../i18n/common-messages.ts';
import { showToast } from '../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BoardResetCard, useIsBoardReset } from './BoardResetCard.tsx';
import { resetMessages } from './messages.ts';
import { useSetNewPasswordMutation } from './usePasswordResetMutations.ts';

/**
 * /password-reset/new/{token}: new password twice (the rule said beside it before the first
 * try); the account's address comes as the history entry's state from the link's check
 * (/password-reset/new/{email}/{token} of older links still works); success goes to /login, or, for a
 * board's end user (`?for=board`), to a card that sends them back to the board to sign in.
 */
export function NewPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const params = useParams();
  const { state } = useLocation() as { state: { email?: string } | null };
  const email = params.email ?? state?.email ?? null;
  const token = params.token ?? '';
  const [setNewPassword] = useSetNewPasswordMutation();
  const isBoardReset = useIsBoardReset();
  const [isBoardDone, setIsBoardDone] = useState(false);
  const form = useForm({
    password: { required: true, ...PASSWORD_LIMITS },
    confirmPassword: { required: true, ...PASSWORD_LIMITS },
  });
  usePageTitle(resetMessages.newTitle);

  const save = useAction(async (password: string) => {
    const { setNewPassword: result } = await setNewPassword({
      email: params.email ?? null,
      newPasswordToken: token,
      password,
    });
    if (result.__typename !== 'AppError' && isBoardReset) {
      setIsBoardDone(true);
      return null;
    }
    if (result.__typename !== 'AppError') {
      showToast({
        type: 'success',
        title: resetMessages.changedToastTitle,
        description: resetMessages.changedToastDescription,
      });
      navigate('/login', { replace: true, state: email ? { email } : null });
      return null;
    }
    if (form.setServerErrors(result.fields)) return null;
    return { descriptor: commonMessages.credentialsError };
  });
  const handleSave = form.handleSubmit(({ password, confirmPassword }) => {
    if (password !== confirmPassword) {
      form.setFieldError('confirmPassword', { descriptor: validationMessages.passwordsDiffer });
      return;
    }
    void save.run(password);
  });

  if (isBoardDone) {
    return (
      <BoardResetCard
        icon="check"
        title={{ descriptor: resetMessages.boardDoneTitle }}
        text={{ descriptor: resetMessages.boardDoneText }}
        hint={{ descriptor: resetMessages.boardDoneHint }}
        linksBoard
      />
    );
  }
  return (
    <section className="card auth-card" aria-labelledby="new-password-heading">
      <h1 id="new-password-heading" className="auth-card__title">
        {intl.formatMessage(resetMessages.newTitle)}
      </h1>
      <p className="auth-card__intro">
        {email
          ? intl.formatMessage(resetMessages.newIntro, { email })
          : intl.formatMessage(resetMessages.newIntroNoEmail)}
      </p>
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('password')}
          label={intl.formatMessage(resetMessages.newPassword)}
          hint={intl.formatMessage(resetMessages.passwordRule, PASSWORD_LIMITS)}
          type="password"
          autoComplete="new-password"
          isRequired
          autoFocus
        />
        <TextField
          {...form.bind('confirmPassword')}
          label={intl.formatMessage(resetMessages.confirmPassword)}
          type="password"
          autoComplete="new-password"
          isRequired
        />
        <ActionError failure={save.failure} />
        <PendingButton
          type="submit"
          className="button button--primary button--block"
          isPending={save.isPending}
        >
          {intl.formatMessage(resetMessages.newSubmit)}
        </PendingButton>
      </form>
      {isBoardReset ? null : (
        <p className="auth-card__switch">
          <Link to="/login" className="link">
            {intl.formatMessage(resetMessages.backToLogin)}
          </Link>
        </p>
      )}
    </section>
  );
}
