import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import enUS from '../../i18n/en-US.json' with { type: 'json' };
import { getStoredLanguage, setStoredLanguage } from '../session/storage.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { DEFAULT_LOCALE, resolveLocale } from './resolve-locale.ts';
import type { TLocale } from './resolve-locale.ts';

export { LOCALES, toLocale } from './resolve-locale.ts';
export type { TLocale } from './resolve-locale.ts';

type TMessages = Record<string, string>;

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
