import { clearToasts } from '../toast/toast-store.ts';
import { setAuthToken } from './storage.ts';

const resetListeners = new Set<() => void>();

/**
 * Who drops cached data when the session changes: the Relay environment registers itself when
 * it loads (the pages before sign-in run without it).
 */
export function onSessionReset(listener: () => void): void {
  resetListeners.add(listener);
}

function resetEnvironment(): void {
  resetListeners.forEach((listener) => listener());
}

let navigate: (to: string) => void = (to) => window.location.assign(to);

/** The router's navigate, so that code outside React (the network layer) can redirect. */
export function setNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

/** After login: keep the token, start from an empty Relay store. */
export function startSession(token: string): void {
  setAuthToken(token);
  resetEnvironment();
}

/** Logout (spec 2): forget the token, the cached user, company and boards, and the toasts. */
export function endSession(): void {
  setAuthToken(null);
  resetEnvironment();
  clearToasts();
}

/**
 * A 401 from any call (spec 8): the token goes, and the user goes to /login?expired=true, where
 * the login page shows the "Session Expired" warning. Not when already on the login page.
 */
export function expireSession(): void {
  setAuthToken(null);
  resetEnvironment();
  if (!window.location.pathname.startsWith('/login')) navigate('/login?expired=true');
}
