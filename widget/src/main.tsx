/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './App.tsx';
import { Changelog } from './Changelog.tsx';
import { visitorLocale } from './i18n.ts';
import { adoptStyles } from './styles.ts';
import { looksLikeToken, warn } from './warn.ts';

const script = document.currentScript as HTMLScriptElement | null;
// What the script tag's data-mode asks of containers that name none ("changelog": what's new).
const scriptMode = script?.dataset.mode;

// Where this script came from: the default server when a container names no data-base-url.
const scriptOrigin = (() => {
  try {
    return script?.src ? new URL(script.src).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
})();

/**
 * The SSO token a link to the portal carries in its fragment (`#sso-token=JWT`: a fragment never
 * reaches a server, a log or a cache), taken out of the address bar once read so it is neither
 * bookmarked nor shared. Only portal pages (data-portal) read it: a host site's own fragment is
 * its business.
 */
function takePortalSsoToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('sso-token');
  if (!token) return null;
  fragment.delete('sso-token');
  const rest = fragment.toString();
  const { pathname, search } = window.location;
  window.history.replaceState(
    window.history.state,
    '',
    `${pathname}${search}${rest ? `#${rest}` : ''}`,
  );
  return token;
}

/**
 * The container's data-sso-token, when it holds a token: a placeholder left in a pasted snippet
 * (or a server template that rendered nothing) is no token, so the widget shows the board as to
 * a signed-out visitor and tells the developer why, rather than failing a sign-in.
 */
function containerToken(host: HTMLElement): string | null {
  const value = host.dataset.ssoToken?.trim();
  if (!value) return null;
  if (looksLikeToken(value)) return value;
  warn(
    `data-sso-token="${value.slice(0, 60)}" is not an SSO token (a JWT made on your server with the company secret), so the widget shows the board as to a signed-out visitor. Put the token your server makes for the signed-in user there, or name the address that answers it in data-sso-token-url.`,
  );
  return null;
}

let isWatchingPolicy = false;

/**
 * The page's Content-Security-Policy blocking the widget's calls to its server: the developer
 * reads which directive to widen (the visitor sees that the board could not be loaded).
 */
function watchPolicy(baseUrl: string): void {
  if (isWatchingPolicy) return;
  isWatchingPolicy = true;
  const origin = (() => {
    try {
      return new URL(baseUrl).origin;
    } catch {
      return baseUrl;
    }
  })();
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!event.blockedURI.startsWith(origin)) return;
    warn(
      `this page's Content-Security-Policy (${event.effectiveDirective}) blocks ${event.blockedURI}: add ${origin} to ${event.effectiveDirective} so the widget can reach its server.`,
    );
  });
}

/**
 * Renders the board into a container carrying data-board-hash (and optionally data-base-url,
 * data-sso-token, data-sso-token-url (where the customer's server answers the signed-in user's
 * token, when the container carries none), data-idea-id, an idea to open first, data-portal, a portal page that takes its
 * SSO token from the address's fragment and keeps the session, and data-mode: "changelog" shows the
 * board's latest releases instead, the "what's new" list; the script tag's own data-mode is the
 * default for containers that name none; data-language, "en" or "pl", the visitor's language when
 * the page's own lang and the browser's would not do), inside a shadow root: the
 * container's own children (the portal's server-rendered page) show until then. Mounting the
 * same container twice does nothing.
 */
export function mount(host: HTMLElement): void {
  const boardHash = host.dataset.boardHash;
  if (!boardHash || host.shadowRoot) return;
  const root = host.attachShadow({ mode: 'open' });
  // What the container held (the portal's server-rendered page, a site's placeholder) no longer
  // shows under the shadow root: drop it, so the page has one copy of each idea.
  host.replaceChildren();
  adoptStyles(root);
  const baseUrl = host.dataset.baseUrl || scriptOrigin;
  const isPortal = host.dataset.portal !== undefined;
  const ssoToken = containerToken(host) || (isPortal ? takePortalSsoToken() : null);
  watchPolicy(baseUrl);
  const locale = visitorLocale(
    [host.dataset.language, script?.dataset.language],
    document.documentElement.lang,
    navigator.languages ?? [navigator.language],
  );
  render(
    (host.dataset.mode || scriptMode) === 'changelog' ? (
      <Changelog baseUrl={baseUrl} boardHash={boardHash} ssoToken={ssoToken} locale={locale} />
    ) : (
      <App
        baseUrl={baseUrl}
        boardHash={boardHash}
        ssoToken={ssoToken}
        ssoTokenUrl={host.dataset.ssoTokenUrl || null}
        ideaId={Number(host.dataset.ideaId) || null}
        keepsSsoSession={isPortal}
        isInPortal={isPortal}
        locale={locale}
      />
    ),
    root,
  );
}

/** Mounts every widget container on the page. */
export function mountAll(): void {
  document.querySelectorAll<HTMLElement>('[data-board-hash]').forEach(mount);
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', mountAll, { once: true });
} else {
  mountAll();
}
