/** What the console keeps in localStorage: the session token, a referral code, the language. */
const AUTH_TOKEN_KEY = 'authToken';
const REFERRAL_CODE_KEY = 'referralCode';
const LANGUAGE_KEY = 'lang';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled (private mode): the session lasts as long as the page
  }
}

export const getAuthToken = (): string | null => read(AUTH_TOKEN_KEY);
export const setAuthToken = (token: string | null): void => write(AUTH_TOKEN_KEY, token);
export const getReferralCode = (): string | null => read(REFERRAL_CODE_KEY);
export const setReferralCode = (code: string): void => write(REFERRAL_CODE_KEY, code);
export const getStoredLanguage = (): string | null => read(LANGUAGE_KEY);
export const setStoredLanguage = (language: string): void => write(LANGUAGE_KEY, language);
