import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { LanguageCard_user$key } from '../../../../__generated__/LanguageCard_user.graphql.ts';
import { toLocale, useLocale } from '../../../i18n/locale.tsx';
import type { TLocale } from '../../../i18n/locale.tsx';
import { toastSaved, toastSaveFailed } from '../../../toast/save-toasts.ts';
import { LanguageSelect } from '../../../ui/LanguageSelect.tsx';
import { settingsMessages } from './messages.ts';
import { useSetLanguageMutation } from './useSetLanguageMutation.ts';

/** The interface language: saved to the account as soon as it is picked. */
export function LanguageCard({ user }: { user: LanguageCard_user$key }) {
  const intl = useIntl();
  const { setLocale } = useLocale();
  const data = useFragment(
    graphql`
      fragment LanguageCard_user on User {
        id
        language
      }
    `,
    user,
  );
  const [saveLanguage, isSaving] = useSetLanguageMutation();
  const current = toLocale(data.language) ?? 'en-US';

  const handleChange = async (language: TLocale) => {
    try {
      const { setLanguage: result } = await saveLanguage({ language }, (store) => {
        store.get(data.id)?.setValue(language, 'language');
      });
      if (result.__typename === 'MutationSetLanguageSuccess') {
        setLocale(language);
        toastSaved();
        return;
      }
    } catch {
      // fall through to the toast
    }
    toastSaveFailed();
  };

  return (
    <section className="card settings-card" aria-labelledby="language-card-title">
      <h2 id="language-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.languageTitle)}
      </h2>
      <p className="card__intro">{intl.formatMessage(settingsMessages.languageIntro)}</p>
      <LanguageSelect
        label={intl.formatMessage(settingsMessages.language)}
        value={current}
        onChange={(language) => void handleChange(language)}
        isDisabled={isSaving}
      />
    </section>
  );
}
