import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { commonMessages } from '../../i18n/common-messages.ts';
import { showToast } from '../../toast/toast-store.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { failureOf } from '../../ui/useAction.ts';
import type { TActionFailure } from '../../ui/useAction.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BoardResetCard, useIsBoardReset } from './BoardResetCard.tsx';
import { resetMessages } from './messages.ts';
import { useCheckResetTokenMutation } from './usePasswordResetMutations.ts';

/**
 * /password-reset/{token}, the link in the mail (or /password-reset/{email}/{token}, as links
 * were mailed before they left the address out): trades the single-use token for a
 * new-password token, then goes to the new-password form (the link's query, `?for=board`, goes
 * along; the account's address as the history entry's state, never in the address bar); on
 * failure back to /login, or, for a board's end user, a card saying what to do.
 */
export function CheckResetTokenScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { search } = useLocation();
  const isBoardReset = useIsBoardReset();
  const { email, token = '' } = useParams();
  const [checkToken] = useCheckResetTokenMutation();
  const hasChecked = useRef(false);
  // A board end user's failure (null: none yet, or the link was checked).
  const [boardFailure, setBoardFailure] = useState<{
    isInvalid: boolean;
    failure: TActionFailure;
  } | null>(null);
  usePageTitle(resetMessages.title);

  useEffect(() => {
    // The token is single-use: check it once even when effects run twice (StrictMode).
    if (hasChecked.current) return;
    hasChecked.current = true;
    const fail = (error?: unknown) => {
      const failure = failureOf(error);
      if (isBoardReset) {
        setBoardFailure({ isInvalid: error === undefined, failure });
        return;
      }
      showToast({
        type: 'error',
        title: commonMessages.errorTitle,
        description: 'descriptor' in failure ? failure.descriptor : commonMessages.genericError,
        ...('values' in failure && failure.values ? { values: failure.values } : {}),
      });
      navigate('/login', { replace: true });
    };
    checkToken({ email: email ?? null, token }).then(({ checkPasswordResetToken: result }) => {
      if (result.__typename !== 'MutationCheckPasswordResetTokenSuccess') return fail();
      const path = `/password-reset/new/${encodeURIComponent(result.data.newPasswordToken)}${search}`;
      navigate(path, { replace: true, state: { email: result.data.email } });
    }, fail);
  }, [checkToken, email, token, navigate, search, isBoardReset]);

  if (boardFailure) {
    return boardFailure.isInvalid ? (
      <BoardResetCard
        icon="alert"
        title={{ descriptor: resetMessages.boardInvalidTitle }}
        text={{ descriptor: resetMessages.boardInvalidText }}
        hint={{ descriptor: resetMessages.boardInvalidHint }}
      />
    ) : (
      <BoardResetCard
        icon="alert"
        title={{ descriptor: commonMessages.errorTitle }}
        text={boardFailure.failure}
        hint={{ descriptor: resetMessages.boardRetryHint }}
      />
    );
  }
  return (
    <section className="card auth-card auth-card--centered">
      <Spinner label={intl.formatMessage(resetMessages.checking)} />
      <p aria-hidden="true">{intl.formatMessage(resetMessages.checking)}</p>
    </section>
  );
}
