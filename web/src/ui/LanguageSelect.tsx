import { useId } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { LOCALES } from '../i18n/locale.tsx';
import type { TLocale } from '../i18n/locale.tsx';

export const languageNames = defineMessages({
  'en-US': { id: 'language.enUS', defaultMessage: 'English' },
  'pl-PL': { id: 'language.plPL', defaultMessage: 'Polski (Polish)' },
});

/** A labelled native select of the interface languages. */
export function LanguageSelect({
  label,
  value,
  onChange,
  isDisabled = false,
  isLabelHidden = false,
}: {
  label: ReactNode;
  value: TLocale;
  onChange: (locale: TLocale) => void;
  isDisabled?: boolean;
  isLabelHidden?: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field field--select">
      <label className={isLabelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={value}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value as TLocale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {intl.formatMessage(languageNames[locale])}
          </option>
        ))}
      </select>
    </div>
  );
}
