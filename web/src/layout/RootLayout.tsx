import { useEffect, useSyncExternalStore } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Outlet, useNavigate } from 'react-router-dom';
import { getEnvironment, subscribeEnvironment } from '../relay/environment.ts';
import { setNavigate } from '../session/session.ts';
import { ToastViewport } from '../toast/ToastViewport.tsx';

/** Above every route: the current Relay environment, the toasts, and navigation for non-React code. */
export function RootLayout() {
  const environment = useSyncExternalStore(subscribeEnvironment, getEnvironment);
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => void navigate(to)), [navigate]);
  return (
    <RelayEnvironmentProvider environment={environment}>
      <Outlet />
      <ToastViewport />
    </RelayEnvironmentProvider>
  );
}
