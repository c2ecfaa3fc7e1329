import { defineMessages } from '../../../i18n/define-messages.ts';

export const companySettingsMessages = defineMessages({
  title: { id: 'companySettings.title', defaultMessage: 'Company settings' },
  intro: {
    id: 'companySettings.intro',
    defaultMessage:
      'What your whole team shares: the company’s name, its public portal and terms of use, the team’s rules, and who may sign up through the widget and the portal.',
  },
  nameTitle: { id: 'companySettings.name.title', defaultMessage: 'Company' },
  nameIntro: {
    id: 'companySettings.name.intro',
    defaultMessage:
      'Your team, your customers and the public portal see this name. Public addresses stay as they are.',
  },
  name: { id: 'companySettings.name.label', defaultMessage: 'Company name' },
  nameHint: { id: 'companySettings.name.hint', defaultMessage: '{min} to {max} characters.' },
  profileLink: {
    id: 'companySettings.profileLink',
    defaultMessage:
      'Your own password, two-factor sign-in, language and notifications are in <link>Profile settings</link>.',
  },
});
