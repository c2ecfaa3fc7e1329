import { useEffect, useRef } from 'react';
import { defineMessages } from '../../i18n/define-messages.ts';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../session/session.ts';
import { getAuthToken } from '../../session/storage.ts';
import { showToast } from '../../toast/toast-store.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useLogoutMutation } from './useLogoutMutation.ts';

const messages = defineMessages({
  loggedOutTitle: { id: 'toast.loggedOut.title', defaultMessage: 'You are logged out' },
  loggedOutDescription: { id: 'toast.loggedOut.description', defaultMessage: 'See you soon!' },
});

/** /logout: revokes the session, forgets the token and every cached record, goes to /login. */
export function LogoutScreen() {
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const finish = () => {
      endSession();
      showToast({
        type: 'success',
        title: messages.loggedOutTitle,
        description: messages.loggedOutDescription,
      });
      navigate('/login', { replace: true });
    };
    // Signing out never fails for the user: the token is forgotten even if the server is down.
    if (getAuthToken()) logout({}).then(finish, finish);
    else finish();
  }, [logout, navigate]);

  return <PageSpinner />;
}
