/**
 * Tells the site's developer, in the browser's console, why an embed cannot work as meant (an
 * unknown board hash, a private board and no SSO token, a refused token, SSO-only sign-up, a
 * server the page cannot reach). Visitors see a plain sentence in the widget instead; this is
 * the reason, in English, once per reason and page.
 */
const said = new Set<string>();

export function warn(message: string): void {
  const text = `Feedboard widget: ${message}`;
  if (said.has(text)) return;
  said.add(text);
  // eslint-disable-next-line no-console -- telling the site's developer is this function's job
  console.warn(text);
}

/** What the console's widget tab calls the place where a board's access is set. */
export const SETTINGS_HINT =
  'the board’s Settings › “Who can see this board” in the Feedboard console';

/** A JWT's shape (three base64url parts): anything else is a placeholder left in the snippet. */
export function looksLikeToken(value: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(value.trim());
}

/** Why a call failed, for the developer: a network or policy failure says where to look. */
export function unreachable(root: string): string {
  const origin = (() => {
    try {
      return new URL(root).origin;
    } catch {
      return root;
    }
  })();
  return `could not reach ${root}. Check data-base-url, and that this page's Content-Security-Policy allows connect-src ${origin} (and script-src ${origin} for widget.js).`;
}
