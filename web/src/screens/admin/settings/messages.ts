import { defineMessages } from '../../../i18n/define-messages.ts';

export const settingsMessages = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Profile settings' },
  intro: {
    id: 'settings.intro',
    defaultMessage: 'Your account details and how Feedboard talks to you.',
  },
  accountTitle: { id: 'settings.account.title', defaultMessage: 'Account' },
  email: { id: 'settings.account.email', defaultMessage: 'Email' },
  emailHint: {
    id: 'settings.account.emailHint',
    defaultMessage: 'You log in with this address. It cannot be changed here.',
  },
  languageTitle: { id: 'settings.language.title', defaultMessage: 'Language' },
  languageIntro: {
    id: 'settings.language.intro',
    defaultMessage: 'The language of the console and of the emails we send you.',
  },
  language: { id: 'settings.language.label', defaultMessage: 'Interface language' },
  saving: { id: 'settings.language.saving', defaultMessage: 'Saving…' },
  passwordTitle: { id: 'settings.password.title', defaultMessage: 'Password' },
  password: { id: 'settings.password.label', defaultMessage: 'Current password' },
  passwordHint: {
    id: 'settings.password.hint',
    defaultMessage:
      'Changing the password from here is coming soon. Until then, use “Forgot your password?” on the login page.',
  },
  changePassword: { id: 'settings.password.change', defaultMessage: 'Change password' },
});
