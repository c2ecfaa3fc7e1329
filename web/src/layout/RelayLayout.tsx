import { useSyncExternalStore } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Outlet } from 'react-router-dom';
import { getEnvironment, subscribeEnvironment } from '../relay/environment.ts';

/**
 * Above the signed-in routes: the current Relay environment. A chunk of its own with Relay, so
 * that the sign-in pages load neither (issue 22).
 */
export function RelayLayout() {
  const environment = useSyncExternalStore(subscribeEnvironment, getEnvironment);
  return (
    <RelayEnvironmentProvider environment={environment}>
      <Outlet />
    </RelayEnvironmentProvider>
  );
}
