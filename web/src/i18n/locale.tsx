import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { getStoredLanguage, setStoredLanguage } from '../session/storage.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { DEFAULT_LOCALE, resolveLocale, toLocale } from './resolve-locale.ts';
import type { TLocale } from './resolve-locale.ts';

export { LOCALES, toLocale } from './resolve-locale.ts';
export type { TLocale } from './resolve-locale.ts';

type TMessages = Record<string, string>;

/** The spinner's label while the catalogue loads (before react-intl can say it in a language). */
const BOOT_LABEL = 'Loading…';

/**
 * English is the messages' own defaultMessage (en-US.json is extracted from them), so only
 * another language downloads a catalogue: the console's first page carries none (issue 22).
 */
async function loadMessages(locale: TLocale): Promise<TMessages> {
  if (locale === 'pl-PL') {
    return (await import('../../i18n/pl-PL.json', { with: { type: 'json' } })).default;
  }
  return {};
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
  // A mailed link's `?lang=` (a password reset's: the mail's language) wins for this visit,
  // without replacing the stored preference of whoever used the console on this browser.
  const [locale, setLocaleState] = useState<TLocale>(
    () =>
      toLocale(new URLSearchParams(window.location.search).get('lang')) ??
      resolveLocale(getStoredLanguage(), navigator.languages ?? [navigator.language]),
  );
  const [catalogue, setCatalogue] = useState<{ locale: TLocale; messages: TMessages } | null>(null);

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
        <Spinner label={BOOT_LABEL} />
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
