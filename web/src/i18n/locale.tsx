import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import enUS from '../../i18n/en-US.json' with { type: 'json' };
import { getStoredLanguage, setStoredLanguage } from '../session/storage.ts';
import { Spinner } from '../ui/Spinner.tsx';

export const LOCALES = ['en-US', 'pl-PL'] as const;
export type TLocale = (typeof LOCALES)[number];
type TMessages = Record<string, string>;

const DEFAULT_LOCALE: TLocale = 'en-US';

/**
 * The interface language of a language value: the part before the dash decides (spec 1), so
 * `pl`, `pl-PL` and `pl-pl` all mean Polish. Unknown languages answer null.
 */
export function toLocale(language: string | null | undefined): TLocale | null {
  const base = language?.split('-')[0]?.toLowerCase();
  return LOCALES.find((locale) => locale.split('-')[0] === base) ?? null;
}

/** The stored preference, else the browser's languages, else English. */
export function resolveLocale(
  stored: string | null,
  browserLanguages: readonly string[],
): TLocale {
  return (
    toLocale(stored) ??
    browserLanguages.map(toLocale).find((locale) => locale !== null) ??
    DEFAULT_LOCALE
  );
}

async function loadMessages(locale: TLocale): Promise<TMessages> {
  if (locale === 'pl-PL') {
    return (await import('../../i18n/pl-PL.json', { with: { type: 'json' } })).default;
  }
  return enUS as TMessages;
}

type TLocaleContext = { locale: TLocale; setLocale: (locale: TLocale) => void };

const LocaleContext = createContext<TLocaleContext>({
  locale: DEFAULT_LOCALE,
  setLocale: () => {},
});

export function useLocale(): TLocaleContext {
  return useContext(LocaleContext);
}

/** Resolves the language, loads its catalogue (a spinner meanwhile) and provides react-intl. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<TLocale>(() =>
    resolveLocale(getStoredLanguage(), navigator.languages ?? [navigator.language]),
  );
  const [catalogue, setCatalogue] = useState<{ locale: TLocale; messages: TMessages } | null>(
    null,
  );

  useEffect(() => {
    let isCurrent = true;
    void loadMessages(locale).then((messages) => {
      if (isCurrent) setCatalogue({ locale, messages });
    });
    document.documentElement.lang = locale;
    return () => {
      isCurrent = false;
    };
  }, [locale]);

  const setLocale = useCallback((next: TLocale) => {
    setStoredLanguage(next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  if (!catalogue) {
    return (
      <div className="boot">
        <Spinner label={(enUS as TMessages)['common.loading'] ?? ''} />
      </div>
    );
  }
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={catalogue.locale}
        messages={catalogue.messages}
        defaultLocale={DEFAULT_LOCALE}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
