/**
 * The limits of a person's own profile, in one module: the server's zod schemas (ZPassword in
 * validation.ts, update-profile.ts, register-end-user.ts) and the console's profile form read
 * them, so the two never disagree.
 */

/** The name shown on ideas and comments (as a board's sign-up takes it). */
export const DISPLAY_NAME_LIMITS = { min: 2, max: 50 } as const;

/** An avatar is an http(s) address of at most this many characters (as SSO tokens' avatars). */
export const AVATAR_URL_MAX_LENGTH = 1000;

/** Passwords: the spec's 6 to 50 characters (section 5). */
export const PASSWORD_LIMITS = { min: 6, max: 50 } as const;
