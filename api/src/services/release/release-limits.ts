/**
 * A release's field limits, shared by the server's validation (release-input.ts) and the
 * console's form, so the two never disagree. No imports: the console bundles this file.
 */
export const RELEASE_NAME_MAX = 16;
/** The most characters a release's Markdown body may have. */
export const RELEASE_BODY_MAX = 20_000;
/** The longest cover image address. */
export const RELEASE_COVER_URL_MAX = 2_000;
export const RELEASE_LABELS = ['NEW', 'IMPROVED', 'FIXED'] as const;
export type TReleaseLabel = (typeof RELEASE_LABELS)[number];
