import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { Outlet } from 'react-router-dom';
import { useLocale } from '../i18n/locale.tsx';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';
import { Logo } from '../ui/Logo.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';

const messages = defineMessages({
  language: { id: 'auth.language', defaultMessage: 'Language' },
  tagline: {
    id: 'auth.tagline',
    defaultMessage: 'Collect feedback, prioritise ideas and tell your users what shipped.',
  },
});

/** Login, signup and password-reset pages: a centred card under the logo. */
export function AuthLayout() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <div className="auth">
      <header className="auth__header">
        <Logo />
        <p className="auth__tagline">{intl.formatMessage(messages.tagline)}</p>
      </header>
      <main className="auth__main" id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="auth__footer">
        <LanguageSelect
          label={intl.formatMessage(messages.language)}
          value={locale}
          onChange={setLocale}
          isLabelHidden
        />
      </footer>
    </div>
  );
}
