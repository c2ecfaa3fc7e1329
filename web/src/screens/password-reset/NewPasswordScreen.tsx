import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { TextField } from '../../forms/TextField.tsx';
import { useForm } from '../../forms/useForm.ts';
import { commonMessages, validationMessages } from '../../i18n/common-messages.ts';
import { showToast } from '../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../ui/PendingButton.tsx';
import { useAction } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BoardResetCard, useIsBoardReset } from './BoardResetCard.tsx';
import { resetMessages } from './messages.ts';
import { useSetNewPasswordMutation } from './usePasswordResetMutations.ts';

/**
 * /password-reset/new/{email}/{token}: new password twice; success goes to /login, or, for a
 * board's end user (`?for=board`), to a card that sends them back to the board to sign in.
 */
export function NewPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { email = '', token = '' } = useParams();
  const [setNewPassword] = useSetNewPasswordMutation();
  const isBoardReset = useIsBoardReset();
  const [isBoardDone, setIsBoardDone] = useState(false);
  const form = useForm({
    password: { required: true, min: 6, max: 50 },
    confirmPassword: { required: true, min: 6, max: 50 },
  });
  usePageTitle(resetMessages.newTitle);

  const save = useAction(async (password: string) => {
    const { setNewPassword: result } = await setNewPassword({
      email,
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
      navigate('/login', { replace: true, state: { email } });
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
      <p className="auth-card__intro">{intl.formatMessage(resetMessages.newIntro, { email })}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('password')}
          label={intl.formatMessage(resetMessages.newPassword)}
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
