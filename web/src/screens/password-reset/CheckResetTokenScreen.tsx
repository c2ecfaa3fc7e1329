import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.ts';
import { showToast } from '../../toast/toast-store.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { failureOf } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { resetMessages } from './messages.ts';
import { useCheckResetTokenMutation } from './usePasswordResetMutations.ts';

/**
 * /password-reset/{email}/{token}, the link in the mail: trades the single-use token for a
 * new-password token, then goes to the new-password form; on failure back to /login.
 */
export function CheckResetTokenScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { email = '', token = '' } = useParams();
  const [checkToken] = useCheckResetTokenMutation();
  const hasChecked = useRef(false);
  usePageTitle(resetMessages.title);

  useEffect(() => {
    // The token is single-use: check it once even when effects run twice (StrictMode).
    if (hasChecked.current) return;
    hasChecked.current = true;
    const fail = (error?: unknown) => {
      const failure = failureOf(error);
      showToast({
        type: 'error',
        title: commonMessages.errorTitle,
        description: 'descriptor' in failure ? failure.descriptor : commonMessages.genericError,
        ...('values' in failure && failure.values ? { values: failure.values } : {}),
      });
      navigate('/login', { replace: true });
    };
    checkToken({ email, token }).then(({ checkPasswordResetToken: result }) => {
      if (result.__typename !== 'MutationCheckPasswordResetTokenSuccess') return fail();
      const path = `/password-reset/new/${encodeURIComponent(email)}/${encodeURIComponent(
        result.data.newPasswordToken,
      )}`;
      navigate(path, { replace: true });
    }, fail);
  }, [checkToken, email, token, navigate]);

  return (
    <section className="card auth-card auth-card--centered">
      <Spinner label={intl.formatMessage(resetMessages.checking)} />
      <p aria-hidden="true">{intl.formatMessage(resetMessages.checking)}</p>
    </section>
  );
}
