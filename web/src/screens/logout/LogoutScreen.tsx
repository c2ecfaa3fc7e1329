import { useEffect, useRef } from 'react';
import { defineMessages } from '../../i18n/define-messages.ts';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../../session/session.ts';
import { getAuthToken } from '../../session/storage.ts';
import { showToast } from '../../toast/toast-store.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useLogoutMutation } from './useLogoutMutation.ts';

const messages = defineMessages({
  loggedOutTitle: { id: 'toast.loggedOut.title', defaultMessage: 'You are logged out' },
  loggedOutDescription: { id: 'toast.loggedOut.description', defaultMessage: 'See you soon!' },
});

/**
 * /logout: revokes the session, forgets the token and every cached record, goes to /login; with
 * `switchTo` (the account menu's "Switch company") to the sign-in of that company, the address
 * filled in.
 */
export function LogoutScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const switchTo = (location.state as { switchTo?: { slug: string; email: string } } | null)
    ?.switchTo;
  const [logout] = useLogoutMutation();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const finish = () => {
      endSession();
      // Switching company is no goodbye: the sign-in page says where it leads.
      if (!switchTo) {
        showToast({
          type: 'success',
          title: messages.loggedOutTitle,
          description: messages.loggedOutDescription,
        });
      }
      if (switchTo) {
        navigate(`/login?${new URLSearchParams({ company: switchTo.slug })}`, {
          replace: true,
          state: { email: switchTo.email },
        });
      } else {
        navigate('/login', { replace: true });
      }
    };
    // Signing out never fails for the user: the token is forgotten even if the server is down.
    if (getAuthToken()) logout({}).then(finish, finish);
    else finish();
    // Once, with the state it arrived with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [logout, navigate]);

  return <PageSpinner />;
}
