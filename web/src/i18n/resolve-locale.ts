export const LOCALES = ['en-US', 'pl-PL'] as const;
export type TLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: TLocale = 'en-US';

/**
 * The interface language of a language value: the part before the dash decides (spec 1), so
 * `pl`, `pl-PL` and `pl-pl` all mean Polish. Unknown languages answer null.
 */
export function toLocale(language: string | null | undefined): TLocale | null {
  const base = language?.split('-')[0]?.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0] === base) ?? null;
}

/** The stored preference, else the browser's languages, else English. */
export function resolveLocale(stored: string | null, browserLanguages: readonly string[]): TLocale {
  return (
    toLocale(stored) ??
    browserLanguages.map(toLocale).find((locale) => locale !== null) ??
    DEFAULT_LOCALE
  );
}
