/** The widget's localStorage, which a third-party context may block: then nothing is kept. */

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // storage blocked (third-party context): it lasts for this page only
  }
}

/** Where the visitor's end-user session token for a server is kept. */
export const sessionKey = (baseUrl: string) => `feedboard:${baseUrl}:session`;
