import { looksLikeToken, warn } from './warn.ts';

/**
 * The SSO token the customer's own server makes for its signed-in user, read from the address
 * the container names (data-sso-token-url, e.g. /feedboard-sso-token on the customer's site),
 * with the page's cookies when it is the page's own origin. The endpoint answers `{"token":
 * "…"}` (or the token as plain text) for a signed-in user, and 401, 403 or 204 for a visitor who
 * is not: then the widget shows the board as to anyone, and nothing is wrong. Anything else is
 * told to the developer (console.warn) and the widget carries on without a token.
 */
export async function fetchSsoToken(url: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json, text/plain' },
    });
  } catch {
    warn(
      `could not fetch the SSO token from ${url} (data-sso-token-url). Check the address, and that this page's Content-Security-Policy allows connect-src to it. The widget shows the board as to a signed-out visitor.`,
    );
    return null;
  }
  if (response.status === 401 || response.status === 403 || response.status === 204) return null;
  if (!response.ok) {
    warn(
      `${url} (data-sso-token-url) answered HTTP ${response.status}${
        response.status === 404 ? ': your server does not serve the SSO token there yet' : ''
      }. Make it answer {"token": "…"} for the signed-in user (the console's Widget tab, “With SSO”, step 3) and 401 for a visitor who is not signed in. The widget shows the board as to a signed-out visitor.`,
    );
    return null;
  }
  const text = (await response.text().catch(() => '')).trim();
  let token = text;
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as { token?: unknown };
      token = typeof json.token === 'string' ? json.token : '';
    } catch {
      token = '';
    }
  }
  if (!token) return null;
  if (!looksLikeToken(token)) {
    warn(
      `${url} (data-sso-token-url) answered something that is not an SSO token (a JWT): answer {"token": "…"} with the token your server signs with the company secret.`,
    );
    return null;
  }
  return token;
}
